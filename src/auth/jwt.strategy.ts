import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { InjectRepository } from '@nestjs/typeorm';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { Repository } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { AuthUser } from '../common/decorators/auth-user';
import { User } from '../users/entities/user.entity';

export interface AccessTokenPayload {
  user_id: number;
  is_admin: boolean;
  token_type: 'access';
}

/**
 * Access tokens: HS256 only; the user must still exist and be active, admin rights are re-read, and
 * tokens issued before the last password change are refused.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwtSecret,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(payload: AccessTokenPayload & { iat?: number }): Promise<AuthUser | false> {
    if (payload?.token_type !== 'access' || !Number.isInteger(payload.user_id)) return false;
    const user = await this.users.findOne({
      where: { id: payload.user_id },
      select: { id: true, email: true, is_active: true, is_superuser: true, password_changed_at: true },
    });
    if (!user || !user.is_active) return false;
    // A password change or reset ends the sessions opened before it, access tokens included.
    if (user.password_changed_at && typeof payload.iat === 'number') {
      if (payload.iat < Math.floor(user.password_changed_at.getTime() / 1000)) return false;
    }
    return { id: user.id, email: user.email, is_admin: user.is_superuser };
  }
}
