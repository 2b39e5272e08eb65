import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { SlidingWindow } from './sliding-window';

export const LOGIN_FAILURES_ALLOWED = 5;
export const LOGIN_LOCK_MS = 15 * 60_000;
export const REFRESHES_PER_MINUTE = 20;

/**
 * Per-account limits, deliberately NOT relaxed by RATE_LIMIT_MULTIPLIER: five failed logins for one
 * e-mail within 15 minutes lock that e-mail out for 15 minutes; a user may refresh 20 times a minute.
 */
@Injectable()
export class AccountLimitsService {
  private readonly loginFailures = new SlidingWindow(LOGIN_FAILURES_ALLOWED, LOGIN_LOCK_MS);
  private readonly refreshes = new SlidingWindow(REFRESHES_PER_MINUTE, 60_000);
  private readonly lockedUntil = new Map<string, number>();

  isLoginLocked(email: string, now = Date.now()): boolean {
    const until = this.lockedUntil.get(email);
    if (until === undefined) return false;
    if (until > now) return true;
    this.lockedUntil.delete(email);
    return false;
  }

  recordLoginFailure(email: string, now = Date.now()): void {
    if (this.loginFailures.record(email, now) >= LOGIN_FAILURES_ALLOWED) {
      this.lockedUntil.set(email, now + LOGIN_LOCK_MS);
      this.loginFailures.clear(email);
    }
  }

  recordLoginSuccess(email: string): void {
    this.loginFailures.clear(email);
  }

  /** Records a refresh for the user; false when the user is over the budget. */
  allowRefresh(userId: number): boolean {
    const key = String(userId);
    if (this.refreshes.isOver(key)) return false;
    this.refreshes.record(key);
    return true;
  }

  @Interval('account-limits-purge', 60_000)
  purge(now = Date.now()): void {
    for (const [email, until] of this.lockedUntil) if (until <= now) this.lockedUntil.delete(email);
    this.loginFailures.purge();
    this.refreshes.purge();
  }
}
