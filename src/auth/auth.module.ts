import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { RefreshToken } from '../users/entities/refresh-token.entity';
import { User } from '../users/entities/user.entity';
import { SessionsRepository } from '../users/sessions.repository';
import { UsersRepository } from '../users/users.repository';
import { jwtSigningKey } from '../config/jwt-secret';
import { AccountLimitsService } from './account-limits.service';
import { AuthController } from './auth.controller';
import { JwtStrategy } from './jwt.strategy';
import { LoginService } from './login.service';
import { TokenRevocationService } from './token-revocation.service';
import { TokensService } from './tokens.service';

@Module({
  imports: [
    PassportModule,
    TypeOrmModule.forFeature([User, RefreshToken]),
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        secret: jwtSigningKey(config.jwtSecret),
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    JwtStrategy,
    AccountLimitsService,
    LoginService,
    TokenRevocationService,
    TokensService,
    SessionsRepository,
    UsersRepository,
  ],
  exports: [JwtModule, TokensService, TokenRevocationService, SessionsRepository, UsersRepository],
})
export class AuthModule {}
