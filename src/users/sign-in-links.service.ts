import { BadRequestException, Injectable } from '@nestjs/common';
import { AccountLimitsService } from './account-limits.service';
import { SignInLinkResult } from '../../shared/api/account';
import { ACCOUNT_MESSAGES } from '../../shared/rules/account';
import { UsersRepository } from './users.repository';
import { UserTokensService } from './user-tokens.service';

/**
 * Opens an e-mailed sign-in link (sent when the right password came from a device the account did
 * not know while its ceiling of failed logins had closed it): the client that opens it becomes
 * known to the account, so the owner's password signs in from there. The link alone signs no one
 * in: it takes the mailbox and the password.
 */
@Injectable()
export class SignInLinksService {
  constructor(
    private readonly userTokens: UserTokensService,
    private readonly users: UsersRepository,
    private readonly limits: AccountLimitsService,
  ) {}

  async open(uidb64: string, token: string, ip: string): Promise<SignInLinkResult> {
    const row = await this.userTokens.find(uidb64, token, 'sign_in_link');
    if (!row || !(await this.userTokens.consume(row))) throw this.invalid();
    const user = await this.users.findById(row.user_id, { id: true, email: true, is_active: true, is_superuser: true });
    if (!user?.is_active) throw this.invalid();
    await this.limits.trustClient(user.email, ip);
    return { success: true, message: ACCOUNT_MESSAGES.signInLinkDone, is_admin: !!user.is_superuser };
  }

  private invalid(): BadRequestException {
    return new BadRequestException({ message: ACCOUNT_MESSAGES.signInLinkInvalid, success: false });
  }
}
