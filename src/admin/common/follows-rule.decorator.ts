import { ValidateBy, ValidationOptions } from 'class-validator';
import { FieldRule } from '../../shared/rules/admin-fields';

/**
 * Validates a DTO property with one of the shared form rules (src/shared/rules), so the server
 * answers with exactly the message the back-office shows. The rule also sees the whole object,
 * for cross-field checks such as "discount below price".
 */
export function FollowsRule(rule: FieldRule, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'followsRule',
      validator: {
        validate: (value, args) => !rule(value, (args?.object ?? {}) as Record<string, unknown>),
        defaultMessage: (args) => rule(args?.value, (args?.object ?? {}) as Record<string, unknown>) ?? 'Invalid value.',
      },
    },
    options,
  );
}
