import { ExecutionContext, HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/app-config';
import { SharedStateUnavailableException } from '../../redis/redis-unavailable';
import { warmUpAddress } from '../http/warm-up';
import { RATE_LIMIT_KEY, RateLimitRule, scaledLimit, TOO_MANY_REQUESTS } from './rate-limit.decorator';

const WARN_EVERY_MS = 10_000;

/**
 * The one per-IP limit of the API, on @nestjs/throttler and its storage (Redis when REDIS_URL is
 * set, so every instance counts the same requests). Every route has the default budget; a route
 * with @RateLimit() has its own as well. While the store is unreachable the default budget is
 * waived (browsing keeps working) but a route with its own budget answers 503: its limit protects
 * something (sign-in, e-mails sent, forms).
 */
@Injectable()
export class IpRateLimitGuard extends ThrottlerGuard {
  private readonly log = new Logger('RateLimits');
  private lastWarning = 0;
  /**
   * Each request's client, read once: the default budget and a route's own both ask for it, and
   * with TRUST_PROXY each reading walks X-Forwarded-For again. Gone with the request.
   */
  private readonly trackers = new WeakMap<object, string>();

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly config: AppConfig,
  ) {
    super(options, storage, reflector);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    try {
      await super.canActivate(context);
    } catch (err) {
      if (err instanceof HttpException) throw err;
      this.warnStoreDown(err);
    }
    const rule = this.reflector.getAllAndOverride<RateLimitRule | undefined>(RATE_LIMIT_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rule) return true;
    const limit = scaledLimit(rule.limit, this.config.rateLimitMultiplier);
    try {
      await this.handleRequest({
        context,
        limit,
        ttl: rule.windowMs,
        blockDuration: rule.windowMs,
        throttler: { name: rule.name, limit, ttl: rule.windowMs, setHeaders: false },
        getTracker: this.commonOptions.getTracker!,
        generateKey: (_context, tracker, name) => `ip:${name}:${tracker}`,
      });
    } catch (err) {
      if (err instanceof HttpException) throw err;
      this.warnStoreDown(err);
      throw new SharedStateUnavailableException();
    }
    return true;
  }

  /**
   * The client's address; the start-up warm-up's requests count under their documentation address
   * (the client's is still read first, so the warm-up runs that code as a visitor's request does).
   */
  protected async getTracker(req: Record<string, any>): Promise<string> {
    const known = this.trackers.get(req);
    if (known !== undefined) return known;
    const client = await super.getTracker(req);
    const tracker = warmUpAddress((req as FastifyRequest).headers) ?? client;
    this.trackers.set(req, tracker);
    return tracker;
  }

  /**
   * The default budget's key: per route and client, as the library's own, but as it is (the
   * library hashes it with SHA-256 at every request, the largest part of this guard's CPU in a
   * profile of the lead burst). Route names and client addresses are short, so the keys are too.
   */
  protected generateKey(context: ExecutionContext, tracker: string, name: string): string {
    return `${context.getClass().name}-${context.getHandler().name}-${name}-${tracker}`;
  }

  protected async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    reply.header('Retry-After', String(Math.max(1, detail.timeToBlockExpire)));
    throw new HttpException({ message: TOO_MANY_REQUESTS }, HttpStatus.TOO_MANY_REQUESTS);
  }

  private warnStoreDown(err: unknown): void {
    if (Date.now() - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = Date.now();
    this.log.warn(
      `Rate-limit store unreachable (${(err as Error)?.message}): default budget waived, limited routes answer 503`,
    );
  }
}
