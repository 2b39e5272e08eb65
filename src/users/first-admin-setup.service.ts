import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { safeEqual, sha256Hex } from '../common/crypto/token-hash';
import { AppConfig } from '../config/app-config';
import { RedisService } from '../redis/redis.service';
import { needsSharedState } from '../redis/redis-unavailable';

/** Name of the query parameter of the set-up URL and (as X-Setup-Token) of the header; the body field is `setup_token`. */
export const SETUP_TOKEN_PARAM = 'setup';
export const SETUP_TOKEN_HEADER = 'x-setup-token';

/** How long a logged set-up link lasts with Redis (every replica checks it there). */
const SHARED_TOKEN_TTL_SECONDS = 24 * 60 * 60;
/** One first-admin creation at a time across replicas. */
const CLAIM_TTL_MS = 30_000;

/**
 * The first admin of a fresh deployment. While no admin exists (and ADMIN_EMAIL is unset) the
 * server prints a one-time set-up URL in its log at start-up; only whoever can read that log can
 * create the first admin. Without Redis the token lives in this process's memory (one instance):
 * it dies when used and on restart. With REDIS_URL (several replicas behind one proxy) its hash is
 * kept in Redis for 24 hours, so the link works whichever replica answers it, and using one link
 * ends every replica's.
 */
@Injectable()
export class FirstAdminSetupService {
  private readonly logger = new Logger('FirstAdminSetup');
  private token: string | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly redis: RedisService,
  ) {}

  private get key(): string {
    return 'first-admin:tokens';
  }

  /** Issues a new token and logs the URL to use. */
  async open(): Promise<void> {
    const token = randomBytes(24).toString('base64url');
    if (this.redis.enabled) {
      await needsSharedState(async () => {
        await this.redis.client
          .multi()
          .sadd(this.key, sha256Hex(token))
          .expire(this.key, SHARED_TOKEN_TTL_SECONDS)
          .exec();
      });
    }
    this.token = token;
    const url = `${this.config.publicUrl}/admin/sign-up?${SETUP_TOKEN_PARAM}=${token}`;
    this.logger.warn(
      `No admin account exists yet. Create the first one at ${url} ` +
        (this.redis.enabled
          ? '(one-time link, valid 24 hours on every replica: it stops working once used).'
          : '(one-time link: it stops working once used or when the server restarts).'),
    );
  }

  /** Whether a set-up link may be pending (this process's, or any replica's). */
  async isOpen(): Promise<boolean> {
    if (!this.redis.enabled) return this.token !== null;
    return needsSharedState(async () => (await this.redis.client.scard(this.key)) > 0);
  }

  /** Constant-time check of a presented token (false when none is pending). */
  async matches(candidate: unknown): Promise<boolean> {
    if (typeof candidate !== 'string' || !candidate) return false;
    if (!this.redis.enabled) return this.token !== null && safeEqual(candidate, this.token);
    // A set member is found by the token's hash: the token itself is never stored or compared in clear.
    return needsSharedState(async () => (await this.redis.client.sismember(this.key, sha256Hex(candidate))) === 1);
  }

  /**
   * Runs `create` as the one first-admin creation under way across replicas (one process: the
   * caller's own queue serialises it); false when another replica is creating one right now.
   */
  async exclusively<T>(create: () => Promise<T>): Promise<{ done: true; value: T } | { done: false }> {
    if (!this.redis.enabled) return { done: true, value: await create() };
    const claim = `${this.key}:claim`;
    const claimed = await needsSharedState(() => this.redis.client.set(claim, '1', 'PX', CLAIM_TTL_MS, 'NX'));
    if (claimed !== 'OK') return { done: false };
    try {
      return { done: true, value: await create() };
    } finally {
      await this.redis.client.del(claim).catch(() => undefined);
    }
  }

  /** Ends every pending set-up link (this process's and, with Redis, every replica's). */
  async close(): Promise<void> {
    this.token = null;
    if (this.redis.enabled) await needsSharedState(async () => void (await this.redis.client.del(this.key)));
  }
}
