import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { Lead } from '../leads/entities/lead.entity';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { CredentialsService } from './credentials.service';
import { FirstAdminSetupService } from './first-admin-setup.service';
import { User } from './entities/user.entity';
import { UserToken } from './entities/user-token.entity';
import { AccountMailerService } from './mail/account-mailer.service';
import { OwnLeadsService } from './own-leads.service';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';
import { ProfileService } from './profile.service';
import { SignUpService } from './sign-up.service';
import { UsersController } from './users.controller';
import { UserTokensService } from './user-tokens.service';
import { UnverifiedAccountsService } from './unverified-accounts.service';

@Module({
  imports: [AuthModule, TypeOrmModule.forFeature([User, UserToken, Lead])],
  controllers: [UsersController, PasswordResetController],
  providers: [
    AdminBootstrapService,
    AccountMailerService,
    CredentialsService,
    FirstAdminSetupService,
    PasswordResetService,
    OwnLeadsService,
    ProfileService,
    SignUpService,
    UserTokensService,
    UnverifiedAccountsService,
  ],
  exports: [UnverifiedAccountsService, AuthModule],
})
export class UsersModule {}
