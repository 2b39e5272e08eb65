import { escapeHtml, formatDateTime } from '../../../shared/rules/primitives';
import { detailsTable, mailLayout } from '../html';
import { MailMessage } from '../mail.service';

/** The fields of a stored contact message that its mail shows (the contact module's row has them). */
export interface ContactMessage {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  message: string;
  created_at: Date;
}

/** The agency's copy of a contact-form message; replying answers the visitor. */
export function contactForwardMail(to: string, message: ContactMessage): MailMessage {
  const name = `${message.first_name} ${message.last_name}`;
  const subject = `Nuevo mensaje de contacto: ${name}`;
  const received = `${formatDateTime(message.created_at)} UTC`;
  const rows: Array<[string, string]> = [
    ['Nombre', name],
    ['Email', message.email],
    ['Teléfono', message.phone ?? '—'],
    ['Recibido', received],
  ];
  const text = [
    'Se recibió un nuevo mensaje desde el formulario de contacto.',
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Mensaje:',
    message.message,
  ].join('\n');
  const html = mailLayout(
    subject,
    [
      '<p>Se recibió un nuevo mensaje desde el formulario de contacto.</p>',
      detailsTable(rows),
      '<p style="margin-top:16px"><strong>Mensaje:</strong></p>',
      `<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`,
    ].join(''),
  );
  return { to, subject, text, html, replyTo: message.email };
}
