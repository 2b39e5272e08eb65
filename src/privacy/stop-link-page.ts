import { escapeHtml } from '../../shared/rules/primitives';

/**
 * The page of the stop link, in Spanish with the site's colours (site/src/styles/base.css: sand
 * page, white card, coral pill button, the ocean-deep focus ring). Plain HTML with a form, no
 * script (the Content-Security-Policy allows none inline): it works with the keyboard as is.
 */
const STYLE = `
:root{--ocean:#0b5d7a;--ocean-deep:#062c3b;--coral:#c8401f;--coral-strong:#a53215;--sand:#fbf7f1;--ink:#10222e;--muted:#4a5b66;--line:#dfe6ea;--success:#1f7a4d}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:32px 20px;background:var(--sand);color:var(--ink);font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;line-height:1.55}
main{width:min(560px,100%);background:#fff;border:1px solid var(--line);border-radius:18px;box-shadow:0 6px 20px rgb(6 44 59 / 8%);padding:36px 32px}
h1{margin:0 0 12px;font-size:1.6rem;line-height:1.2;letter-spacing:-0.01em;color:var(--ocean-deep)}
p{margin:0 0 16px}
.note{color:var(--muted);font-size:.95rem;margin:20px 0 0}
.done{color:var(--success);font-weight:700}
form{margin:24px 0 0}
button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;max-width:100%;padding:10px 22px;border:2px solid transparent;border-radius:999px;background:var(--coral);color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:hover{background:var(--coral-strong)}
:focus-visible{outline:3px solid var(--ocean-deep);outline-offset:2px;box-shadow:0 0 0 2px #fff}
a{color:var(--ocean)}
@media (max-width:480px){main{padding:28px 20px}h1{font-size:1.35rem}button{width:100%}}
`;

const KEEPS_CODES =
  'Si pides un código de verificación en el sitio, te lo seguiremos enviando: solo lo recibes cuando tú lo solicitas.';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * What the link's GET shows: a question and a button that POSTs the one-click form. The form has
 * no action, so it goes back to the very address the page came from (PUBLIC_URL's path included).
 */
export function confirmStopPage(): string {
  return page(
    'Dejar de recibir correos',
    `<h1>¿Dejar de recibir nuestros correos?</h1>` +
      `<p>Si confirmas, no volveremos a enviarte correos automáticos, como los seguimientos de tu solicitud, a esta dirección.</p>` +
      `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Dejar de recibir correos</button></form>` +
      `<p class="note">Si no quieres darte de baja, cierra esta página: no cambia nada. ${KEEPS_CODES}</p>`,
  );
}

/** What a browser gets once the form was sent: the stop is recorded. */
export function stoppedPage(message: string): string {
  return page(
    'Correos desactivados',
    `<h1>Correos desactivados</h1><p class="done" role="status">${escapeHtml(message)}</p><p class="note">${KEEPS_CODES}</p>`,
  );
}
