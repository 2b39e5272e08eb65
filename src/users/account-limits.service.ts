import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import { RateLimiterAbstract } from 'rate-limiter-flexible';
import { blockedFor, consume, createLimiter } from '../redis/limiters';
import { RedisService } from '../redis/redis.service';
import { needsSharedState } from '../redis/redis-unavailable';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Password guessing, deliberately NOT relaxed by RATE_LIMIT_MULTIPLIER. The numbers the README states:
 * - per account and client IP: 5 failures are free; the 5th blocks that pair for 1 minute, and each
 *   further failure doubles the block (2, 4, 8 … minutes, at most 1 hour). The count is kept 24 hours
 *   from the first failure and cleared by a successful sign-in from that IP;
 * - per account, from all IPs together: 100 failures in an hour close the account for an hour to
 *   clients that have not signed in to it from their IP in the last 14 days. Such a client is not
 *   simply refused: its attempt is answered by LoginService with "we e-mailed a sign-in link if the
 *   password is right", and the link (opened on the owner's device) makes that client known.
 */
export const LOGIN_THROTTLE = {
  freeFailures: 5,
  firstDelaySeconds: MINUTE,
  maxDelaySeconds: HOUR,
  failureMemorySeconds: DAY,
  accountCeiling: 100,
  accountCeilingWindowSeconds: HOUR,
  accountCeilingBlockSeconds: HOUR,
  knownClientSeconds: 14 * DAY,
} as const;

export const REFRESHES_PER_MINUTE = 20;

/**
 * The e-mails a public sign-up sends to its address (the verification link, or, when the address
 * already has an account, the notice to its owner that someone tried to sign up with it), per
 * recipient address whatever the client and however many clients: at most one every 5 minutes and
 * 5 in 24 hours. A sign-up past either limit is answered exactly as usual and sends nothing (the
 * last link sent still works). Not relaxed by RATE_LIMIT_MULTIPLIER.
 */
export const SIGN_UP_MAILS = { intervalSeconds: 5 * MINUTE, perDay: 5 } as const;

/**
 * `accountClosed`: the refusal comes from the account's ceiling (the client is unknown to the
 * account), not from this client's own failures: the owner gets in through an e-mailed link.
 */
export type LoginGate = { allowed: true } | { allowed: false; retryAfterSeconds: number; accountClosed?: true };

/** Seconds a (account, IP) pair waits after its n-th consecutive failure. */
export function loginDelaySeconds(failures: number): number {
  if (failures < LOGIN_THROTTLE.freeFailures) return 0;
  const doubled = LOGIN_THROTTLE.firstDelaySeconds * 2 ** (failures - LOGIN_THROTTLE.freeFailures);
  return Math.min(doubled, LOGIN_THROTTLE.maxDelaySeconds);
}

/** An e-mail never reaches the shared store in clear. */
function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

/**
 * Per-account limits on rate-limiter-flexible counters: in Redis when REDIS_URL is set (so every
 * instance sees the same failures), in memory otherwise. Redis unreachable: a 503, never a pass.
 */
@Injectable()
export class AccountLimitsService {
  private readonly pairFailures: RateLimiterAbstract;
  private readonly pairBlocks: RateLimiterAbstract;
  private readonly accountFailures: RateLimiterAbstract;
  private readonly knownClients: RateLimiterAbstract;
  private readonly refreshes: RateLimiterAbstract;
  private readonly signUpMailGap: RateLimiterAbstract;
  private readonly signUpMailsPerDay: RateLimiterAbstract;

  constructor(redis: RedisService) {
    const t = LOGIN_THROTTLE;
    this.pairFailures = createLimiter(redis, {
      keyPrefix: 'login-fail',
      points: Number.MAX_SAFE_INTEGER,
      duration: t.failureMemorySeconds,
    });
    this.pairBlocks = createLimiter(redis, { keyPrefix: 'login-block', points: 1, duration: t.maxDelaySeconds });
    this.accountFailures = createLimiter(redis, {
      keyPrefix: 'login-account',
      points: t.accountCeiling,
      duration: t.accountCeilingWindowSeconds,
      blockDuration: t.accountCeilingBlockSeconds,
    });
    this.knownClients = createLimiter(redis, { keyPrefix: 'login-known', points: 1, duration: t.knownClientSeconds });
    this.refreshes = createLimiter(redis, { keyPrefix: 'refresh', points: REFRESHES_PER_MINUTE, duration: MINUTE });
    // The gap's window opens with the mail that is sent: the next one can go once it is over.
    this.signUpMailGap = createLimiter(redis, {
      keyPrefix: 'signup-mail-gap',
      points: 1,
      duration: SIGN_UP_MAILS.intervalSeconds,
    });
    this.signUpMailsPerDay = createLimiter(redis, {
      keyPrefix: 'signup-mail-day',
      points: SIGN_UP_MAILS.perDay,
      duration: DAY,
    });
  }

  /**
   * Takes one of the address's sign-up e-mails (SIGN_UP_MAILS); false when none may be sent now,
   * too soon after the last one or past the day's cap. Atomic in the store: of parallel sign-ups
   * from any number of clients, one at most gets it.
   */
  takeSignUpMail(email: string): Promise<boolean> {
    return needsSharedState(async () => {
      const key = accountKey(email);
      if ((await consume(this.signUpMailGap, key)).consumedPoints > 1) return false;
      return (await consume(this.signUpMailsPerDay, key)).consumedPoints <= SIGN_UP_MAILS.perDay;
    });
  }

  /** Gives back a mail taken by takeSignUpMail that was not queued after all (its sign-up failed). */
  returnSignUpMail(email: string): Promise<void> {
    return needsSharedState(async () => {
      const key = accountKey(email);
      await this.signUpMailGap.reward(key, 1);
      await this.signUpMailsPerDay.reward(key, 1);
    });
  }

  /** Whether this client may try a password for this account now. */
  loginGate(email: string, ip: string): Promise<LoginGate> {
    return needsSharedState(async () => {
      const pair = this.pairKey(email, ip);
      const pairMs = await blockedFor(this.pairBlocks, pair);
      if (pairMs) return { allowed: false, retryAfterSeconds: Math.ceil(pairMs / 1000) };
      const accountMs = await blockedFor(this.accountFailures, accountKey(email));
      if (accountMs && !(await this.knownClients.get(pair))) {
        return { allowed: false, retryAfterSeconds: Math.ceil(accountMs / 1000), accountClosed: true };
      }
      return { allowed: true };
    });
  }

  recordLoginFailure(email: string, ip: string): Promise<void> {
    return needsSharedState(async () => {
      const pair = this.pairKey(email, ip);
      const failures = (await consume(this.pairFailures, pair)).consumedPoints;
      const delay = loginDelaySeconds(failures);
      if (delay) await this.pairBlocks.block(pair, delay);
      await consume(this.accountFailures, accountKey(email));
    });
  }

  recordLoginSuccess(email: string, ip: string): Promise<void> {
    return needsSharedState(async () => {
      const pair = this.pairKey(email, ip);
      await this.pairFailures.delete(pair);
      await this.knownClients.set(pair, 1, LOGIN_THROTTLE.knownClientSeconds);
    });
  }

  /**
   * The owner opened an e-mailed sign-in link on this client: it counts as a client that signed in
   * (past the account's ceiling), and its own failures and block are forgotten.
   */
  trustClient(email: string, ip: string): Promise<void> {
    return needsSharedState(async () => {
      const pair = this.pairKey(email, ip);
      await this.pairFailures.delete(pair);
      await this.pairBlocks.delete(pair);
      await this.knownClients.set(pair, 1, LOGIN_THROTTLE.knownClientSeconds);
    });
  }

  /** Records a refresh for the user; false when the user is over the budget. */
  allowRefresh(userId: number): Promise<boolean> {
    return needsSharedState(
      async () => (await consume(this.refreshes, String(userId))).consumedPoints <= REFRESHES_PER_MINUTE,
    );
  }

  private pairKey(email: string, ip: string): string {
    return `${accountKey(email)}:${normalizeIp(ip || 'unknown')}`;
  }
}
