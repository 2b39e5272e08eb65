/**
 * The session's token pair, kept in localStorage under `authTokens` (shared with the public site
 * and across tabs). Refreshing runs under a cross-tab lock: refresh tokens work once, so two tabs
 * refreshing with the same one would look like theft to the server and end the session.
 */
import { UI } from '@shared/ui';

export const TOKENS_KEY = 'authTokens';
/** Refresh when less than this is left, so the periodic refresh always finds a token to renew. */
const REFRESH_MARGIN_MS = 90_000;

export interface Tokens {
  access: string;
  refresh: string;
}

export interface Claims {
  user_id?: number;
  is_admin?: boolean;
  exp?: number;
}

export function claims(token: string | undefined): Claims {
  try {
    return JSON.parse(atob(token!.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return {};
  }
}

export function readTokens(): Tokens | null {
  try {
    const value = JSON.parse(localStorage.getItem(TOKENS_KEY) ?? 'null');
    return value && typeof value.access === 'string' && typeof value.refresh === 'string' ? value : null;
  } catch {
    return null;
  }
}

export const storeTokens = (tokens: Tokens) => localStorage.setItem(TOKENS_KEY, JSON.stringify(tokens));
export const clearTokens = () => localStorage.removeItem(TOKENS_KEY);

const expiresSoon = (tokens: Tokens) => (claims(tokens.access).exp ?? 0) * 1000 - Date.now() < REFRESH_MARGIN_MS;

async function refresh(tokens: Tokens): Promise<Tokens | null> {
  try {
    const res = await fetch('/api/users/token/refresh/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh: tokens.refresh }),
    });
    if (!res.ok) return null;
    const next = (await res.json()) as Tokens;
    storeTokens(next);
    return next;
  } catch {
    return null;
  }
}

async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  return typeof navigator !== 'undefined' && navigator.locks
    ? navigator.locks.request('admin-token-refresh', task)
    : task();
}

/** A valid access token, refreshed first when it is about to expire; null when signed out. */
export async function accessToken(): Promise<string | null> {
  const current = readTokens();
  if (!current) return null;
  if (!expiresSoon(current)) return current.access;
  return withRefreshLock(async () => {
    // Another tab (or request) may have refreshed while this one waited for the lock.
    const tokens = readTokens();
    if (!tokens) return null;
    if (!expiresSoon(tokens)) return tokens.access;
    const next = await refresh(tokens);
    if (!next) clearTokens();
    return next?.access ?? null;
  });
}

/** Keeps the session alive while the back-office is open (the spec's 240 s refresh). */
export function startPeriodicRefresh(): () => void {
  const timer = setInterval(() => void accessToken(), UI.tokenRefreshIntervalMs);
  return () => clearInterval(timer);
}
