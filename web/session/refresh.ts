import type { TokenPair } from '@shared/api/account';
import { isExpired } from './claims';
import { recordRenewal, renewalOf } from './handoff';
import { withRefreshLock } from './lock';
import { clearTokens, readTokens, writeTokens } from './tokens';

export const REFRESH_URL = '/api/users/token/refresh/';

/**
 * What a refresh came to:
 * - `renewed`: this tab spent the refresh token and stored the new pair;
 * - `current`: another tab (or request) had already replaced the pair, which this tab takes over;
 * - `refused`: the server refused the token and no newer pair exists, so the session was cleared;
 * - `unavailable`: the server could not be reached, or was busy (429, 5xx), the pair is kept;
 * - `signed-out`: nothing is stored (a logout elsewhere).
 */
export type RefreshOutcome =
  { kind: 'renewed' | 'current'; pair: TokenPair } | { kind: 'refused' | 'unavailable' | 'signed-out'; pair: null };

let inflight: Promise<RefreshOutcome> | null = null;

/**
 * Exchanges the stored refresh token for a new pair, one tab at a time (REFRESH_LOCK_NAME). Inside
 * the lock the stored pair is read again: when it is no longer the one this tab knew (`known`, the
 * refresh token it last saw) and its access token is still good, another tab has just refreshed and
 * this one takes that pair over instead of spending an already used token; the same when the last
 * renewal (handoff.ts) spent the token this tab's storage still shows. Calls made in this tab
 * while one is under way share it.
 */
export function refreshTokens(known: string | null | undefined): Promise<RefreshOutcome> {
  inflight ??= withRefreshLock(() => exchange(known)).finally(() => {
    inflight = null;
  });
  return inflight;
}

async function exchange(known: string | null | undefined): Promise<RefreshOutcome> {
  const stored = readTokens();
  if (!stored) return { kind: 'signed-out', pair: null };
  if (stored.refresh !== known && !isExpired(stored.access)) return { kind: 'current', pair: stored };
  // This tab's copy of the storage may not show yet the pair a tab that just held the lock stored.
  const handed = await renewalOf(stored.refresh);
  if (handed) return { kind: 'current', pair: handed };
  let res: Response;
  try {
    res = await fetch(REFRESH_URL, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh: stored.refresh }),
      credentials: 'same-origin',
    });
  } catch {
    return { kind: 'unavailable', pair: null };
  }
  if (res.status === 429 || res.status >= 500) return { kind: 'unavailable', pair: null };
  const body = (await res.json().catch(() => null)) as Partial<TokenPair> | null;
  if (res.ok && typeof body?.access === 'string' && typeof body.refresh === 'string') {
    const pair = { access: body.access, refresh: body.refresh };
    writeTokens(pair);
    await recordRenewal(stored.refresh, pair); // before the lock is let go
    return { kind: 'renewed', pair };
  }
  if (res.ok) return { kind: 'unavailable', pair: null };
  // A tab without Web Locks may have stored a newer pair meanwhile: that one still holds the session.
  const latest = readTokens();
  if (latest && latest.refresh !== stored.refresh) return { kind: 'current', pair: latest };
  clearTokens();
  return { kind: 'refused', pair: null };
}
