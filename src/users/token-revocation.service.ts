import { Injectable } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { needsSharedState } from '../redis/redis-unavailable';

/** An access token lives 5 minutes: a deny entry is useless after that (plus clock leeway). */
export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
const USER_MARK_TTL_SECONDS = ACCESS_TOKEN_TTL_SECONDS + 60;
const SWEEP_EVERY_MS = 60_000;

export interface RevocableClaims {
  user_id: number;
  jti?: string;
  /** The login session the token belongs to (constant across refreshes). */
  sid?: string;
  iat?: number;
  iat_ms?: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Ends access tokens before their 5 minutes are over: one token or session by id (logout), or every
 * token of a user issued before now (refresh-token theft, a new password). In Redis when REDIS_URL
 * is set, so every instance refuses them; in memory otherwise. Entries expire with the tokens.
 */
@Injectable()
export class TokenRevocationService {
  private readonly deniedIds = new Map<string, number>();
  private readonly userMarks = new Map<number, number>();
  private lastSweep = Date.now();

  constructor(private readonly redis: RedisService) {}

  /** Denies a token (or session) id until `expiresAt` (seconds since the epoch, or a Date). */
  revokeToken(jti: string, expiresAt: number | Date): Promise<void> {
    const until = typeof expiresAt === 'number' ? expiresAt : Math.ceil(expiresAt.getTime() / 1000);
    const ttl = Math.min(until - nowSeconds(), USER_MARK_TTL_SECONDS);
    if (!jti || ttl <= 0) return Promise.resolve();
    if (!this.redis.enabled) {
      this.sweep();
      this.deniedIds.set(jti, nowSeconds() + ttl);
      return Promise.resolve();
    }
    return needsSharedState(async () => {
      await this.redis.client.set(`deny:id:${jti}`, '1', 'EX', ttl);
    });
  }

  /** Every access token of the user issued before this second stops working. */
  revokeUser(userId: number): Promise<void> {
    // Milliseconds: a token issued earlier in the same second must die, one issued just after must live.
    const mark = Date.now();
    if (!this.redis.enabled) {
      this.sweep();
      this.userMarks.set(userId, Math.max(mark, this.userMarks.get(userId) ?? 0));
      return Promise.resolve();
    }
    return needsSharedState(async () => {
      await this.redis.client.set(`deny:user:${userId}`, String(mark), 'EX', USER_MARK_TTL_SECONDS);
    });
  }

  /** True when the token was revoked by id, by session, or by a user-wide mark after it was issued. */
  isRevoked(claims: RevocableClaims): Promise<boolean> {
    const issuedMs = claims.iat_ms ?? (claims.iat ?? 0) * 1000;
    if (!this.redis.enabled) {
      const now = nowSeconds();
      const denied = (id?: string) => !!id && (this.deniedIds.get(id) ?? 0) > now;
      const mark = this.userMarks.get(claims.user_id);
      return Promise.resolve(denied(claims.jti) || denied(claims.sid) || (mark !== undefined && issuedMs < mark));
    }
    return needsSharedState(async () => {
      const [jti, sid, mark] = await this.redis.client.mget(
        `deny:id:${claims.jti ?? '-'}`,
        `deny:id:${claims.sid ?? '-'}`,
        `deny:user:${claims.user_id}`,
      );
      const denied = (!!claims.jti && jti !== null) || (!!claims.sid && sid !== null);
      return denied || (mark !== null && issuedMs < Number(mark));
    });
  }

  private sweep(): void {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    const now = nowSeconds();
    for (const [id, until] of this.deniedIds) if (until <= now) this.deniedIds.delete(id);
    for (const [user, mark] of this.userMarks)
      if (mark / 1000 + USER_MARK_TTL_SECONDS <= now) this.userMarks.delete(user);
  }
}
