import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerStorage, normalizeIp, ThrottlerException, ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/app-config';

export interface IpRateLimit {
  /** Bucket name: routes sharing a name share a budget. */
  name: string;
  /** Requests per window before RATE_LIMIT_MULTIPLIER. */
  limit: number;
  windowMs: number;
}

const IP_RATE_LIMIT = 'ipRateLimit';

/** Declares a per-IP budget for a route, enforced by IpRateLimitGuard and scaled by RATE_LIMIT_MULTIPLIER. */
export const RateLimitPerIp = (limit: IpRateLimit) => SetMetadata(IP_RATE_LIMIT, limit);

export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';

/**
 * A tighter per-IP limit than the global throttler for abuse-prone public forms. It keeps its
 * counters in the throttler's storage (which expires them itself) and multiplies the budget
 * by RATE_LIMIT_MULTIPLIER, which the @Throttle() decorator cannot read at runtime.
 */
@Injectable()
export class IpRateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<IpRateLimit | undefined>(IP_RATE_LIMIT, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rule) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const limit = Math.max(1, Math.floor(rule.limit * this.config.rateLimitMultiplier));
    const key = `ip-limit:${rule.name}:${normalizeIp(req.ip ?? 'unknown')}`;
    const record = await this.storage.increment(key, rule.windowMs, limit, rule.windowMs, rule.name);
    if (record.isBlocked) {
      http.getResponse<FastifyReply>().header('Retry-After', String(Math.max(1, record.timeToBlockExpire)));
      throw new ThrottlerException(TOO_MANY_REQUESTS);
    }
    return true;
  }
}
