export const NOT_AN_ADMIN = 'This account does not have administrator access.';
/** The spec keeps this prefix in Spanish even in the English back-office. */
export const ADMIN_LOGIN_FAILED = 'Error al iniciar sesión: ';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
