import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { SIGN_IN_LINK } from './sign-in-link';
import { sha256Hex } from '../common/crypto/token-hash';
import { UserToken, UserTokenPurpose } from './entities/user-token.entity';
import { decodeUid } from './uidb64';
import { UserTokensRepository } from './user-tokens.repository';

export const USER_TOKEN_TTL_MS: Record<UserTokenPurpose, number> = {
  verify_email: 3 * 24 * 3600_000,
  reset_password: 3600_000,
  sign_in_link: SIGN_IN_LINK.ttlMs,
  claim_leads: 3600_000,
  // The sign-up's browser key lives as long as the verification link it goes with.
  signup_browser: 3 * 24 * 3600_000,
  claim_browser: 3600_000,
};

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * One-time e-mail tokens: 256 random bits sent in the link, only their SHA-256 stored. A token
 * works once, before its expiry, and only together with the uidb64 of its own user.
 */
@Injectable()
export class UserTokensService {
  constructor(private readonly tokens: UserTokensRepository) {}

  /** A new token; pass `manager` to write it in the caller's transaction. */
  async issue(userId: number, purpose: UserTokenPurpose, manager?: EntityManager): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.tokens.insert(
      {
        user_id: userId,
        purpose,
        token_hash: sha256Hex(token),
        expires_at: new Date(Date.now() + USER_TOKEN_TTL_MS[purpose]),
        used_at: null,
      },
      manager,
    );
    return token;
  }

  /** The live token row for this link, or null (unknown, tampered, used, expired, other user). */
  async find(uidb64: string, token: string, purpose: UserTokenPurpose): Promise<UserToken | null> {
    const userId = decodeUid(uidb64);
    if (userId === null || !TOKEN_SHAPE.test(token)) return null;
    const row = await this.tokens.findByHash(sha256Hex(token), purpose);
    if (!row || row.user_id !== userId || row.used_at || row.expires_at.getTime() <= Date.now()) return null;
    return row;
  }

  /** The live token of this user and purpose with this value (a browser key from a cookie), or null. */
  async findOfUser(userId: number, token: string | undefined, purpose: UserTokenPurpose): Promise<UserToken | null> {
    if (!token || !TOKEN_SHAPE.test(token)) return null;
    const row = await this.tokens.findByHash(sha256Hex(token), purpose);
    if (!row || row.user_id !== userId || row.used_at || row.expires_at.getTime() <= Date.now()) return null;
    return row;
  }

  /** Tokens of this user and purpose issued in the last `ms` (used or not): a per-account budget. */
  countRecent(userId: number, purpose: UserTokenPurpose, ms: number, manager?: EntityManager): Promise<number> {
    return this.tokens.countSince(userId, purpose, new Date(Date.now() - ms), manager);
  }

  /** Marks the token used; false when a concurrent request used it first. */
  async consume(row: UserToken): Promise<boolean> {
    return this.tokens.markUsed(row.id);
  }

  /** Voids every outstanding token of a purpose (a password change voids pending reset links). */
  async voidAll(userId: number, purpose: UserTokenPurpose, manager?: EntityManager): Promise<void> {
    await this.tokens.voidAll(userId, purpose, manager);
  }

  async purgeExpired(): Promise<void> {
    await this.tokens.purgeExpiredBefore(new Date(Date.now() - 24 * 3600_000));
  }
}
