import { escapeHtml } from '../../../shared/rules/primitives';
import { linkMailLayout as layout } from '../html';
import type { MailMessage } from '../mail.service';

/**
 * The sign-in link (Spanish) of an account closed to new devices after too many failed logins:
 * valid 15 minutes, works once, and lets the device that opens it sign in with the password.
 */
export function signInLinkEmail(to: string, firstName: string, link: string): MailMessage {
  const greeting = `Hola ${firstName},`;
  const why =
    'Hubo demasiados intentos fallidos de iniciar sesión en tu cuenta, así que la cerramos a dispositivos nuevos por un tiempo. Acabas de escribir la contraseña correcta desde un dispositivo nuevo.';
  const intro =
    'Para entrar desde ese dispositivo, abre este enlace en él (válido durante 15 minutos y de un solo uso) y vuelve a iniciar sesión con tu contraseña:';
  const warn =
    'Si no fuiste tú, alguien conoce tu contraseña: no abras el enlace y cámbiala con "¿Olvidaste tu contraseña?".';
  return {
    to,
    subject: 'Tu enlace para iniciar sesión',
    text: `${greeting}\n\n${why}\n\n${intro}\n\n${link}\n\n${warn}\n`,
    html: layout(
      'Tu enlace para iniciar sesión',
      [escapeHtml(greeting), escapeHtml(why), escapeHtml(intro)],
      { href: link, label: 'Permitir este dispositivo' },
      [escapeHtml(warn)],
    ),
  };
}

/**
 * Confirmation (Spanish) that the account holder controls this mailbox, so the requests sent with
 * it before the account was verified join the account. Valid 1 hour, in the browser that asked.
 */
export function earlierLeadsEmail(to: string, firstName: string, link: string): MailMessage {
  const greeting = `Hola ${firstName},`;
  const intro =
    'Pediste añadir a tu cuenta las solicitudes de viaje que enviaste con este correo antes de crearla. Abre este enlace en el mismo navegador desde el que lo pediste (válido durante 1 hora):';
  const warn =
    'Si no lo pediste tú, alguien creó una cuenta con tu correo. No abras el enlace: recupera la cuenta con "¿Olvidaste tu contraseña?", que cierra todas sus sesiones y te deja elegir la contraseña.';
  return {
    to,
    subject: 'Confirma tus solicitudes anteriores',
    text: `${greeting}\n\n${intro}\n\n${link}\n\n${warn}\n`,
    html: layout(
      'Confirma tus solicitudes anteriores',
      [escapeHtml(greeting), escapeHtml(intro)],
      { href: link, label: 'Confirmar mis solicitudes' },
      [escapeHtml(warn)],
    ),
  };
}
