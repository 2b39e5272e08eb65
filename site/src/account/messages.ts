/**
 * What the account screens say when a call fails: the site's own texts for each answer (the
 * server's texts, where shown, come from the API or @shared). Field rules and their messages are
 * not here: they are imported from @shared/rules/account.
 */
export const LOGIN_ERRORS = {
  409: 'You are already logged in. Please log out to switch accounts.',
  other: 'An unexpected error occurred. Please try again.',
  networkPrefix: 'Error: ',
  thrownPrefix: 'Error durante el inicio de sesión: ',
} as const;

export const SIGN_UP_ERRORS = {
  400: 'Invalid input. Please check the data and try again.',
  409: 'An account with this email already exists. Please use another email.',
  other: 'An unexpected error occurred. Please try again.',
} as const;

export const RESET_ERRORS = {
  request: 'Failed to request password reset',
  validate: 'Failed to validate token',
  validateUnexpected: 'An unexpected error occurred.',
  save: 'Failed to reset password',
  saveUnexpected: 'An error occurred. Please try again.',
} as const;

export const PROFILE_ERRORS = {
  load: 'Failed to load user data.',
  save: 'Error saving data. Please try again.',
  leads: 'No pudimos cargar tus solicitudes. Inténtalo de nuevo.',
} as const;

export const VERIFY_MODAL = {
  title: 'Verify your account',
  body: 'Te enviamos un correo de verificación. Abre el enlace que contiene para activar tu cuenta. Si no lo ves, revisa la carpeta de spam o vuelve a intentarlo en unos minutos.',
} as const;

export const VERIFICATION = {
  success: 'Verificación Exitosa',
  successBody: 'Tu correo electrónico fue verificado. Ya puedes iniciar sesión.',
  failure: 'Verificación Fallida',
  failureBody: 'El enlace de verificación no es válido o ha expirado. Intenta crear tu cuenta nuevamente.',
} as const;

export const SESSION_TEXTS = {
  logoutEverywhere: 'Cerrar sesión en todos los dispositivos',
} as const;
