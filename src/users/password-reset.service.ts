import { BadRequestException, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ActionResult } from '../shared/api/account';
import { ACCOUNT_MESSAGES } from '../shared/rules/account';
import { CredentialsService } from './credentials.service';
import { User } from './entities/user.entity';
import { AccountMailerService } from './mail/account-mailer.service';
import { UserTokensService } from './user-tokens.service';

/**
 * Forgotten password: the request answers the same whether or not the e-mail has an account; the
 * e-mailed link works once, for an hour. A successful reset ends every session of the user and,
 * since it proves the mailbox, also activates an account whose verification link was lost.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly userTokens: UserTokensService,
    private readonly credentials: CredentialsService,
    private readonly mailer: AccountMailerService,
  ) {}

  async request(email: string): Promise<ActionResult> {
    const user = await this.users.findOne({ where: { email } });
    if (user) {
      const token = await this.userTokens.issue(user.id, 'reset_password');
      try {
        await this.mailer.sendPasswordReset(user, token);
      } catch (err) {
        this.logger.error(`Password reset e-mail to user ${user.id} failed: ${(err as Error).message}`);
        throw new ServiceUnavailableException({ message: ACCOUNT_MESSAGES.resetMailFailed, success: false });
      }
    }
    return { success: true, message: ACCOUNT_MESSAGES.resetRequested };
  }

  async validate(uidb64: string, token: string): Promise<ActionResult> {
    if (!(await this.userTokens.find(uidb64, token, 'reset_password'))) throw this.invalid();
    return { success: true, message: ACCOUNT_MESSAGES.resetLinkValid };
  }

  async confirm(uidb64: string, token: string, password: string): Promise<ActionResult> {
    const row = await this.userTokens.find(uidb64, token, 'reset_password');
    if (!row || !(await this.userTokens.consume(row))) throw this.invalid();
    await this.credentials.setPassword(row.user_id, password, { activate: true });
    return { success: true, message: ACCOUNT_MESSAGES.resetDone };
  }

  private invalid(): BadRequestException {
    return new BadRequestException({ message: ACCOUNT_MESSAGES.resetLinkInvalid, success: false });
  }
}
