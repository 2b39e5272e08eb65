/** The replies agents send to a lead from the back-office (a template or their own words). */
import { escapeHtml } from '../../../shared/rules/primitives';
import { mailLayout } from '../html';
import type { MailMessage } from '../mail.service';

/** A written text as HTML paragraphs: blank lines split paragraphs, other line breaks stay. */
export function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * A reply to a lead: `htmlContent` is already escaped (see textToHtml). With `stopUrl` (the
 * automated follow-ups) both versions end with the stop link.
 */
export function leadReplyMail(
  to: string,
  reply: { subject: string; text: string; htmlContent: string; replyTo?: string },
  stopUrl?: string,
): MailMessage {
  const stopText = stopUrl ? `\n\n--\nSi no quieres recibir más correos automáticos nuestros: ${stopUrl}` : '';
  const stopHtml = stopUrl
    ? `<p style="color:#52606d;font-size:13px">¿No quieres recibir más correos automáticos nuestros? <a href="${escapeHtml(stopUrl)}">Dejar de recibir correos</a></p>`
    : '';
  return {
    to,
    subject: reply.subject,
    text: reply.text + stopText,
    html: mailLayout(reply.subject, reply.htmlContent + stopHtml),
    ...(reply.replyTo ? { replyTo: reply.replyTo } : {}),
  };
}
