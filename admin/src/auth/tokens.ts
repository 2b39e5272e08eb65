/**
 * The back-office's use of the shared session client (web/session): the same stored pair, lock and
 * refresh as the public site, so a site tab and a back-office tab never spend the same refresh token.
 */
import { UI } from '@shared/ui';
import { isExpired } from '@session/claims';
import { refreshTokens } from '@session/refresh';
import { readTokens } from '@session/tokens';

export { TOKENS_KEY } from '@session/tokens';

/** Refresh when less than this is left, so the periodic refresh always finds a token to renew. */
const REFRESH_MARGIN_MS = 90_000;

/** A valid access token, refreshed first when it is about to expire; null when signed out. */
export async function accessToken(): Promise<string | null> {
  const current = readTokens();
  if (!current) return null;
  if (!isExpired(current.access, REFRESH_MARGIN_MS)) return current.access;
  return (await refreshTokens(current.refresh)).pair?.access ?? null;
}

/** Keeps the session alive while the back-office is open (the spec's 240 s refresh). */
export function startPeriodicRefresh(): () => void {
  const timer = setInterval(() => void accessToken(), UI.tokenRefreshIntervalMs);
  return () => clearInterval(timer);
}
