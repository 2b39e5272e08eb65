import { BadRequestException, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, ThrottlerStorage } from '@nestjs/throttler';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { runInTransaction } from '../database/transactions';
import { ActionResult } from '../shared/api/account';
import { ACCOUNT_MESSAGES } from '../shared/rules/account';
import { CredentialsService } from './credentials.service';
import { AccountMailerService } from './mail/account-mailer.service';
import { UserTokensService } from './user-tokens.service';

/**
 * Reset requests per address (whether or not it has an account), on top of the per-IP limit, so
 * nobody can flood one mailbox from many addresses. Not relaxed by RATE_LIMIT_MULTIPLIER.
 */
export const RESET_REQUESTS_PER_ADDRESS = { limit: 5, windowMs: 60 * 60_000 };

/**
 * Forgotten password: the request answers the same whether or not the e-mail has an account; the
 * e-mailed link works once, for an hour, and a newer link voids the older ones. A successful reset ends every session of the user and,
 * since it proves the mailbox, also activates an account whose verification link was lost.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    private readonly userTokens: UserTokensService,
    private readonly credentials: CredentialsService,
    private readonly mailer: AccountMailerService,
  ) {}

  /**
   * Known and unknown addresses take the same path: a per-address budget, then one queued outbox
   * row; the worker looks the account up and makes the link when it sends (none: nothing is sent).
   */
  async request(email: string): Promise<ActionResult> {
    const budget = await this.storage.increment(
      `account:reset-per-address:${email}`,
      RESET_REQUESTS_PER_ADDRESS.windowMs,
      RESET_REQUESTS_PER_ADDRESS.limit,
      RESET_REQUESTS_PER_ADDRESS.windowMs,
      'reset-per-address',
    );
    if (budget.isBlocked) {
      throw new HttpException({ message: ACCOUNT_MESSAGES.resetTooMany, success: false }, HttpStatus.TOO_MANY_REQUESTS);
    }
    await runInTransaction(this.dataSource, (m) => this.mailer.queuePasswordReset(m, email));
    return { success: true, message: ACCOUNT_MESSAGES.resetRequested };
  }

  async validate(uidb64: string, token: string): Promise<ActionResult> {
    if (!(await this.userTokens.find(uidb64, token, 'reset_password'))) throw this.invalid();
    return { success: true, message: ACCOUNT_MESSAGES.resetLinkValid };
  }

  async confirm(uidb64: string, token: string, password: string): Promise<ActionResult> {
    const row = await this.userTokens.find(uidb64, token, 'reset_password');
    if (!row || !(await this.userTokens.consume(row))) throw this.invalid();
    // Following the link proves the mailbox: the account is activated and counts as verified.
    await this.credentials.setPassword(row.user_id, password, { activate: true });
    return { success: true, message: ACCOUNT_MESSAGES.resetDone };
  }

  private invalid(): BadRequestException {
    return new BadRequestException({ message: ACCOUNT_MESSAGES.resetLinkInvalid, success: false });
  }
}
