/**
 * The sign-in and forgot-password checks, made of the shared messages and field rules. They avoid
 * the shared account module because it carries the common-password list (about 400 kB) that only
 * new passwords need; the sign-up and reset pages load it on demand.
 */
import { LIMITS } from '@shared/limits';
import { ADMIN_FORGOT_PASSWORD_MESSAGES, ADMIN_LOGIN_MESSAGES } from '@shared/rules/account-messages';
import { email, type FieldRule } from '@shared/rules/form';

const emailOf = (m: { required: string; emailMax: string; emailInvalid: string }) =>
  email({ required: m.required, tooLong: m.emailMax, invalid: m.emailInvalid }, LIMITS.email.max);

const currentPassword: FieldRule<unknown> = (value) => {
  if (typeof value !== 'string' || value === '') return ADMIN_LOGIN_MESSAGES.required;
  return value.length > LIMITS.password.max ? ADMIN_LOGIN_MESSAGES.passwordMax : undefined;
};

export const SIGN_IN_RULES = { email: emailOf(ADMIN_LOGIN_MESSAGES), password: currentPassword };
export const FORGOT_RULES = { email: emailOf(ADMIN_FORGOT_PASSWORD_MESSAGES) };
