import { CSRF_COOKIE, CSRF_HEADER, type CsrfResult } from '@shared/api/account';
import { requestJson } from '../../session/http';

function cookieValue(name: string): string | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

/** The double-submit header the password-reset POSTs need: the csrftoken cookie's value, set first if missing. */
export async function csrfHeaders(): Promise<Record<string, string>> {
  const token = cookieValue(CSRF_COOKIE) ?? (await requestJson<CsrfResult>('/users/csrf/')).csrfToken;
  return { [CSRF_HEADER]: token };
}
