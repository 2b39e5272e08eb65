import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { RateLimitGuard } from './rate-limit.guard';

export const RATE_LIMIT_KEY = 'accountRateLimit';

export interface RateLimitRule {
  /** Routes sharing a name share one budget per IP (the public and admin logins, for instance). */
  name: string;
  /** Requests per window from one IP, before RATE_LIMIT_MULTIPLIER. */
  limit: number;
  windowMs: number;
}

/** Per-IP budgets of the sensitive account routes. */
export const RATE_LIMITS = {
  login: { name: 'login', limit: 10, windowMs: 60_000 },
  refresh: { name: 'refresh', limit: 30, windowMs: 60_000 },
  signUp: { name: 'sign-up', limit: 5, windowMs: 60_000 },
  verifyEmail: { name: 'verify-email', limit: 20, windowMs: 60_000 },
  resetRequest: { name: 'reset-request', limit: 5, windowMs: 60_000 },
  resetConfirm: { name: 'reset-confirm', limit: 20, windowMs: 60_000 },
  changePassword: { name: 'change-password', limit: 5, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>;

/** A per-IP limit (multiplied by RATE_LIMIT_MULTIPLIER) answered with a 429 JSON error. */
export function RateLimit(rule: RateLimitRule) {
  return applyDecorators(
    SetMetadata(RATE_LIMIT_KEY, rule),
    UseGuards(RateLimitGuard),
    ApiTooManyRequestsResponse({
      description: `More than ${rule.limit} requests per ${rule.windowMs / 1000} s from one IP address (times RATE_LIMIT_MULTIPLIER).`,
    }),
  );
}
