import { ValidateBy, ValidationOptions } from 'class-validator';
import type { FieldRule } from '../../../shared/rules/form';

/**
 * Checks a DTO property with a field rule of shared/rules, so the server runs exactly the
 * rules the site and the back-office run and answers with their messages in `errors`. The rule
 * sees the whole (already transformed) body for cross-field checks, and decides itself whether
 * an absent value is allowed.
 */
export function FollowsRule(rule: FieldRule<never>, options?: ValidationOptions): PropertyDecorator {
  const check = rule as FieldRule<object>;
  return ValidateBy(
    {
      name: 'followsRule',
      validator: {
        validate: (value, args) => !check(value, args?.object ?? {}),
        defaultMessage: (args) => check(args?.value, args?.object ?? {}) ?? 'Invalid value.',
      },
    },
    options,
  );
}
