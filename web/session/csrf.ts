import { CSRF_COOKIE, CSRF_HEADER, type CsrfResult } from '@shared/api/account';

export const CSRF_URL = '/api/users/csrf/';

function cookieValue(name: string): string | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

/**
 * The double-submit header the password-reset POSTs need (`X-CSRFToken`: the `csrftoken` cookie's
 * value), asking the server for the cookie first when the browser has none yet.
 */
export async function csrfHeaders(): Promise<Record<string, string>> {
  let token = cookieValue(CSRF_COOKIE);
  if (!token) {
    const res = await fetch(CSRF_URL, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    const body = (await res.json().catch(() => null)) as CsrfResult | null;
    token = cookieValue(CSRF_COOKIE) ?? body?.csrfToken ?? '';
  }
  return { [CSRF_HEADER]: token };
}
