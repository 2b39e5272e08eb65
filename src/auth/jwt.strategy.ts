import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig } from '../config/app-config';
import { jwtSigningKey } from '../config/jwt-secret';
import { AccessTokenPayload, AuthUser } from '../common/decorators/auth-user';
import { UsersRepository } from '../users/users.repository';
import { TokenRevocationService } from '../users/token-revocation.service';

/**
 * Access tokens: HS256 only; the user must still exist and be active, admin rights are re-read, and
 * tokens issued before the last password change, or revoked (logout, theft detection), are refused.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    private readonly users: UsersRepository,
    private readonly revocation: TokenRevocationService,
  ) {
    const signingKey = jwtSigningKey(config.jwtSecret);
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A key object, made once (jwtSigningKey); the typings only name strings and buffers.
      secretOrKeyProvider: (_request: unknown, _token: unknown, done: (err: null, key: Buffer) => void) =>
        done(null, signingKey as unknown as Buffer),
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(payload: AccessTokenPayload & { iat?: unknown; exp?: unknown }): Promise<AuthUser | false> {
    if (payload?.token_type !== 'access' || !Number.isInteger(payload.user_id)) return false;
    // A token without an expiry would work forever, one without an issue time would survive a password change.
    if (!Number.isInteger(payload.exp) || !Number.isInteger(payload.iat)) return false;
    // Logged out, or ended with every session of the user (theft detection, a new password).
    const iatMs = Number.isSafeInteger(payload.iat_ms) ? payload.iat_ms : undefined;
    if (await this.revocation.isRevoked({ ...payload, iat: payload.iat as number, iat_ms: iatMs })) return false;
    const user = await this.users.findById(payload.user_id, {
      id: true,
      email: true,
      is_active: true,
      is_superuser: true,
      is_agent: true,
      password_changed_at: true,
    });
    if (!user || !user.is_active) return false;
    // A password change or reset ends the sessions opened before it, access tokens included.
    if (user.password_changed_at && (payload.iat as number) < Math.floor(user.password_changed_at.getTime() / 1000)) {
      return false;
    }
    return { id: user.id, email: user.email, is_admin: user.is_superuser, is_agent: user.is_agent };
  }
}
