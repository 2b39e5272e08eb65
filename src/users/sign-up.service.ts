import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, Repository } from 'typeorm';
import { AuthUser } from '../common/decorators/auth-user';
import { AppConfig } from '../config/app-config';
import { ActionResult, SignUpResult } from '../shared/api/account';
import { ACCOUNT_MESSAGES } from '../shared/rules/account';
import { AdminSignUpDto } from './dto/admin-sign-up.dto';
import { SignUpDto } from './dto/sign-up.dto';
import { User } from './entities/user.entity';
import { AccountMailerService } from './mail/account-mailer.service';
import { hashPassword } from './passwords';
import { UserTokensService } from './user-tokens.service';
import { toUserProfile } from './user-profile';

function isDuplicateKey(err: unknown): boolean {
  const code = (err as { code?: string; driverError?: { code?: string } })?.driverError?.code ?? (err as { code?: string })?.code;
  return err instanceof QueryFailedError && /^(ER_DUP_ENTRY|SQLITE_CONSTRAINT_UNIQUE|SQLITE_CONSTRAINT_PRIMARYKEY)$/.test(code ?? '');
}

/**
 * Sign-up (inactive until the e-mailed link is used), e-mail verification, and admin creation.
 * When the verification e-mail cannot be sent the new account is removed again, so the visitor can
 * simply retry with the same e-mail.
 */
@Injectable()
export class SignUpService {
  private readonly logger = new Logger(SignUpService.name);
  private firstAdminLock: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly userTokens: UserTokensService,
    private readonly mailer: AccountMailerService,
    private readonly config: AppConfig,
  ) {}

  async signUp(dto: SignUpDto, caller: AuthUser | undefined): Promise<SignUpResult> {
    if (dto.is_superuser) {
      if (!caller?.is_admin) throw new ForbiddenException({ message: ACCOUNT_MESSAGES.adminOnlyCreatesAdmins, success: false });
      return this.createAdmin(dto);
    }
    const user = await this.insert(dto, { is_active: false, is_superuser: false });
    try {
      await this.mailer.sendVerification(user, await this.userTokens.issue(user.id, 'verify_email'));
    } catch (err) {
      this.logger.error(`Verification e-mail to user ${user.id} failed: ${(err as Error).message}`);
      await this.users.delete({ id: user.id });
      throw new ServiceUnavailableException({ message: ACCOUNT_MESSAGES.verificationMailFailed, success: false });
    }
    return { success: true, message: ACCOUNT_MESSAGES.signUpDone, user: toUserProfile(user) };
  }

  /**
   * Admin shell sign-up: allowed to a signed-in admin, or, while no admin exists and ADMIN_EMAIL is
   * not set, to the very first visitor (first-run set-up). The admin is active at once.
   */
  async adminSignUp(dto: AdminSignUpDto, caller: AuthUser | undefined): Promise<SignUpResult> {
    if (caller?.is_admin) return this.createAdmin(dto);
    if (caller) throw new ForbiddenException({ message: ACCOUNT_MESSAGES.adminOnlyCreatesAdmins, success: false });
    // Serialised so two simultaneous first-run sign-ups cannot both become the first admin.
    const attempt = this.firstAdminLock.then(async () => {
      const anyAdmin = await this.users.exists({ where: { is_superuser: true } });
      if (anyAdmin || this.config.adminEmail) {
        throw new UnauthorizedException({ message: ACCOUNT_MESSAGES.adminOnlyCreatesAdmins, success: false });
      }
      return this.createAdmin(dto);
    });
    this.firstAdminLock = attempt.catch(() => undefined);
    return attempt;
  }

  async verifyEmail(uidb64: string, token: string): Promise<ActionResult> {
    const row = await this.userTokens.find(uidb64, token, 'verify_email');
    if (!row || !(await this.userTokens.consume(row))) {
      throw new BadRequestException({ message: ACCOUNT_MESSAGES.verificationInvalid, success: false });
    }
    await this.users.update({ id: row.user_id }, { is_active: true });
    return { success: true, message: ACCOUNT_MESSAGES.verified };
  }

  private async createAdmin(dto: SignUpDto | AdminSignUpDto): Promise<SignUpResult> {
    const user = await this.insert(dto, { is_active: true, is_superuser: true });
    this.logger.log(`Admin account ${user.id} created`);
    return { success: true, message: ACCOUNT_MESSAGES.adminSignUpDone, user: toUserProfile(user) };
  }

  private async insert(
    dto: SignUpDto | AdminSignUpDto,
    flags: { is_active: boolean; is_superuser: boolean },
  ): Promise<User> {
    const taken = () => new ConflictException({ message: ACCOUNT_MESSAGES.emailTaken, success: false });
    if (await this.users.exists({ where: { email: dto.email } })) throw taken();
    const entity = this.users.create({
      email: dto.email,
      first_name: dto.first_name,
      last_name: dto.last_name,
      phone: dto.phone ?? '',
      password_hash: await hashPassword(dto.password),
      is_agent: false,
      ...flags,
    });
    try {
      return await this.users.save(entity);
    } catch (err) {
      if (isDuplicateKey(err)) throw taken();
      throw err;
    }
  }
}
