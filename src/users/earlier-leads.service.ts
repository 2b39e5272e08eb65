import { BadRequestException, HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { AuthUser } from '../common/decorators/auth-user';
import { HOUR_MS } from '../common/time/durations';
import { UnitOfWork } from '../database/unit-of-work';
import { ActionResult, EarlierLeadsStatus } from '../../shared/api/account';
import { ACCOUNT_MESSAGES } from '../../shared/rules/account';
import { MailboxProofService } from './mailbox-proof.service';
import { AccountMailerService } from './mail/account-mailer.service';
import { UsersRepository } from './users.repository';
import { UserTokensService } from './user-tokens.service';

/** Confirmation e-mails one account may ask for per hour. */
export const EARLIER_LEADS_REQUESTS_PER_HOUR = 3;

/**
 * "Confirm my earlier requests" from the account page, for an account whose verification link was
 * opened in another browser than the one that signed up: a fresh link goes to the account's
 * address and works only in the browser that asked for it (a browser key in an httpOnly cookie).
 * Someone who signed up another person's address gets the link sent to that person, who cannot
 * use it for them: the earlier leads join only an account whose holder controls the mailbox.
 */
@Injectable()
export class EarlierLeadsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly userTokens: UserTokensService,
    private readonly mailer: AccountMailerService,
    private readonly mailboxProof: MailboxProofService,
  ) {}

  async status(caller: AuthUser): Promise<EarlierLeadsStatus> {
    const user = await this.users.findById(caller.id, { id: true, earlier_leads_claimed_at: true });
    if (!user) throw new NotFoundException(ACCOUNT_MESSAGES.userNotFound);
    return { confirmed: !!user.earlier_leads_claimed_at };
  }

  /** E-mails the link; returns the answer and the browser key for the cookie (null: nothing to confirm). */
  async request(caller: AuthUser): Promise<{ result: ActionResult; browserKey: string | null }> {
    const user = await this.users.findById(caller.id, { id: true, email: true, earlier_leads_claimed_at: true });
    if (!user) throw new NotFoundException(ACCOUNT_MESSAGES.userNotFound);
    if (user.earlier_leads_claimed_at) {
      return { result: { success: true, message: ACCOUNT_MESSAGES.earlierLeadsAlready }, browserKey: null };
    }
    // Each request leaves one browser key: they count the account's requests of the last hour.
    if ((await this.userTokens.countRecent(user.id, 'claim_browser', HOUR_MS)) >= EARLIER_LEADS_REQUESTS_PER_HOUR) {
      throw new HttpException(
        { message: ACCOUNT_MESSAGES.earlierLeadsTooMany, success: false },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    const browserKey = await this.unitOfWork.run(async (m) => {
      const key = await this.userTokens.issue(user.id, 'claim_browser', m);
      await this.mailer.queueEarlierLeadsConfirmation(m, user);
      return key;
    });
    return { result: { success: true, message: ACCOUNT_MESSAGES.earlierLeadsSent }, browserKey };
  }

  /**
   * The e-mailed link, with the browser key of the browser that asked. A link opened elsewhere is
   * refused and stays unused (it may still be opened in the right browser before it expires).
   */
  async confirm(uidb64: string, token: string, browserKey: string | undefined): Promise<ActionResult> {
    const link = await this.userTokens.find(uidb64, token, 'claim_leads');
    const browser = link && (await this.userTokens.findOfUser(link.user_id, browserKey, 'claim_browser'));
    if (!link || !browser || !(await this.userTokens.consume(link))) {
      throw new BadRequestException({ message: ACCOUNT_MESSAGES.earlierLeadsInvalid, success: false });
    }
    await this.unitOfWork.run(async (m) => {
      await this.userTokens.voidAll(link.user_id, 'claim_browser', m);
      await this.userTokens.voidAll(link.user_id, 'claim_leads', m);
      await this.mailboxProof.proven(m, link.user_id);
    });
    return { success: true, message: ACCOUNT_MESSAGES.earlierLeadsDone };
  }
}
