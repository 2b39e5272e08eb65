import { CSRF_COOKIE, CSRF_HEADER } from '@shared/api/account';

const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** Password-reset POSTs use double-submit CSRF: the cookie's value goes back in a header. */
export async function postWithCsrf(url: string, body: object): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  if (!cookie(CSRF_COOKIE)) await fetch('/api/users/csrf/', { credentials: 'same-origin' });
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: decodeURIComponent(cookie(CSRF_COOKIE) ?? '') },
    body: JSON.stringify(body),
  });
  return { ok: res.ok, body: await res.json().catch(() => ({})) };
}
