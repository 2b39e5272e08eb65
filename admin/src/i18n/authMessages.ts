/**
 * The back-office's own sign-in messages, in the spec's English. They are shown through the
 * catalogues (errors.auth): the Spanish back-office gives its own wording of each.
 */
export const AUTH_MESSAGES = {
  notAnAdmin: 'This account does not have administrator access.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  signInFirst: 'Please sign in.',
  notSignedIn: 'Not signed in',
} as const;

export const NOT_AN_ADMIN = AUTH_MESSAGES.notAnAdmin;
export const SESSION_EXPIRED = AUTH_MESSAGES.sessionExpired;
/** The spec keeps this prefix in Spanish even in the English back-office. */
export const ADMIN_LOGIN_FAILED = 'Error al iniciar sesión: ';
