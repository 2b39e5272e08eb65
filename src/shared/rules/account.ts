/**
 * Account rules and messages (SPEC section 5: login, sign-up, admin login and sign-up, forgot and
 * reset password, profile). Pure TypeScript: the server DTOs, the site and the back-office use the
 * same texts. Public-site texts are Spanish, admin-shell texts English, as in the spec.
 */
import { LIMITS } from '../limits';

/** The x@y.z shape the forms check; the server also caps the length at 320. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits only, between 2 and 15 of them (profile and sign-up phone). */
export const PROFILE_PHONE_PATTERN = /^\d{2,15}$/;

export const LOGIN_MESSAGES = {
  required: 'Por favor, complete todos los campos requeridos.',
  emailMax: 'El correo electrónico no puede exceder los 320 caracteres.',
  emailInvalid: 'Por favor, ingrese una dirección de correo electrónico válida.',
  passwordMax: 'La contraseña no puede exceder los 128 caracteres.',
} as const;

export const ADMIN_LOGIN_MESSAGES = {
  required: 'Please fill out all required fields.',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  emailMax: 'Email cannot exceed 320 characters.',
  emailInvalid: 'Please enter a valid email address.',
  passwordMax: 'Password cannot exceed 128 characters.',
} as const;

export const SIGN_UP_MESSAGES = {
  required: 'Por favor, complete todos los campos.',
  emailMax: LOGIN_MESSAGES.emailMax,
  emailInvalid: LOGIN_MESSAGES.emailInvalid,
  passwordMax: LOGIN_MESSAGES.passwordMax,
  passwordMin: 'La contraseña debe tener al menos 8 caracteres.',
  passwordCommon: 'Esta contraseña es demasiado común. Por favor, elija una más segura.',
  passwordsMismatch: 'Las contraseñas no coinciden.',
  firstNameMax: 'El nombre no puede exceder los 30 caracteres.',
  lastNameMax: 'El apellido no puede exceder los 30 caracteres.',
  phoneInvalid: 'El teléfono debe contener solo números, entre 2 y 15 dígitos.',
} as const;

export const ADMIN_SIGN_UP_MESSAGES = {
  required: 'Please fill out all fields.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone number is required',
  passwordRequired: 'Password is required',
  confirmRequired: 'Confirming the password is required',
  emailMax: ADMIN_LOGIN_MESSAGES.emailMax,
  emailInvalid: ADMIN_LOGIN_MESSAGES.emailInvalid,
  passwordMax: ADMIN_LOGIN_MESSAGES.passwordMax,
  passwordMin: 'Password must be at least 8 characters long.',
  passwordCommon: 'This password is too common. Please choose a less predictable one.',
  passwordsMismatch: 'Passwords do not match.',
  firstNameMax: 'First name cannot exceed 30 characters',
  lastNameMax: 'Last name cannot exceed 30 characters',
  phoneInvalid: 'Phone number must contain only numbers and be between 2 and 15 digits',
} as const;

export const FORGOT_PASSWORD_MESSAGES = {
  required: 'Por favor, ingresa tu dirección de correo electrónico.',
  emailMax: LOGIN_MESSAGES.emailMax,
  emailInvalid: LOGIN_MESSAGES.emailInvalid,
} as const;

export const ADMIN_FORGOT_PASSWORD_MESSAGES = {
  required: 'Please enter your email address.',
  emailMax: ADMIN_LOGIN_MESSAGES.emailMax,
  emailInvalid: ADMIN_LOGIN_MESSAGES.emailInvalid,
} as const;

export const RESET_PASSWORD_MESSAGES = {
  required: 'All fields are required.',
  passwordMin: 'Password must be at least 8 characters long.',
  passwordMax: 'Password cannot exceed 128 characters.',
  passwordCommon: 'This password is too common. Please choose a less predictable one.',
  passwordsMismatch: 'Passwords do not match.',
} as const;

export const PROFILE_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  firstNameMax: 'First name cannot exceed 30 characters',
  lastNameMax: 'Last name cannot exceed 30 characters',
  emailInvalid: 'Valid email is required',
  emailReadOnly: 'Email cannot be changed.',
  phoneInvalid: 'Phone number must contain only numbers and be between 2 and 15 digits',
} as const;

export const CHANGE_PASSWORD_MESSAGES = {
  required: 'All fields are required.',
  passwordMin: RESET_PASSWORD_MESSAGES.passwordMin,
  passwordMax: RESET_PASSWORD_MESSAGES.passwordMax,
  passwordCommon: RESET_PASSWORD_MESSAGES.passwordCommon,
  currentWrong: 'Current password is incorrect.',
  sameAsCurrent: 'The new password must be different from the current one.',
} as const;

/** Texts of the server's answers that the clients show (section 8 maps statuses to some of them). */
export const ACCOUNT_MESSAGES = {
  emailTaken: 'An account with this email already exists. Please use another email.',
  signUpDone: 'Account created. We sent you a verification email: check your inbox (and spam folder).',
  adminOnlyCreatesAdmins: 'Only an administrator can create admin accounts.',
  adminSignUpDone: 'Admin account created.',
  verificationMailFailed: 'We could not send the verification email. Please try again in a few minutes.',
  verified: 'Your email has been verified. You can now log in.',
  verificationInvalid: 'The verification link is invalid or has expired.',
  loginWrongPassword: 'Email or password is incorrect. Please try again.',
  loginUnknownEmail: 'No account found with this email. Please check and try again.',
  loginUnverified: 'Please verify your email before logging in.',
  loginLocked: 'Too many failed login attempts for this account. Please try again in 15 minutes.',
  adminLoginWrong: 'Invalid email or password.',
  adminLoginNotAdmin: 'This account does not have access to the admin area. Please use the customer login.',
  adminLoginDone: 'Login successful.',
  refreshInvalid: 'The refresh token is invalid or has expired.',
  refreshLimited: 'Too many token refreshes for this account. Please try again later.',
  loggedOut: 'You have been logged out.',
  resetRequested: 'If an account exists for this email, we have sent a link to reset the password.',
  resetMailFailed: 'We could not send the password reset email. Please try again in a few minutes.',
  resetLinkValid: 'The reset link is valid. Please choose a new password.',
  resetLinkInvalid: 'The reset link is invalid or has expired.',
  resetDone: 'Your password has been reset. You can now log in with the new password.',
  csrfFailed: 'CSRF token missing or incorrect. Reload the page and try again.',
  profileForbidden: 'You can only access your own profile.',
  profileUpdated: 'Profile updated.',
  passwordChanged: 'Your password has been changed. Other sessions have been signed out.',
  userNotFound: 'User not found.',
} as const;

export type FieldErrors = Record<string, string>;

const blank = (v: unknown): boolean => typeof v !== 'string' || v.trim() === '';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Keeps the digits of a phone typed with spaces, dashes, dots, brackets or a leading +. */
export function normalizePhone(phone: string): string {
  return /^[\d\s().+-]*$/.test(phone) ? phone.replace(/\D/g, '') : phone.trim();
}

export function emailProblem(
  email: string,
  m: { required: string; emailMax: string; emailInvalid: string },
): string | null {
  if (blank(email)) return m.required;
  if (email.trim().length > LIMITS.email.max) return m.emailMax;
  if (!EMAIL_PATTERN.test(email.trim())) return m.emailInvalid;
  return null;
}

/** Length rule for a new password (8 to 128 on every path). */
export function newPasswordProblem(
  password: string,
  m: { required: string; passwordMin: string; passwordMax: string },
): string | null {
  if (typeof password !== 'string' || password === '') return m.required;
  if (password.length < LIMITS.password.min) return m.passwordMin;
  if (password.length > LIMITS.password.max) return m.passwordMax;
  return null;
}

export function validateLogin(
  values: { email: string; password: string },
  m: typeof LOGIN_MESSAGES | typeof ADMIN_LOGIN_MESSAGES = LOGIN_MESSAGES,
): FieldErrors {
  const errors: FieldErrors = {};
  const email = emailProblem(values.email, m);
  if (email) errors.email = email;
  if (blank(values.password)) errors.password = m.required;
  else if (values.password.length > LIMITS.password.max) errors.password = m.passwordMax;
  return errors;
}

export interface SignUpValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
}

export function validateSignUp(
  values: SignUpValues,
  m: typeof SIGN_UP_MESSAGES | typeof ADMIN_SIGN_UP_MESSAGES = SIGN_UP_MESSAGES,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of Object.keys(values) as Array<keyof SignUpValues>) {
    if (blank(values[field])) errors[field] = m.required;
  }
  if (!errors.first_name && values.first_name.trim().length > LIMITS.profileName.max) errors.first_name = m.firstNameMax;
  if (!errors.last_name && values.last_name.trim().length > LIMITS.profileName.max) errors.last_name = m.lastNameMax;
  const email = emailProblem(values.email, m);
  if (email && !errors.email) errors.email = email;
  if (!errors.phone && !PROFILE_PHONE_PATTERN.test(normalizePhone(values.phone))) errors.phone = m.phoneInvalid;
  const password = newPasswordProblem(values.password, m);
  if (password && !errors.password) errors.password = password;
  if (!errors.confirm_password && values.password !== values.confirm_password) errors.confirm_password = m.passwordsMismatch;
  return errors;
}

export function validatePasswordReset(values: { password: string; confirm_password: string }): FieldErrors {
  const m = RESET_PASSWORD_MESSAGES;
  if (blank(values.password) || blank(values.confirm_password)) return { password: m.required };
  const problem = newPasswordProblem(values.password, m);
  if (problem) return { password: problem };
  if (values.password !== values.confirm_password) return { confirm_password: m.passwordsMismatch };
  return {};
}

export function validateProfile(values: { first_name: string; last_name: string; email: string; phone: string }): FieldErrors {
  const m = PROFILE_MESSAGES;
  const errors: FieldErrors = {};
  if (blank(values.first_name)) errors.first_name = m.firstNameRequired;
  else if (values.first_name.trim().length > LIMITS.profileName.max) errors.first_name = m.firstNameMax;
  if (blank(values.last_name)) errors.last_name = m.lastNameRequired;
  else if (values.last_name.trim().length > LIMITS.profileName.max) errors.last_name = m.lastNameMax;
  if (blank(values.email) || !EMAIL_PATTERN.test(values.email.trim())) errors.email = m.emailInvalid;
  if (values.phone && !PROFILE_PHONE_PATTERN.test(values.phone)) errors.phone = m.phoneInvalid;
  return errors;
}
