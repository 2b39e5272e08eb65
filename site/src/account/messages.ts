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
  // True for every sign-up, whose answer is the same whatever the address: a new or unverified one
  // gets the verification link, one with an account a notice pointing to the password reset.
  body: 'Te enviamos un correo a esa dirección con los pasos para continuar. Si no lo ves, revisa la carpeta de spam o vuelve a intentarlo en unos minutos.',
} as const;

export const VERIFICATION = {
  success: 'Verificación Exitosa',
  successBody: 'Tu correo electrónico fue verificado. Ya puedes iniciar sesión.',
  failure: 'Verificación Fallida',
  failureBody: 'El enlace de verificación no es válido o ha expirado. Intenta crear tu cuenta nuevamente.',
} as const;

/** After the verification: whether the address's earlier requests joined the account. */
export const EARLIER_REQUESTS = {
  claimedOnVerify: 'Las solicitudes que enviaste antes con este correo ya están en tu cuenta.',
  notClaimedOnVerify:
    'Si enviaste solicitudes con este correo antes de crear la cuenta, podrás añadirlas desde tu cuenta (pestaña Leads): te enviaremos un enlace para abrir en el navegador desde el que lo pidas.',
  title: '¿Enviaste solicitudes antes de crear tu cuenta?',
  body: 'Por seguridad, aquí solo aparecen las solicitudes enviadas después de verificar tu correo. Para añadir las anteriores, confirma que este correo es tuyo: te enviaremos un enlace que debes abrir en este mismo navegador.',
  button: 'Confirmar mis solicitudes anteriores',
  sending: 'Enviando...',
  sent: 'Te enviamos un correo. Abre el enlace en este mismo navegador dentro de la próxima hora.',
  requestFailed: 'No pudimos enviar el correo. Inténtalo de nuevo en unos minutos.',
  confirmedTitle: 'Solicitudes confirmadas',
  confirmedBody: 'Las solicitudes que enviaste con este correo antes de crear tu cuenta ya están en tu cuenta.',
  failedTitle: 'No pudimos confirmar tus solicitudes',
  failedBody:
    'El enlace no es válido, ya se usó o venció, o lo abriste en un navegador distinto del que lo pidió. Pide uno nuevo desde tu cuenta y ábrelo en ese mismo navegador.',
  toLeads: 'Ver mis solicitudes',
} as const;

/** The page of the e-mailed sign-in link (an account closed to new devices after failed logins). */
export const SIGN_IN_LINK = {
  doneTitle: 'Dispositivo autorizado',
  doneBody: 'Ya puedes iniciar sesión desde este dispositivo con tu contraseña.',
  failedTitle: 'Enlace no válido',
  failedBody: 'El enlace no es válido, ya se usó o venció. Vuelve a iniciar sesión para recibir uno nuevo.',
  login: 'Iniciar sesión',
} as const;

export const SESSION_TEXTS = {
  logoutEverywhere: 'Cerrar sesión en todos los dispositivos',
} as const;

/** The account page's 'Tus datos' section: the download and the account's deletion. */
export const MY_DATA = {
  title: 'Tus datos',
  body: 'Descarga una copia de todo lo que guardamos sobre ti (perfil, solicitudes, mensajes y consentimientos) o elimina tu cuenta.',
  download: 'Descargar mis datos',
  downloading: 'Preparando...',
  downloaded: (file: string) => `Listo: guardamos el archivo ${file} en tus descargas.`,
  downloadFailed: 'No pudimos preparar tus datos. Inténtalo de nuevo.',
  delete: 'Eliminar mi cuenta',
  deleteTitle: '¿Eliminar tu cuenta?',
  deleteIntro: 'Esto no se puede deshacer. Al confirmar:',
  deleteWhat: [
    'Se elimina tu cuenta con tu nombre, correo, teléfono y contraseña.',
    'Se cierra tu sesión en todos tus dispositivos.',
    'Tus solicitudes y mensajes se anonimizan: borramos tu nombre, correo y teléfono y solo conservamos el destino, las fechas y el estado, sin datos que te identifiquen.',
  ],
  password: 'Contraseña',
  cancel: 'Cancelar',
  confirm: 'Eliminar mi cuenta',
  deleting: 'Eliminando...',
  deleteFailed: 'No pudimos eliminar tu cuenta. Inténtalo de nuevo.',
  deleted:
    'Tu cuenta fue eliminada y se cerró tu sesión en todos tus dispositivos. Gracias por haber viajado con nosotros.',
  marketing: 'Ofertas por e-mail',
  marketingYes: 'Sí',
  marketingNo: 'No',
} as const;
