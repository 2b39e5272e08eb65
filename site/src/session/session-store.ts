import { UI } from '@shared/ui';
import type { TokenPair, UserProfile } from '@shared/api/account';
import { ApiError, requestJson } from './http';
import { withRefreshLock } from './refresh-lock';
import { clearTokens, isExpired, readClaims, readTokens, TOKENS_KEY, writeTokens } from './token-storage';

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

export interface SessionState {
  /** 'loading' on the server and until the browser has read the stored tokens. */
  status: SessionStatus;
  user: { id: number; isAdmin: boolean } | null;
  /** The signed-in person's profile once loaded (names for the welcome strip). */
  profile: UserProfile | null;
  /** Why the session ended by itself (e.g. 'Failed to refresh token'), until someone reads it. */
  notice: string | null;
}

export const REFRESH_FAILED = 'Failed to refresh token';
const LOADING: SessionState = { status: 'loading', user: null, profile: null, notice: null };

let state: SessionState = LOADING;
let tokens: TokenPair | null = null;
let started = false;
let timer: ReturnType<typeof setInterval> | undefined;
let inflight: Promise<TokenPair | null> | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

export const getSessionState = (): SessionState => state;
export const getServerSessionState = (): SessionState => LOADING;

/** Subscribing starts the session in the browser: nothing runs at import or during render. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  start();
  return () => listeners.delete(listener);
}

function start(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('storage', (e) => {
    if (e.key === TOKENS_KEY || e.key === null) adopt(readTokens(), null);
  });
  const stored = readTokens();
  adopt(stored, null);
  if (stored) void refresh(); // on load, as the session's first act
}

/** Takes on the given tokens (or their absence) as this tab's session. */
function adopt(next: TokenPair | null, notice: string | null): void {
  const claims = next ? readClaims(next.access) : null;
  tokens = next && claims ? next : null;
  if (!tokens || !claims) {
    clearInterval(timer);
    timer = undefined;
    set({ status: 'anonymous', user: null, profile: null, notice: notice ?? state.notice });
    return;
  }
  const sameUser = state.user?.id === claims.userId;
  set({
    status: 'authenticated',
    user: { id: claims.userId, isAdmin: claims.isAdmin },
    profile: sameUser ? state.profile : null,
    notice: null,
  });
  if (!timer) timer = setInterval(() => void periodicRefresh(), UI.tokenRefreshIntervalMs);
  if (!sameUser || !state.profile) void loadProfile(claims.userId);
}

async function loadProfile(id: number): Promise<void> {
  try {
    const profile = await authRequest<UserProfile>(`/users/user/${id}/`);
    if (state.user?.id === id) set({ profile });
  } catch {
    /* the account page shows its own error; the strip just waits for a name */
  }
}

async function periodicRefresh(): Promise<void> {
  // Several open tabs share one session: skip when another tab has just refreshed it.
  const claims = tokens && readClaims(tokens.access);
  if (claims && Date.now() / 1000 - claims.iat < 60) return;
  await refresh();
}

/**
 * Exchanges the refresh token for a new pair, once at a time across tabs. Inside the lock the
 * stored pair is read again: a tab that finds it already replaced takes it over instead of
 * spending its own (already used) token. A refused refresh ends the session; a network failure
 * or a busy server does not (the next call tries again).
 */
export function refresh(): Promise<TokenPair | null> {
  const known = tokens?.refresh;
  inflight ??= withRefreshLock(async () => {
    const stored = readTokens();
    if (!stored) return (adopt(null, null), null);
    if (stored.refresh !== known && !isExpired(stored.access)) return (adopt(stored, null), stored);
    let pair: TokenPair;
    try {
      pair = await requestJson<TokenPair>('/users/token/refresh/', {
        method: 'POST',
        body: { refresh: stored.refresh },
      });
    } catch (e) {
      if (!(e instanceof ApiError) || e.status === 429 || e.status >= 500) return null;
      const latest = readTokens();
      if (latest && latest.refresh !== stored.refresh) return (adopt(latest, null), latest);
      clearTokens();
      adopt(null, REFRESH_FAILED);
      return null;
    }
    writeTokens(pair);
    adopt(pair, null);
    return pair;
  }).finally(() => {
    inflight = null;
  });
  return inflight;
}

/** An access token good for a call made now, refreshed first if it has expired. */
export async function freshAccessToken(): Promise<string | null> {
  start();
  if (!tokens) return null;
  if (!isExpired(tokens.access)) return tokens.access;
  return (await refresh())?.access ?? null;
}

/** A call as the signed-in person; a 401 gets one refresh and one retry. */
export async function authRequest<T>(path: string, init: Parameters<typeof requestJson>[1] = {}): Promise<T> {
  const call = (access: string | null) =>
    requestJson<T>(path, {
      ...init,
      headers: { ...init.headers, ...(access ? { Authorization: `Bearer ${access}` } : {}) },
    });
  const access = await freshAccessToken();
  try {
    return await call(access);
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 401 || !access) throw e;
    const renewed = await refresh();
    if (!renewed) throw e;
    return call(renewed.access);
  }
}

/** Stores a pair the server just handed out (login, password change) as this tab's session. */
export function startSession(pair: TokenPair): void {
  writeTokens(pair);
  adopt(pair, null);
}

/** Ends the session here and on the server: the refresh token and the session's access tokens stop working. */
export async function endSession(): Promise<void> {
  const ending = tokens ?? readTokens();
  clearTokens();
  adopt(null, null);
  if (!ending) return;
  await requestJson('/users/logout/', {
    method: 'POST',
    body: { refresh: ending.refresh },
    headers: { Authorization: `Bearer ${ending.access}` },
    keepalive: true,
  }).catch(() => undefined);
}

export function setProfile(profile: UserProfile): void {
  if (state.user?.id === profile.id) set({ profile });
}

export function clearNotice(): void {
  if (state.notice) set({ notice: null });
}
