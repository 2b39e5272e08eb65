import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RedisService } from './redis.service';

export interface LimiterOptions {
  /** Names the counters; distinct per limiter. */
  keyPrefix: string;
  points: number;
  /** Seconds the counter of a key lives (from its first point). */
  duration: number;
  /** Seconds a key stays blocked once it goes over `points` (0: only until the counter expires). */
  blockDuration?: number;
}

/** A counter in Redis when REDIS_URL is set (shared by every instance), in this process otherwise. */
export function createLimiter(redis: RedisService, options: LimiterOptions): RateLimiterAbstract {
  if (!redis.enabled) return new RateLimiterMemory(options);
  // Fail fast while Redis is away instead of waiting: the caller turns the error into a 503.
  return new RateLimiterRedis({ ...options, storeClient: redis.client, rejectIfRedisNotReady: true });
}

/** rate-limiter-flexible rejects with a RateLimiterRes when over the limit and with an Error when the store fails. */
export function isOverLimit(outcome: unknown): outcome is RateLimiterRes {
  return outcome instanceof RateLimiterRes;
}

/** Consumes points; resolves to the result, whether over the limit or not. Store failures reject. */
export async function consume(limiter: RateLimiterAbstract, key: string, points = 1): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key, points);
  } catch (outcome) {
    if (isOverLimit(outcome)) return outcome;
    throw outcome;
  }
}

/** Whether a key has gone over its points (and so is blocked), with the milliseconds left. */
export async function blockedFor(limiter: RateLimiterAbstract, key: string): Promise<number> {
  const res = await limiter.get(key);
  return res && res.consumedPoints > limiter.points ? Math.max(1, res.msBeforeNext) : 0;
}
