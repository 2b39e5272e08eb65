import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';

export const RATE_LIMIT_KEY = 'ipRateLimit';
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';

export interface RateLimitRule {
  /** Routes sharing a name share one budget per IP (the public and admin logins, for instance). */
  name: string;
  /** Requests per window from one IP, before RATE_LIMIT_MULTIPLIER. */
  limit: number;
  windowMs: number;
}

/** The budget a rule allows under RATE_LIMIT_MULTIPLIER: never below one request. */
export function scaledLimit(limit: number, multiplier: number): number {
  return Math.max(1, Math.floor(limit * multiplier));
}

/**
 * A per-IP budget for a route, on top of the default one, enforced by IpRateLimitGuard (the one
 * per-IP guard) and answered with a 429 JSON error and Retry-After.
 */
export function RateLimit(rule: RateLimitRule) {
  return applyDecorators(
    SetMetadata(RATE_LIMIT_KEY, rule),
    ApiTooManyRequestsResponse({
      description: `More than ${rule.limit} requests per ${rule.windowMs / 1000} s from one IP address (times RATE_LIMIT_MULTIPLIER).`,
    }),
  );
}
