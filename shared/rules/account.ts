/**
 * Account forms as records of field rules, keyed by the form's field names (the API's names,
 * except login, whose e-mail travels as `username`). The server DTOs apply these same rules.
 */
import { LIMITS } from '../limits';
import {
  ADMIN_FORGOT_PASSWORD_MESSAGES,
  ADMIN_LOGIN_MESSAGES,
  ADMIN_SIGN_UP_MESSAGES,
  CHANGE_PASSWORD_MESSAGES,
  FORGOT_PASSWORD_MESSAGES,
  LOGIN_MESSAGES,
  PROFILE_MESSAGES,
  RESET_PASSWORD_MESSAGES,
  SIGN_UP_MESSAGES,
} from './account-messages';
import { isCommonPassword } from './common-password';
import { email, FieldRule, optional, phone, text, whenSent, withLimits } from './form';

export * from './account-messages';

const emailOf = (m: { required: string; emailMax: string; emailInvalid: string }) =>
  email({ required: m.required, tooLong: m.emailMax, invalid: m.emailInvalid }, LIMITS.email.max);

/** A password being typed to sign in: given, and not longer than any password can be. */
const currentPassword = (m: { required: string; passwordMax: string }): FieldRule<unknown> =>
  withLimits(
    (value) => {
      if (typeof value !== 'string' || value === '') return m.required;
      return value.length > LIMITS.password.max ? m.passwordMax : undefined;
    },
    { maxLength: LIMITS.password.max },
  );

/** A new password: 8 to 128 characters (spaces count), and not a commonly used one. */
const newPassword = (m: {
  required: string;
  passwordMin: string;
  passwordMax: string;
  passwordCommon: string;
}): FieldRule<unknown> =>
  withLimits(
    (value) => {
      if (typeof value !== 'string' || value === '') return m.required;
      if (value.length < LIMITS.password.min) return m.passwordMin;
      if (value.length > LIMITS.password.max) return m.passwordMax;
      return isCommonPassword(value) ? m.passwordCommon : undefined;
    },
    { minLength: LIMITS.password.min, maxLength: LIMITS.password.max },
  );

/** The confirmation repeats the `password` field of the same form (the only other field it reads). */
const confirmation =
  (m: { required: string; mismatch: string }): FieldRule<{ password?: unknown }> =>
  (value, values) => {
    if (typeof value !== 'string' || value === '') return m.required;
    return value === values.password ? undefined : m.mismatch;
  };

const name = (required: string, invalid: string, tooLong: string) =>
  text({ required, invalid, tooLong }, LIMITS.profileName.max);

const profilePhone = (m: { required?: string; invalid: string }) => {
  const rule = phone(
    { required: m.required ?? m.invalid, invalid: m.invalid, notText: m.required ?? m.invalid },
    LIMITS.phone.profile.min,
    LIMITS.phone.profile.max,
  );
  return m.required ? rule : optional(rule);
};

export const LOGIN_RULES = {
  email: emailOf(LOGIN_MESSAGES),
  password: currentPassword(LOGIN_MESSAGES),
};

export const ADMIN_LOGIN_RULES = {
  email: emailOf(ADMIN_LOGIN_MESSAGES),
  password: currentPassword(ADMIN_LOGIN_MESSAGES),
};

const S = SIGN_UP_MESSAGES;
export const SIGN_UP_RULES = {
  first_name: name(S.required, S.firstNameInvalid, S.firstNameMax),
  last_name: name(S.required, S.lastNameInvalid, S.lastNameMax),
  email: emailOf(S),
  phone: profilePhone({ required: S.required, invalid: S.phoneInvalid }),
  password: newPassword(S),
  confirm_password: confirmation({ required: S.required, mismatch: S.passwordsMismatch }),
};

const A = ADMIN_SIGN_UP_MESSAGES;
/** The phone is asked for by the form's hint, not required by the rules. */
export const ADMIN_SIGN_UP_RULES = {
  first_name: name(A.firstNameRequired, A.firstNameInvalid, A.firstNameMax),
  last_name: name(A.lastNameRequired, A.lastNameInvalid, A.lastNameMax),
  email: email({ required: A.emailRequired, tooLong: A.emailMax, invalid: A.emailInvalid }, LIMITS.email.max),
  phone: profilePhone({ invalid: A.phoneInvalid }),
  password: newPassword({ ...A, required: A.passwordRequired }),
  confirm_password: confirmation({ required: A.confirmRequired, mismatch: A.passwordsMismatch }),
};

export const FORGOT_PASSWORD_RULES = { email: emailOf(FORGOT_PASSWORD_MESSAGES) };
export const ADMIN_FORGOT_PASSWORD_RULES = { email: emailOf(ADMIN_FORGOT_PASSWORD_MESSAGES) };

const R = RESET_PASSWORD_MESSAGES;
export const RESET_PASSWORD_RULES = {
  password: newPassword(R),
  confirm_password: confirmation({ required: R.required, mismatch: R.passwordsMismatch }),
};

const P = PROFILE_MESSAGES;
/** The e-mail is read-only: the form shows it, the server accepts it back only unchanged. */
export const PROFILE_RULES = {
  first_name: name(P.firstNameRequired, P.firstNameInvalid, P.firstNameMax),
  last_name: name(P.lastNameRequired, P.lastNameInvalid, P.lastNameMax),
  email: email({ required: P.emailInvalid, invalid: P.emailInvalid }, LIMITS.email.max),
  phone: profilePhone({ invalid: P.phoneInvalid }),
};

/** The server's profile update: an absent e-mail is fine (it cannot change anyway). */
export const PROFILE_UPDATE_RULES = { ...PROFILE_RULES, email: whenSent(PROFILE_RULES.email) };

const C = CHANGE_PASSWORD_MESSAGES;
export const CHANGE_PASSWORD_RULES = {
  current_password: currentPassword(C),
  new_password: newPassword(C),
};
