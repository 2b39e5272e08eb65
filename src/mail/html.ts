/** The HTML pieces every e-mail of the product is built from (Spanish, mail-client-safe inline styles). */
import { escapeHtml } from '../../shared/rules/primitives';

/** Wraps already-escaped HTML content in a minimal, mail-client-safe Spanish layout. */
export function mailLayout(title: string, content: string): string {
  return [
    '<!doctype html>',
    '<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    content,
    '</div></body></html>',
  ].join('');
}

/** Rows of a label/value table; values are escaped here. */
export function detailsTable(rows: Array<[string, string]>): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#52606d;vertical-align:top">${escapeHtml(label)}</td>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" style="border-collapse:collapse;font-size:14px">${cells}</table>`;
}

/**
 * The layout of the account e-mails: a title, paragraphs (already escaped), a button with its link
 * repeated as text for clients that block buttons, and closing paragraphs.
 */
export function linkMailLayout(
  title: string,
  paragraphs: string[],
  link: { href: string; label: string },
  after: string[],
): string {
  const p = (t: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">${t}</p>`;
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#0b4f6c">${escapeHtml(title)}</h1>
${paragraphs.map(p).join('\n')}
<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:12px 24px;background:#0b7285;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(link.label)}</a></p>
${p(`Si el botón no funciona, copia y pega este enlace en tu navegador:<br><a href="${escapeHtml(link.href)}" style="color:#0b7285;word-break:break-all">${escapeHtml(link.href)}</a>`)}
${after.map(p).join('\n')}
</div></body></html>`;
}
