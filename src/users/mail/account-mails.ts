import type { MailMessage } from '../../mail/mail.service';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function layout(title: string, paragraphs: string[], link: { href: string; label: string }, after: string[]): string {
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

/** Account verification e-mail (Spanish): the link is valid for 3 days. */
export function verificationEmail(to: string, firstName: string, link: string): MailMessage {
  const greeting = `Hola ${firstName},`;
  const intro = 'Gracias por crear tu cuenta. Para activarla, confirma tu correo electrónico con este enlace (válido durante 3 días):';
  const ignore = 'Si no creaste esta cuenta, puedes ignorar este correo.';
  return {
    to,
    subject: 'Verifica tu cuenta',
    text: `${greeting}\n\n${intro}\n\n${link}\n\n${ignore}\n`,
    html: layout('Verifica tu cuenta', [escapeHtml(greeting), escapeHtml(intro)], { href: link, label: 'Verificar mi cuenta' }, [
      escapeHtml(ignore),
    ]),
  };
}

/** Password reset e-mail (Spanish): the link is valid for 1 hour and works once. */
export function passwordResetEmail(to: string, firstName: string, link: string): MailMessage {
  const greeting = `Hola ${firstName},`;
  const intro = 'Recibimos una solicitud para restablecer la contraseña de tu cuenta. Usa este enlace para elegir una nueva (válido durante 1 hora y de un solo uso):';
  const ignore = 'Si no solicitaste este cambio, ignora este correo: tu contraseña actual sigue siendo válida.';
  return {
    to,
    subject: 'Restablece tu contraseña',
    text: `${greeting}\n\n${intro}\n\n${link}\n\n${ignore}\n`,
    html: layout('Restablece tu contraseña', [escapeHtml(greeting), escapeHtml(intro)], { href: link, label: 'Restablecer contraseña' }, [
      escapeHtml(ignore),
    ]),
  };
}
