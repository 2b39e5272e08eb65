import type { AccessTokenClaims } from '@shared/api/account';

/** What the browser reads from an access token. It never checks the signature: only the server can. */
export interface TokenClaims {
  userId: number;
  isAdmin: boolean;
  /** An agent of the lead desk: the back-office's leads, not its admin pages. */
  isAgent: boolean;
  /** Seconds since the epoch. */
  exp: number;
  /** Seconds since the epoch (five minutes before `exp` when the token carries none). */
  iat: number;
}

/** The claims of an access token (`user_id`, `is_admin`, `is_agent`, `exp`, `iat`), or null when it is not one. */
export function readClaims(access: string | null | undefined): TokenClaims | null {
  try {
    const part = access?.split('.')[1] ?? '';
    // The server's claims (AccessTokenClaims), read defensively: nothing here is checked yet.
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Partial<
      Record<keyof AccessTokenClaims, unknown>
    > | null;
    const { user_id: userId, is_admin: isAdmin, is_agent: isAgent, exp, iat } = claims ?? {};
    if (!Number.isInteger(userId) || typeof exp !== 'number') return null;
    return {
      userId: userId as number,
      isAdmin: isAdmin === true,
      isAgent: isAgent === true,
      exp,
      iat: typeof iat === 'number' ? iat : exp - 300,
    };
  } catch {
    return null;
  }
}

/** True when the token is unreadable or expires within `skewMs` (a call made now would arrive with a dead token). */
export function isExpired(access: string, skewMs = 10_000): boolean {
  const claims = readClaims(access);
  return !claims || claims.exp * 1000 - skewMs <= Date.now();
}
