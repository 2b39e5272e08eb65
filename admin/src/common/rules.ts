import type { FieldRule } from '@shared/rules/form';
import type { Validator } from 'react-admin';

/**
 * A shared rule as a react-admin validator. Marked required when the form must show an asterisk
 * (react-admin reads `isRequired` off the validator).
 */
export function rule(fieldRule: FieldRule, required = false): Validator {
  const validator = ((value: unknown, values: Record<string, unknown>) =>
    fieldRule(value, values ?? {})) as Validator & {
    isRequired?: boolean;
  };
  validator.isRequired = required;
  return validator;
}
