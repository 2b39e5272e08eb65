import { UI } from '@shared/ui';
import type { TokenPair, UserProfile } from '@shared/api/account';
import { isExpired, readClaims } from '@session/claims';
import { refreshTokens } from '@session/refresh';
import { clearTokens, readTokens, TOKENS_KEY, writeTokens } from '@session/tokens';
import { ApiError, requestJson } from './http';

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
 * Exchanges the refresh token for a new pair through the shared session client (one refresh at a
 * time across every tab of the site and the back-office; a tab that finds the pair already replaced
 * takes it over). A refused refresh ends the session; a network failure or a busy server does not
 * (the next call tries again).
 */
export async function refresh(): Promise<TokenPair | null> {
  const outcome = await refreshTokens(tokens?.refresh);
  if (outcome.kind === 'renewed' || outcome.kind === 'current') adopt(outcome.pair, null);
  else if (outcome.kind === 'refused') adopt(null, REFRESH_FAILED);
  else if (outcome.kind === 'signed-out') adopt(null, null);
  return outcome.pair;
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

/** Forgets the session in this browser only, for when the server has already ended it (a deleted account). */
export function forgetSession(): void {
  clearTokens();
  adopt(null, null);
}

export function setProfile(profile: UserProfile): void {
  if (state.user?.id === profile.id) set({ profile });
}

export function clearNotice(): void {
  if (state.notice) set({ notice: null });
}
