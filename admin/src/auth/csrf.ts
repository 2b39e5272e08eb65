import { csrfHeaders } from '@session/csrf';

/** Password-reset POSTs use double-submit CSRF: the cookie's value goes back in a header. */
export async function postWithCsrf(url: string, body: object): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', ...(await csrfHeaders()) },
    body: JSON.stringify(body),
  });
  return { ok: res.ok, body: await res.json().catch(() => ({})) };
}
