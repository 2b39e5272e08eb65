import { randomUUID } from 'node:crypto';
import { HttpException, HttpStatus, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Cron, CronExpression } from '@nestjs/schedule';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, Repository } from 'typeorm';
import { ACCOUNT_MESSAGES } from '../shared/rules/account';
import { TokenPair } from '../shared/api/account';
import { RefreshToken } from '../users/entities/refresh-token.entity';
import { User } from '../users/entities/user.entity';
import { AccountLimitsService } from './account-limits.service';
import { AccessTokenPayload } from './jwt.strategy';
import { safeEqual, sha256Hex } from './token-hash';

export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
/** Absolute lifetime of a login session: rotation never extends it. */
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** A used refresh token presented again within this time is refused without revoking the family. */
export const REPLAY_GRACE_MS = 10_000;

interface RefreshTokenPayload {
  user_id: number;
  token_type: 'refresh';
  jti: string;
  exp: number;
}

/**
 * Access tokens (stateless, 5 min) and refresh tokens (stored hashed by jti, single use, rotated on
 * each refresh). Presenting an already-used refresh token is taken as theft: every refresh token of
 * that user is revoked.
 */
@Injectable()
export class TokensService {
  private readonly logger = new Logger(TokensService.name);

  constructor(
    private readonly jwt: JwtService,
    private readonly limits: AccountLimitsService,
    @InjectRepository(RefreshToken) private readonly refreshTokens: Repository<RefreshToken>,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  signAccess(user: Pick<User, 'id' | 'is_superuser'>): string {
    const payload: AccessTokenPayload = { user_id: user.id, is_admin: user.is_superuser, token_type: 'access' };
    return this.jwt.sign(payload, { expiresIn: ACCESS_TOKEN_TTL_SECONDS });
  }

  /** A new session (login), or the next pair of an existing one keeping its absolute expiry. */
  async issuePair(user: Pick<User, 'id' | 'is_superuser'>, sessionExpiresAt?: number): Promise<TokenPair> {
    const exp = sessionExpiresAt ?? Math.floor(Date.now() / 1000) + REFRESH_TOKEN_TTL_SECONDS;
    const jti = randomUUID();
    const payload: RefreshTokenPayload = { user_id: user.id, token_type: 'refresh', jti, exp };
    const refresh = this.jwt.sign(payload);
    await this.refreshTokens.insert({
      id: jti,
      user_id: user.id,
      token_hash: sha256Hex(refresh),
      expires_at: new Date(exp * 1000),
      used_at: null,
      revoked_at: null,
    });
    return { access: this.signAccess(user), refresh };
  }

  async rotate(refresh: string): Promise<TokenPair> {
    const payload = this.decode(refresh);
    const row = payload && (await this.refreshTokens.findOne({ where: { id: payload.jti } }));
    if (!payload || !row || row.user_id !== payload.user_id || !safeEqual(row.token_hash, sha256Hex(refresh))) {
      throw this.invalid();
    }
    if (row.revoked_at) throw this.invalid();
    if (row.used_at) {
      // Two tabs refreshing at the same moment is a race, not a theft: refuse without revoking.
      if (Date.now() - row.used_at.getTime() < REPLAY_GRACE_MS) throw this.invalid();
      await this.revokeAll(row.user_id);
      this.logger.warn(`Refresh token replayed for user ${row.user_id}: every session of the user was revoked`);
      throw this.invalid();
    }
    if (!this.limits.allowRefresh(row.user_id)) {
      throw new HttpException({ message: ACCOUNT_MESSAGES.refreshLimited }, HttpStatus.TOO_MANY_REQUESTS);
    }
    const claimed = await this.refreshTokens.update({ id: row.id, used_at: IsNull(), revoked_at: IsNull() }, { used_at: new Date() });
    if (!claimed.affected) {
      await this.revokeAll(row.user_id);
      throw this.invalid();
    }
    const user = await this.users.findOne({ where: { id: row.user_id }, select: { id: true, is_superuser: true, is_active: true } });
    if (!user || !user.is_active) {
      await this.revokeAll(row.user_id);
      throw this.invalid();
    }
    return this.issuePair(user, payload.exp);
  }

  /** Logout: the presented refresh token stops working. Unknown or invalid tokens are ignored. */
  async revoke(refresh: string): Promise<void> {
    const payload = this.decode(refresh);
    if (!payload) return;
    await this.refreshTokens.update(
      { id: payload.jti, user_id: payload.user_id, token_hash: sha256Hex(refresh), revoked_at: IsNull() },
      { revoked_at: new Date() },
    );
  }

  async revokeAll(userId: number): Promise<void> {
    await this.refreshTokens.update({ user_id: userId, revoked_at: IsNull() }, { revoked_at: new Date() });
  }

  @Cron(CronExpression.EVERY_HOUR, { name: 'refresh-tokens-purge' })
  async purgeExpired(): Promise<void> {
    await this.refreshTokens.delete({ expires_at: LessThan(new Date()) });
  }

  private decode(token: string): RefreshTokenPayload | null {
    try {
      const payload = this.jwt.verify<RefreshTokenPayload>(token, { algorithms: ['HS256'] });
      const valid =
        payload?.token_type === 'refresh' &&
        Number.isInteger(payload.user_id) &&
        typeof payload.jti === 'string' &&
        payload.jti.length <= 36 &&
        Number.isInteger(payload.exp);
      return valid ? payload : null;
    } catch {
      return null;
    }
  }

  private invalid(): UnauthorizedException {
    return new UnauthorizedException(ACCOUNT_MESSAGES.refreshInvalid);
  }
}
