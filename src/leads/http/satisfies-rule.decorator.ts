import { ValidateBy, ValidationOptions } from 'class-validator';

/** A shared rule from src/shared/rules: returns the message to show, or null when valid. */
export type Rule = (value: unknown) => string | null;

/**
 * Binds a shared framework-free rule to a DTO property, so the server answers with exactly the
 * messages the site shows. The rule also decides what "absent" means (required or optional).
 */
export function SatisfiesRule(rule: Rule, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: `rule:${rule.name || 'shared'}`,
      validator: {
        validate: (value: unknown) => rule(value) === null,
        defaultMessage: (args) => rule(args?.value) ?? 'Invalid value.',
      },
    },
    options,
  );
}

/** class-transformer helper: trims strings, leaves other values alone. */
export function trimString({ value }: { value: unknown }): unknown {
  return typeof value === 'string' ? value.trim() : value;
}
