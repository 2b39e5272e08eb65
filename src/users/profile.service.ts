import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { ConsentRepository } from '../consent/consent.repository';
import { UnitOfWork } from '../database/unit-of-work';
import { TokensService } from './tokens.service';
import { AuthUser } from '../common/decorators/auth-user';
import { ActionResult, ChangePasswordResult, UserProfile } from '../../shared/api/account';
import { ACCOUNT_MESSAGES, CHANGE_PASSWORD_MESSAGES, PROFILE_MESSAGES } from '../../shared/rules/account';
import { CredentialsService } from './credentials.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { User } from './entities/user.entity';
import { UsersRepository } from './users.repository';
import { verifyPassword } from './passwords';
import { toUserProfile } from './user-profile';

/** The profile as its owner reads it: with the marketing consent (no other answer carries it). */
const withMarketing = (user: User): UserProfile => ({
  ...toUserProfile(user),
  marketing_opt_in: !!user.marketing_opt_in_at,
});

const LOGGED_OUT_EVERYWHERE = 'You have been logged out on every device.';

/** A user's own profile: read (admins may read anyone's), edit names and phone, change password. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly credentials: CredentialsService,
    private readonly tokens: TokensService,
    private readonly consent: ConsentRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly accounts: UsersRepository,
  ) {}

  async get(id: number, caller: AuthUser): Promise<UserProfile> {
    if (id !== caller.id && !caller.is_admin) throw this.forbidden();
    const user = await this.accounts.findById(id);
    if (!user) throw new NotFoundException(ACCOUNT_MESSAGES.userNotFound);
    return withMarketing(user);
  }

  async update(id: number, caller: AuthUser, dto: UpdateProfileDto): Promise<UserProfile> {
    if (id !== caller.id) throw this.forbidden();
    const user = await this.accounts.findById(id);
    if (!user) throw new NotFoundException(ACCOUNT_MESSAGES.userNotFound);
    if (dto.email !== undefined && dto.email !== user.email) {
      throw new BadRequestException({
        message: PROFILE_MESSAGES.emailReadOnly,
        errors: { email: PROFILE_MESSAGES.emailReadOnly },
      });
    }
    user.first_name = dto.first_name;
    user.last_name = dto.last_name;
    // null or '' clears the phone.
    if (dto.phone !== undefined) user.phone = dto.phone ?? '';
    const changes: Partial<User> = { first_name: user.first_name, last_name: user.last_name, phone: user.phone };
    // The marketing consent, when it changes: set with its time or cleared, and recorded either way.
    const optIn = typeof dto.marketing_opt_in === 'boolean' ? dto.marketing_opt_in : null;
    const consentChanges = optIn !== null && optIn !== !!user.marketing_opt_in_at;
    if (consentChanges) user.marketing_opt_in_at = changes.marketing_opt_in_at = optIn ? new Date() : null;
    await this.unitOfWork.run(async (m) => {
      await this.accounts.update(id, changes, m);
      if (consentChanges)
        await this.consent.record(m, { email: user.email, user_id: id, granted: !!optIn, source: 'account_settings' });
    });
    return withMarketing(user);
  }

  /** Needs the current password; ends every other session and hands the caller a fresh pair. */
  async changePassword(caller: AuthUser, dto: ChangePasswordDto): Promise<ChangePasswordResult> {
    const user = await this.accounts.findById(caller.id, {
      id: true,
      password_hash: true,
      is_superuser: true,
      is_agent: true,
    });
    if (!user) throw new NotFoundException(ACCOUNT_MESSAGES.userNotFound);
    if (!(await verifyPassword(user.password_hash, dto.current_password))) {
      const m = CHANGE_PASSWORD_MESSAGES.currentWrong;
      throw new BadRequestException({ message: m, errors: { current_password: m } });
    }
    if (dto.new_password === dto.current_password) {
      const m = CHANGE_PASSWORD_MESSAGES.sameAsCurrent;
      throw new BadRequestException({ message: m, errors: { new_password: m } });
    }
    await this.credentials.setPassword(user.id, dto.new_password);
    const pair = await this.tokens.issuePair(user);
    return { success: true, message: ACCOUNT_MESSAGES.passwordChanged, ...pair };
  }

  /** Every refresh token of the account stops working: each device is signed out at its next refresh. */
  async endAllSessions(caller: AuthUser): Promise<ActionResult> {
    await this.tokens.revokeAll(caller.id);
    return { success: true, message: LOGGED_OUT_EVERYWHERE };
  }

  private forbidden(): ForbiddenException {
    return new ForbiddenException(ACCOUNT_MESSAGES.profileForbidden);
  }
}
