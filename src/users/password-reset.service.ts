import { createHash } from 'node:crypto';
import { BadRequestException, Injectable } from '@nestjs/common';
import { RateLimiterAbstract } from 'rate-limiter-flexible';
import { UnitOfWork } from '../database/unit-of-work';
import { consume, createLimiter } from '../redis/limiters';
import { RedisService } from '../redis/redis.service';
import { needsSharedState } from '../redis/redis-unavailable';
import { ActionResult } from '../../shared/api/account';
import { ACCOUNT_MESSAGES } from '../../shared/rules/account';
import { CredentialsService } from './credentials.service';
import { MailboxProofService } from './mailbox-proof.service';
import { AccountMailerService } from './mail/account-mailer.service';
import { UserTokensService } from './user-tokens.service';

/**
 * Links sent per address (whether or not it has an account), on top of the per-IP limit, so
 * nobody can flood one mailbox from many addresses. Not relaxed by RATE_LIMIT_MULTIPLIER. The
 * window is fixed from its first request and as long as a link lives: whenever no new link can
 * be had, the newest one sent (issued after the window began) still works, so a stranger who spends
 * the budget never locks the owner out.
 */
export const RESET_REQUESTS_PER_ADDRESS = { limit: 5, windowMs: 60 * 60_000 };

/**
 * Forgotten password: the request answers the same whether or not the e-mail has an account, and
 * past the address's budget; the e-mailed link works once, for an hour, and a newer link voids the
 * older ones (only a link that is actually sent: a request past the budget voids nothing). A
 * successful reset ends every session of the user and, since it proves the mailbox and the person
 * chose the password, also activates an account whose verification link was lost and gives it
 * the leads sent with its address before it was verified.
 */
@Injectable()
export class PasswordResetService {
  private readonly perAddress: RateLimiterAbstract;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly userTokens: UserTokensService,
    private readonly credentials: CredentialsService,
    private readonly mailer: AccountMailerService,
    private readonly mailboxProof: MailboxProofService,
    redis: RedisService,
  ) {
    this.perAddress = createLimiter(redis, {
      keyPrefix: 'reset-per-address',
      points: RESET_REQUESTS_PER_ADDRESS.limit,
      duration: RESET_REQUESTS_PER_ADDRESS.windowMs / 1000,
    });
  }

  /**
   * Known and unknown addresses take the same path: a per-address budget, then one queued outbox
   * row; the worker looks the account up and makes the link when it sends (none: nothing is sent).
   * Past the budget the answer is exactly the usual one and nothing is queued.
   */
  async request(email: string): Promise<ActionResult> {
    const key = createHash('sha256').update(email).digest('hex').slice(0, 32);
    const used = await needsSharedState(async () => (await consume(this.perAddress, key)).consumedPoints);
    if (used <= RESET_REQUESTS_PER_ADDRESS.limit) {
      await this.unitOfWork.run((m) => this.mailer.queuePasswordReset(m, email));
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
    // Following the link proves the mailbox: the account is activated and counts as verified, and
    // whoever chose this password controls the mailbox, so the earlier leads are theirs.
    await this.credentials.setPassword(row.user_id, password, { activate: true });
    await this.unitOfWork.run((m) => this.mailboxProof.proven(m, row.user_id));
    return { success: true, message: ACCOUNT_MESSAGES.resetDone };
  }

  private invalid(): BadRequestException {
    return new BadRequestException({ message: ACCOUNT_MESSAGES.resetLinkInvalid, success: false });
  }
}
