/**
 * Messages of the account forms: login, sign-up, admin login and sign-up, forgot and reset
 * password, profile, change password. Public-site texts are Spanish, admin-shell texts English.
 */
import { LIMITS } from '../limits';

const PHONE = LIMITS.phone.profile;

export const LOGIN_MESSAGES = {
  required: 'Por favor, complete todos los campos requeridos.',
  emailMax: `El correo electrónico no puede exceder los ${LIMITS.email.max} caracteres.`,
  emailInvalid: 'Por favor, ingrese una dirección de correo electrónico válida.',
  passwordMax: `La contraseña no puede exceder los ${LIMITS.password.max} caracteres.`,
} as const;

export const ADMIN_LOGIN_MESSAGES = {
  required: 'Please fill out all required fields.',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  emailMax: `Email cannot exceed ${LIMITS.email.max} characters.`,
  emailInvalid: 'Please enter a valid email address.',
  passwordMax: `Password cannot exceed ${LIMITS.password.max} characters.`,
} as const;

export const SIGN_UP_MESSAGES = {
  required: 'Por favor, complete todos los campos.',
  emailMax: LOGIN_MESSAGES.emailMax,
  emailInvalid: LOGIN_MESSAGES.emailInvalid,
  passwordMax: LOGIN_MESSAGES.passwordMax,
  passwordMin: `La contraseña debe tener al menos ${LIMITS.password.min} caracteres.`,
  passwordCommon: 'Esta contraseña es demasiado común. Por favor, elija una más segura.',
  passwordsMismatch: 'Las contraseñas no coinciden.',
  firstNameMax: `El nombre no puede exceder los ${LIMITS.profileName.max} caracteres.`,
  lastNameMax: `El apellido no puede exceder los ${LIMITS.profileName.max} caracteres.`,
  firstNameInvalid: 'El nombre contiene caracteres no permitidos.',
  lastNameInvalid: 'El apellido contiene caracteres no permitidos.',
  phoneInvalid: `El teléfono debe contener solo números, entre ${PHONE.min} y ${PHONE.max} dígitos.`,
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
  passwordMin: `Password must be at least ${LIMITS.password.min} characters long.`,
  passwordCommon: 'This password is too common. Please choose a less predictable one.',
  passwordsMismatch: 'Passwords do not match.',
  firstNameMax: `First name cannot exceed ${LIMITS.profileName.max} characters`,
  lastNameMax: `Last name cannot exceed ${LIMITS.profileName.max} characters`,
  firstNameInvalid: 'First name contains characters that are not allowed',
  lastNameInvalid: 'Last name contains characters that are not allowed',
  phoneInvalid: `Phone number must contain only numbers and be between ${PHONE.min} and ${PHONE.max} digits`,
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
  passwordMin: `Password must be at least ${LIMITS.password.min} characters long.`,
  passwordMax: `Password cannot exceed ${LIMITS.password.max} characters.`,
  passwordCommon: 'This password is too common. Please choose a less predictable one.',
  passwordsMismatch: 'Passwords do not match.',
} as const;

export const PROFILE_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  firstNameMax: `First name cannot exceed ${LIMITS.profileName.max} characters`,
  lastNameMax: `Last name cannot exceed ${LIMITS.profileName.max} characters`,
  firstNameInvalid: 'First name contains characters that are not allowed',
  lastNameInvalid: 'Last name contains characters that are not allowed',
  emailInvalid: 'Valid email is required',
  emailReadOnly: 'Email cannot be changed.',
  phoneInvalid: `Phone number must contain only numbers and be between ${PHONE.min} and ${PHONE.max} digits`,
} as const;

export const CHANGE_PASSWORD_MESSAGES = {
  required: 'All fields are required.',
  passwordMin: RESET_PASSWORD_MESSAGES.passwordMin,
  passwordMax: RESET_PASSWORD_MESSAGES.passwordMax,
  passwordCommon: RESET_PASSWORD_MESSAGES.passwordCommon,
  currentWrong: 'Current password is incorrect.',
  sameAsCurrent: 'The new password must be different from the current one.',
} as const;

/** Texts of the server's answers that the clients show. */
export const ACCOUNT_MESSAGES = {
  emailTaken: 'An account with this email already exists. Please use another email.',
  signUpDone: 'Account created. We sent you a verification email: check your inbox (and spam folder).',
  adminOnlyCreatesAdmins: 'Only an administrator can create admin accounts.',
  setupLinkInvalid:
    'This set-up link is invalid or was already used. Use the link printed in the server log at its last start.',
  adminSignUpDone: 'Admin account created.',
  verificationMailFailed: 'We could not send the verification email. Please try again in a few minutes.',
  verified: 'Your email has been verified. You can now log in.',
  verificationInvalid: 'The verification link is invalid or has expired.',
  loginWrongPassword: 'Email or password is incorrect. Please try again.',
  /**
   * The site's text for a 400 from the login (SPEC section 8). The server never sends it: an unknown
   * address is answered as a wrong password (401, loginWrongPassword), so the login tells no one
   * which addresses have accounts.
   */
  loginUnknownEmail: 'No account found with this email. Please check and try again.',
  loginUnverified: 'Please verify your email before logging in.',
  loginLocked: 'Too many failed login attempts for this account. Please try again later.',
  /** The answer to every attempt from a new device while the account is closed by its ceiling, right password or not. */
  loginLinkSent:
    'Too many failed login attempts for this account: it is closed to new devices for now. If the password is correct, we have e-mailed a sign-in link to the account’s address. Open it on this device within 15 minutes, then log in again.',
  signInLinkDone: 'This device can sign in now. Log in with your password.',
  signInLinkInvalid: 'The sign-in link is invalid or has expired.',
  earlierLeadsSent:
    'We have e-mailed you a link. Open it in this browser within an hour to add your earlier requests to your account.',
  earlierLeadsDone: 'Your earlier requests are now part of your account.',
  earlierLeadsAlready: 'Your earlier requests are already part of your account.',
  earlierLeadsInvalid:
    'The link is invalid or has expired, or it was opened in a different browser from the one that asked for it.',
  earlierLeadsTooMany: 'Too many confirmation e-mails were requested for this account. Please try again later.',
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
