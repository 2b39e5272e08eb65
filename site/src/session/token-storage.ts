import type { TokenPair } from '@shared/api/account';

/** The localStorage entry that holds the session (shared with the back-office). */
export const TOKENS_KEY = 'authTokens';

export interface TokenClaims {
  userId: number;
  isAdmin: boolean;
  /** Seconds since the epoch. */
  exp: number;
  iat: number;
}

/** Reads the claims of an access token without checking it: only the server can do that. */
export function readClaims(access: string): TokenClaims | null {
  try {
    const part = access.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as Record<string, unknown>;
    const { user_id: userId, is_admin: isAdmin, exp, iat } = claims;
    if (!Number.isInteger(userId) || typeof exp !== 'number') return null;
    return {
      userId: userId as number,
      isAdmin: isAdmin === true,
      exp,
      iat: typeof iat === 'number' ? iat : exp - 300,
    };
  } catch {
    return null;
  }
}

/** True when the token expires within `skewMs` (so a call made now would arrive with a dead token). */
export function isExpired(access: string, skewMs = 10_000): boolean {
  const claims = readClaims(access);
  return !claims || claims.exp * 1000 - skewMs <= Date.now();
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser's privacy settings
  }
}

export function parseTokens(raw: string | null): TokenPair | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<TokenPair> | null;
    if (typeof value?.access !== 'string' || typeof value.refresh !== 'string') return null;
    return readClaims(value.access) ? { access: value.access, refresh: value.refresh } : null;
  } catch {
    return null;
  }
}

export function readTokens(): TokenPair | null {
  return parseTokens(storage()?.getItem(TOKENS_KEY) ?? null);
}

export function writeTokens(tokens: TokenPair): void {
  storage()?.setItem(TOKENS_KEY, JSON.stringify({ access: tokens.access, refresh: tokens.refresh }));
}

export function clearTokens(): void {
  storage()?.removeItem(TOKENS_KEY);
}
