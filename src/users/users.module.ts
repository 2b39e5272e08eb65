import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { jwtSigningKey } from '../config/jwt-secret';
import { AccountLimitsService } from './account-limits.service';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { CredentialsService } from './credentials.service';
import { EarlierLeadsController } from './earlier-leads.controller';
import { EarlierLeadsService } from './earlier-leads.service';
import { FirstAdminSetupService } from './first-admin-setup.service';
import { MailboxProofService } from './mailbox-proof.service';
import { RefreshToken } from './entities/refresh-token.entity';
import { User } from './entities/user.entity';
import { UserToken } from './entities/user-token.entity';
import { AccountMailerService } from './mail/account-mailer.service';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';
import { ProfileService } from './profile.service';
import { SignInLinkController } from './sign-in-link.controller';
import { SignInLinksService } from './sign-in-links.service';
import { SessionsRepository } from './sessions.repository';
import { SignUpService } from './sign-up.service';
import { TokenRevocationService } from './token-revocation.service';
import { TokensService } from './tokens.service';
import { UsersController } from './users.controller';
import { UserTokensRepository } from './user-tokens.repository';
import { UserTokensService } from './user-tokens.service';
import { UnverifiedAccountsService } from './unverified-accounts.service';
import { UsersRepository } from './users.repository';

@Module({
  imports: [
    TypeOrmModule.forFeature([User, RefreshToken, UserToken]),
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        secret: jwtSigningKey(config.jwtSecret),
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [UsersController, PasswordResetController, SignInLinkController, EarlierLeadsController],
  providers: [
    AccountLimitsService,
    SessionsRepository,
    TokenRevocationService,
    TokensService,
    UsersRepository,
    AdminBootstrapService,
    AccountMailerService,
    CredentialsService,
    EarlierLeadsService,
    FirstAdminSetupService,
    MailboxProofService,
    PasswordResetService,
    ProfileService,
    SignInLinksService,
    SignUpService,
    UserTokensRepository,
    UserTokensService,
    UnverifiedAccountsService,
  ],
  exports: [
    JwtModule,
    AccountLimitsService,
    MailboxProofService,
    SessionsRepository,
    TokenRevocationService,
    TokensService,
    UnverifiedAccountsService,
    UsersRepository,
  ],
})
export class UsersModule {}
