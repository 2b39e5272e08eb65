import { MINUTE_MS } from '../common/time/durations';

/**
 * The e-mailed sign-in link of an account closed by its ceiling of failed logins (see
 * AccountLimitsService): the answer to every attempt from a client the account does not know is
 * the same, and the link is sent only when the password was right. Opening it makes the client
 * that opens it known to the account, so the password then signs in from there.
 */
export const SIGN_IN_LINK = {
  /** The outbox kind: the mail is written when it is sent (the link is never stored). */
  kind: 'sign-in-link',
  subject: 'Tu enlace para iniciar sesión',
  ttlMs: 15 * MINUTE_MS,
  /** At most this many links per account and hour; past it nothing more is sent. */
  perAccountPerHour: 5,
} as const;
