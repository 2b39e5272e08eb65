import { escapeHtml } from '../../../shared/rules/primitives';
import { linkMailLayout as layout } from '../html';
import type { MailMessage } from '../mail.service';

/** Account verification e-mail (Spanish): the link is valid for 3 days. */
export function verificationEmail(to: string, firstName: string, link: string): MailMessage {
  const greeting = `Hola ${firstName},`;
  const intro =
    'Gracias por crear tu cuenta. Para activarla, confirma tu correo electrónico con este enlace (válido durante 3 días):';
  const ignore = 'Si no creaste esta cuenta, puedes ignorar este correo.';
  return {
    to,
    subject: 'Verifica tu cuenta',
    text: `${greeting}\n\n${intro}\n\n${link}\n\n${ignore}\n`,
    html: layout(
      'Verifica tu cuenta',
      [escapeHtml(greeting), escapeHtml(intro)],
      { href: link, label: 'Verificar mi cuenta' },
      [escapeHtml(ignore)],
    ),
  };
}

/** Password reset e-mail (Spanish): the link is valid for 1 hour and works once. */
export function passwordResetEmail(to: string, firstName: string, link: string): MailMessage {
  const greeting = `Hola ${firstName},`;
  const intro =
    'Recibimos una solicitud para restablecer la contraseña de tu cuenta. Usa este enlace para elegir una nueva (válido durante 1 hora y de un solo uso):';
  const ignore = 'Si no solicitaste este cambio, ignora este correo: tu contraseña actual sigue siendo válida.';
  return {
    to,
    subject: 'Restablece tu contraseña',
    text: `${greeting}\n\n${intro}\n\n${link}\n\n${ignore}\n`,
    html: layout(
      'Restablece tu contraseña',
      [escapeHtml(greeting), escapeHtml(intro)],
      { href: link, label: 'Restablecer contraseña' },
      [escapeHtml(ignore)],
    ),
  };
}

/**
 * To the owner of an account (Spanish) when someone signs up with its address: nothing was created
 * or changed, and the link leads to the forgotten-password page (it sends nothing by itself).
 */
export function signUpAttemptEmail(to: string, firstName: string, forgotPasswordPage: string): MailMessage {
  const greeting = `Hola ${firstName},`;
  const intro =
    'Alguien intentó crear una cuenta nueva con este correo electrónico. Como ya tienes una cuenta con nosotros, no creamos otra ni cambiamos nada en la tuya.';
  const ifYou =
    'Si fuiste tú, inicia sesión con tu contraseña. Si no la recuerdas, puedes pedir un enlace para elegir una nueva:';
  const ignore = 'Si no fuiste tú, puedes ignorar este correo: tu cuenta y tu contraseña siguen igual.';
  return {
    to,
    subject: 'Intento de registro con tu correo',
    text: `${greeting}\n\n${intro}\n\n${ifYou}\n\n${forgotPasswordPage}\n\n${ignore}\n`,
    html: layout(
      'Intento de registro con tu correo',
      [escapeHtml(greeting), escapeHtml(intro), escapeHtml(ifYou)],
      { href: forgotPasswordPage, label: 'He olvidado mi contraseña' },
      [escapeHtml(ignore)],
    ),
  };
}
