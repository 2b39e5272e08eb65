import { LeadResponse } from '../../shared/api/leads';
import { LEAD_VERIFICATION } from '../../shared/rules/lead';
import { escapeHtml } from '../../shared/rules/primitives';
import { detailsTable, mailLayout } from '../html';
import { MailMessage } from '../mail.service';

/** The visitor's code e-mail. The text body holds the code as its only 4-digit number, so mail tools and tests can find it. */
export function verificationCodeMail(to: string, code: string): MailMessage {
  const minutes = LEAD_VERIFICATION.codeTtlMinutes;
  const subject = 'Tu código de verificación';
  const text = [
    'Hola:',
    '',
    `Tu código de verificación es: ${code}`,
    '',
    `Escríbelo en el formulario para confirmar tu correo. El código vence en ${minutes} minutos.`,
    'Si no solicitaste este código, puedes ignorar este mensaje.',
    '',
    'Gracias por confiar en nosotros.',
  ].join('\n');
  const html = mailLayout(
    subject,
    [
      '<p>Hola:</p>',
      '<p>Tu código de verificación es:</p>',
      `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${escapeHtml(code)}</p>`,
      `<p>Escríbelo en el formulario para confirmar tu correo. El código vence en ${minutes} minutos.</p>`,
      '<p style="color:#52606d">Si no solicitaste este código, puedes ignorar este mensaje.</p>',
    ].join(''),
  );
  return { to, subject, text, html };
}

/** The agency's notice of a new lead. */
export function newLeadMail(to: string, lead: LeadResponse, publicUrl: string): MailMessage {
  const name = `${lead.first_name} ${lead.last_name}`;
  const subject = `Nuevo lead: ${name} (${lead.destination.name})`;
  const rows: Array<[string, string]> = [
    ['Nombre', name],
    ['Email', lead.email],
    ['Teléfono', lead.phone],
    ['Destino', lead.destination.name],
    ['Fecha preferida', lead.date ?? '—'],
    ['Hora preferida', lead.hour ?? '—'],
    ['Cliente recurrente', lead.is_priority ? 'Sí' : 'No'],
    ['Recibido', `${lead.formatted_created_at} UTC`],
    ['Lead', `#${lead.id}`],
  ];
  const adminUrl = `${publicUrl}/admin/leads`;
  const text = [
    'Se recibió un nuevo lead en el sitio web.',
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `Ver en el panel: ${adminUrl}`,
  ].join('\n');
  const html = mailLayout(
    subject,
    [
      '<p>Se recibió un nuevo lead en el sitio web.</p>',
      detailsTable(rows),
      `<p><a href="${escapeHtml(adminUrl)}">Ver en el panel</a></p>`,
    ].join(''),
  );
  return { to, subject, text, html };
}
