import { randomUUID } from 'node:crypto';
import { HttpException, HttpStatus, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { MetricsService } from '../metrics/metrics.service';
import { ACCOUNT_MESSAGES } from '../../shared/rules/account';
import { TokenPair } from '../../shared/api/account';
import { User } from './entities/user.entity';
import { SessionsRepository } from './sessions.repository';
import { UsersRepository } from './users.repository';
import { AccountLimitsService } from './account-limits.service';
import { AccessTokenPayload } from '../common/decorators/auth-user';
import { ACCESS_TOKEN_TTL_SECONDS, TokenRevocationService } from './token-revocation.service';
import { safeEqual, sha256Hex } from '../common/crypto/token-hash';
import { describeQueryError, isForeignKeyViolation } from '../database/db-errors';

export { ACCESS_TOKEN_TTL_SECONDS };
/** Absolute lifetime of a login session: rotation never extends it. */
/** What an access token says of its user's roles (re-read from the database on every request). */
type StaffFlags = Pick<User, 'id' | 'is_superuser' | 'is_agent'>;

export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** A used refresh token presented again within this time gets another pair of its session (see reusableAfterUse). */
export const REPLAY_GRACE_MS = 10_000;

/** Tokens were asked for an account that no longer exists (deleted during the request). */
export class AccountGoneException extends UnauthorizedException {
  constructor() {
    super(ACCOUNT_MESSAGES.refreshInvalid);
  }
}

interface RefreshTokenPayload {
  user_id: number;
  token_type: 'refresh';
  jti: string;
  /** The login session: the first refresh token's jti, kept by every rotation. */
  sid?: string;
  exp: number;
  iat?: number;
}

/**
 * Access tokens (stateless, 5 min) and refresh tokens (stored hashed by jti, single use, rotated on
 * each refresh). Presenting an already-used refresh token is taken as theft: every refresh token of
 * that user is revoked, unless it comes back within a few seconds of its use (see reusableAfterUse).
 */
@Injectable()
export class TokensService {
  private readonly logger = new Logger(TokensService.name);

  constructor(
    private readonly jwt: JwtService,
    private readonly limits: AccountLimitsService,
    private readonly revocation: TokenRevocationService,
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly metrics: MetricsService,
  ) {}

  /** An access token with its own id (jti, for logout) and its session's id (sid). */
  signAccess(user: StaffFlags, sid?: string): string {
    const payload: AccessTokenPayload = {
      user_id: user.id,
      is_admin: user.is_superuser,
      is_agent: user.is_agent,
      token_type: 'access',
      jti: randomUUID(),
      ...(sid ? { sid } : {}),
      iat_ms: Date.now(),
    };
    return this.jwt.sign(payload, { expiresIn: ACCESS_TOKEN_TTL_SECONDS });
  }

  /** A new session (login), or the next pair of an existing one keeping its absolute expiry and id. */
  async issuePair(user: StaffFlags, session?: { expiresAt: number; sid?: string }): Promise<TokenPair> {
    return (await this.issue(user, session)).pair;
  }

  private async issue(
    user: StaffFlags,
    session?: { expiresAt: number; sid?: string },
  ): Promise<{ pair: TokenPair; jti: string; sid: string }> {
    const exp = session?.expiresAt ?? Math.floor(Date.now() / 1000) + REFRESH_TOKEN_TTL_SECONDS;
    const jti = randomUUID();
    const sid = session?.sid ?? jti;
    const payload: RefreshTokenPayload = { user_id: user.id, token_type: 'refresh', jti, sid, exp };
    const refresh = this.jwt.sign(payload);
    try {
      await this.sessions.insert({
        id: jti,
        user_id: user.id,
        session_id: sid,
        token_hash: sha256Hex(refresh),
        expires_at: new Date(exp * 1000),
        used_at: null,
        revoked_at: null,
      });
    } catch (err) {
      // The account was deleted since it was read (a login or refresh racing its deletion): its
      // token row refers to no user. No session for an account that is gone: 401, as for a wrong login.
      if (!isForeignKeyViolation(err)) throw err;
      this.logger.warn(`Tokens for an account deleted meanwhile were refused: ${describeQueryError(err)}`);
      throw new AccountGoneException();
    }
    return { pair: { access: this.signAccess(user, sid), refresh }, jti, sid };
  }

  async rotate(refresh: string): Promise<TokenPair> {
    const started = Date.now();
    const payload = this.decode(refresh);
    const row = payload && (await this.sessions.findById(payload.jti));
    if (!payload || !row || row.user_id !== payload.user_id || !safeEqual(row.token_hash, sha256Hex(refresh))) {
      throw this.invalid();
    }
    if (row.revoked_at) throw this.invalid();
    if (row.used_at) {
      const reusable = await this.reusableAfterUse(row.used_at, payload);
      this.metrics.refreshTokenReused(reusable ? 'grace' : 'revoked');
      if (!reusable) {
        await this.revokeAll(row.user_id);
        this.logger.warn(`Refresh token replayed for user ${row.user_id}: every session of the user was revoked`);
        throw this.invalid();
      }
    }
    if (!(await this.limits.allowRefresh(row.user_id))) {
      throw new HttpException({ message: ACCOUNT_MESSAGES.refreshLimited }, HttpStatus.TOO_MANY_REQUESTS);
    }
    // A concurrent request may spend the token first: that is the same race as above.
    if (!row.used_at && !(await this.sessions.markUsed(row.id))) {
      const used = await this.sessions.findById(row.id);
      const reusable = !!used?.used_at && !used.revoked_at && (await this.reusableAfterUse(used.used_at, payload));
      this.metrics.refreshTokenReused(reusable ? 'grace' : 'revoked');
      if (!reusable) {
        await this.revokeAll(row.user_id);
        throw this.invalid();
      }
    }
    const user = await this.users.findById(row.user_id, {
      id: true,
      is_superuser: true,
      is_agent: true,
      is_active: true,
    });
    if (!user || !user.is_active) {
      await this.revokeAll(row.user_id);
      throw this.invalid();
    }
    const next = await this.issue(user, { expiresAt: payload.exp, sid: payload.sid });
    // A logout, "sign out everywhere" or new password that landed while this rotation was under way
    // revoked the rows it could see, not the one just written: the deny-list has it, so the new pair
    // is ended too rather than carrying the session on.
    if (await this.revocation.isRevoked({ user_id: user.id, sid: next.sid, iat_ms: started })) {
      await this.sessions.revokeOne(next.jti);
      throw this.invalid();
    }
    return next.pair;
  }

  /**
   * A refresh token presented again within REPLAY_GRACE_MS of its use is the same client asking
   * twice, not a thief: a page that was left (or a response that was lost) while its refresh was
   * under way never stored the new pair, and two tabs can refresh at the same moment. It gets
   * another pair of the same session, unless that session was ended (logout) since. Later, reuse
   * is theft.
   */
  private async reusableAfterUse(usedAt: Date, payload: RefreshTokenPayload): Promise<boolean> {
    if (Date.now() - usedAt.getTime() >= REPLAY_GRACE_MS) return false;
    return !(await this.revocation.isRevoked({ user_id: payload.user_id, sid: payload.sid, iat_ms: usedAt.getTime() }));
  }

  /**
   * Logout ends the whole login session for good: every refresh token of it, of every chain (one
   * forked by the replay grace included), and its access tokens until they expire (by session id
   * on the deny-list, set first so a rotation under way sees it), plus the access token sent with
   * the request. Invalid tokens are ignored.
   */
  async revoke(refresh: string, access?: string): Promise<void> {
    const claims = access ? this.decodeAccess(access) : null;
    if (claims?.jti) await this.revocation.revokeToken(claims.jti, claims.exp);
    const payload = this.decode(refresh);
    if (!payload) return;
    const row = await this.sessions.findById(payload.jti);
    if (!row || row.user_id !== payload.user_id || !safeEqual(row.token_hash, sha256Hex(refresh))) return;
    const sid = row.session_id ?? payload.sid;
    if (sid) {
      await this.revocation.revokeToken(sid, Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS);
      await this.sessions.revokeSession(sid, row.user_id);
    }
    await this.sessions.revoke(payload.jti, payload.user_id, row.token_hash);
  }

  /** Ends every session of the user: refresh tokens in the database, access tokens on the deny-list. */
  async revokeAll(userId: number): Promise<void> {
    await this.sessions.revokeAllOf(userId);
    await this.revocation.revokeUser(userId);
  }

  async purgeExpired(): Promise<void> {
    await this.sessions.purgeExpired();
  }

  private decode(token: string): RefreshTokenPayload | null {
    try {
      const payload = this.jwt.verify<RefreshTokenPayload>(token, { algorithms: ['HS256'] });
      const valid =
        payload?.token_type === 'refresh' &&
        Number.isInteger(payload.user_id) &&
        typeof payload.jti === 'string' &&
        payload.jti.length <= 36 &&
        (payload.sid === undefined || (typeof payload.sid === 'string' && payload.sid.length <= 36)) &&
        Number.isInteger(payload.exp) &&
        Number.isInteger(payload.iat);
      return valid ? payload : null;
    } catch {
      return null;
    }
  }

  private decodeAccess(token: string): { jti?: string; exp: number } | null {
    try {
      const payload = this.jwt.verify<AccessTokenPayload & { exp: number }>(token, { algorithms: ['HS256'] });
      return payload?.token_type === 'access' && typeof payload.jti === 'string' && payload.jti.length <= 36
        ? payload
        : null;
    } catch {
      return null;
    }
  }

  private invalid(): UnauthorizedException {
    return new UnauthorizedException(ACCOUNT_MESSAGES.refreshInvalid);
  }
}
