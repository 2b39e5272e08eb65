import type { TokenPair } from '@shared/api/account';
import { readClaims } from './claims';
import { forgetRenewal } from './handoff';

/** The localStorage entry that holds the session, shared by the site and the back-office (same origin). */
export const TOKENS_KEY = 'authTokens';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser's privacy settings
  }
}

/** A stored value as a pair, or null when it is missing, malformed or its access token has no claims. */
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
  void forgetRenewal();
}
