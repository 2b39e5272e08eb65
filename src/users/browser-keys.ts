import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserTokenPurpose } from './entities/user-token.entity';

/**
 * Random keys kept in an httpOnly, SameSite=Lax cookie scoped to the one API path that reads it,
 * with only their SHA-256 stored (user_tokens). An e-mailed link opened together with the key
 * shows that the browser which asked for the link is the one that opened it: the person who
 * signed up (or who asked from the account page) also controls the mailbox.
 */
export interface BrowserKey {
  cookie: string;
  /** The API path the browser sends it to (and only there). */
  path: string;
  purpose: UserTokenPurpose;
  maxAgeSeconds: number;
}

export const BROWSER_KEYS = {
  /** Set by the sign-up, read by the verification link's call. */
  signUp: {
    cookie: 'signup_browser',
    path: '/api/users/verify-email',
    purpose: 'signup_browser',
    maxAgeSeconds: 3 * 24 * 3600,
  },
  /** Set when the account page asks to confirm the earlier leads, read when the e-mailed link is opened. */
  earlierLeads: {
    cookie: 'earlier_leads_browser',
    path: '/api/users/earlier-leads',
    purpose: 'claim_browser',
    maxAgeSeconds: 3600,
  },
} as const satisfies Record<string, BrowserKey>;

export function setBrowserKey(reply: FastifyReply, key: BrowserKey, value: string, secure: boolean): void {
  reply.setCookie(key.cookie, value, {
    path: key.path,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: key.maxAgeSeconds,
  });
}

export function readBrowserKey(request: FastifyRequest, key: BrowserKey): string | undefined {
  const value = request.cookies?.[key.cookie];
  return typeof value === 'string' && value ? value : undefined;
}

export function clearBrowserKey(reply: FastifyReply, key: BrowserKey, secure: boolean): void {
  reply.clearCookie(key.cookie, { path: key.path, httpOnly: true, sameSite: 'lax', secure });
}
