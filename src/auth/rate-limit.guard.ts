import { CanActivate, ExecutionContext, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerStorage, ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { RATE_LIMIT_KEY, RateLimitRule } from './rate-limit.decorator';

export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';

/**
 * Per-IP limits of the account routes on the throttler's storage. A guard of its own because the
 * limit depends on RATE_LIMIT_MULTIPLIER, which @Throttle() cannot read at decoration time.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<RateLimitRule | undefined>(RATE_LIMIT_KEY, context.getHandler());
    if (!rule) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const limit = Math.max(1, Math.round(rule.limit * this.config.rateLimitMultiplier));
    const record = await this.storage.increment(`account:${rule.name}:${request.ip}`, rule.windowMs, limit, rule.windowMs, rule.name);
    if (record.isBlocked) {
      http.getResponse<FastifyReply>().header('Retry-After', String(Math.max(1, record.timeToBlockExpire)));
      throw new HttpException({ message: TOO_MANY_REQUESTS }, HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }
}
