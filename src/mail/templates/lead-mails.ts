import { LeadResponse } from '../../../shared/api/leads';
import { LEAD_VERIFICATION } from '../../../shared/rules/lead';
import { escapeHtml } from '../../../shared/rules/primitives';
import { detailsTable, mailLayout } from '../html';
import { MailMessage } from '../mail.service';

/** A standalone 4-digit number, as mail tools and tests look for the code (CONTRACT.md). */
const FOUR_DIGITS = /(?<!\d)\d{4}(?!\d)/;

/**
 * The visitor's code e-mail. The text body holds the code as its only 4-digit number, so mail tools
 * and tests can find it. Like every mail to a lead it carries the one-click stop link (`stopUrl`,
 * also sent as List-Unsubscribe): its tokens have no digits, and when the site's own address holds
 * a 4-digit number (a development port such as :3000) the text names the link instead of writing
 * it, so the code stays the only one. The code mail itself is requested by the visitor, so it is
 * sent even to an address that used the link (see OutboxEntry.automated).
 */
export function verificationCodeMail(to: string, code: string, stopUrl: string): MailMessage {
  const minutes = LEAD_VERIFICATION.codeTtlMinutes;
  const subject = 'Tu código de verificación';
  const stopLine = FOUR_DIGITS.test(stopUrl)
    ? 'Si no quieres recibir más correos automáticos nuestros, usa el enlace «Dejar de recibir correos» de la versión HTML de este mensaje o la opción de baja de tu programa de correo.'
    : `Si no quieres recibir más correos automáticos nuestros: ${stopUrl}`;
  const text = [
    'Hola:',
    '',
    `Tu código de verificación es: ${code}`,
    '',
    `Escríbelo en el formulario para confirmar tu correo. El código vence en ${minutes} minutos.`,
    'Si no solicitaste este código, puedes ignorar este mensaje.',
    '',
    'Gracias por confiar en nosotros.',
    '',
    stopLine,
  ].join('\n');
  const html = mailLayout(
    subject,
    [
      '<p>Hola:</p>',
      '<p>Tu código de verificación es:</p>',
      `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${escapeHtml(code)}</p>`,
      `<p>Escríbelo en el formulario para confirmar tu correo. El código vence en ${minutes} minutos.</p>`,
      '<p style="color:#52606d">Si no solicitaste este código, puedes ignorar este mensaje.</p>',
      `<p style="color:#52606d;font-size:13px">¿No quieres recibir más correos automáticos nuestros? <a href="${escapeHtml(stopUrl)}">Dejar de recibir correos</a></p>`,
    ].join(''),
  );
  return { to, subject, text, html };
}

/**
 * The agency's notice of a new lead, in Spanish with the back-office's words (a lead is a
 * "solicitud"), linking to the lead's page there.
 */
export function newLeadMail(to: string, lead: LeadResponse, publicUrl: string): MailMessage {
  const name = `${lead.first_name} ${lead.last_name}`;
  const subject = `Nueva solicitud: ${name} (${lead.destination.name})`;
  const rows: Array<[string, string]> = [
    ['Nombre', name],
    ['Email', lead.email],
    ['Teléfono', lead.phone],
    ['Destino', lead.destination.name],
    ['Fecha preferida', lead.date ?? '—'],
    ['Hora preferida', lead.hour ?? '—'],
    ['Cliente que repite', lead.is_priority ? 'Sí' : 'No'],
    ['Recibida', `${lead.formatted_created_at} UTC`],
    ['Solicitud', `#${lead.id}`],
  ];
  const adminUrl = `${publicUrl}/admin/leads/${lead.id}/show`;
  const text = [
    'Se recibió una nueva solicitud en el sitio web.',
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `Ver la solicitud en el back-office: ${adminUrl}`,
  ].join('\n');
  const html = mailLayout(
    subject,
    [
      '<p>Se recibió una nueva solicitud en el sitio web.</p>',
      detailsTable(rows),
      `<p><a href="${escapeHtml(adminUrl)}">Ver la solicitud en el back-office</a></p>`,
    ].join(''),
  );
  return { to, subject, text, html };
}

/** To the agency: a lead has waited past the SLA still new (sent once per lead). */
export function leadSlaMail(
  to: string,
  lead: { id: number; first_name: string; last_name: string; created_at: Date },
  slaMinutes: number,
  publicUrl: string,
): MailMessage {
  const name = `${lead.first_name} ${lead.last_name}`;
  const subject = `Solicitud sin atender: ${name} (#${lead.id})`;
  const since = new Date(lead.created_at).toISOString().slice(0, 16).replace('T', ' ');
  const intro = `La solicitud #${lead.id} de ${name} sigue como nueva más de ${slaMinutes} minutos después de llegar (${since} UTC).`;
  const adminUrl = `${publicUrl}/admin/leads/${lead.id}/show`;
  const text = [intro, '', `Ver la solicitud en el back-office: ${adminUrl}`].join('\n');
  const html = mailLayout(
    subject,
    `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(adminUrl)}">Ver la solicitud en el back-office</a></p>`,
  );
  return { to, subject, text, html };
}
