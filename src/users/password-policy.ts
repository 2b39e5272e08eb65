import { ValidationOptions, registerDecorator } from 'class-validator';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.data';

let common: Set<string> | null = null;

/** True for a password found (case-insensitively) in the list of commonly used passwords. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean));
  return common.has(password.toLowerCase());
}

/** class-validator rule: refuses passwords from the common-passwords list. */
export function IsNotCommonPassword(options: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isNotCommonPassword',
      target: target.constructor,
      propertyName,
      options,
      validator: { validate: (value: unknown) => typeof value !== 'string' || !isCommonPassword(value) },
    });
}
