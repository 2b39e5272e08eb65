import { createHash } from 'node:crypto';
import { BadRequestException, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppConfig } from '../config/app-config';
import { OutboxService } from '../mail/outbox.service';
import { StopLinksService } from '../mail/stop-links.service';
import { verificationCodeMail } from '../mail/templates/lead-mails';
import { SuccessResponse } from '../../shared/api/leads';
import { LEAD_FLOW_MESSAGES, LEAD_MESSAGES, LEAD_VERIFICATION } from '../../shared/rules/lead';
import { normalizeEmail } from '../../shared/rules/primitives';
import { generateLeadCode, hashLeadCode, isCodeShape } from './lead-code';
import { LeadCodeRepository } from './lead-code.repository';
import { MINUTE_MS, HOUR_MS } from '../common/time/durations';
import { consume, createLimiter } from '../redis/limiters';
import { RedisService } from '../redis/redis.service';
import { needsSharedState } from '../redis/redis-unavailable';

const LEAD_CODE_MAIL = 'lead-code';

function tooMany(message: string): HttpException {
  return new HttpException({ message, success: false }, HttpStatus.TOO_MANY_REQUESTS);
}

/** The per-client budget's key: the e-mail never reaches the shared store in clear. */
function clientKey(email: string, ip: string): string {
  return `${addressKey(email)}:${normalizeIp(ip || 'unknown')}`;
}

function addressKey(email: string): string {
  return createHash('sha256').update(email).digest('hex').slice(0, 32);
}

/**
 * The e-mail code step of the lead flow: one current code per e-mail (hashed, 10 minutes), resend
 * limits, at most 5 guesses per code, and the verified flag leads rely on. The limits are built so
 * that a stranger cannot keep the owner of an address from getting a code for long: the budget of
 * 5 codes per 15 minutes is per e-mail AND client IP (the stranger spends their own), and the cap
 * over all clients (10 per 15 minutes, against flooding the mailbox) answers as usual and keeps
 * the last code valid. A stranger who burns the 5 guesses of the current code can therefore delay
 * the owner's fresh code by 15 minutes at most, and only with several addresses.
 *
 * A guess never tells whether the address has a live code (whether someone is filling in the form
 * right now): with no code, or only an expired one, it is answered as a wrong guess is, and the
 * guesses at such an address are counted like those at a code (per address, over the code's 10
 * minutes), so the 5th and later ones get the same 429 as a dead code's.
 */
@Injectable()
export class LeadVerificationService {
  private readonly perClient: RateLimiterAbstract;
  private readonly guessesWithoutCode: RateLimiterAbstract;

  constructor(
    private readonly config: AppConfig,
    private readonly outbox: OutboxService,
    private readonly codes: LeadCodeRepository,
    private readonly stopLinks: StopLinksService,
    redis: RedisService,
  ) {
    // The code mail goes to a lead: it carries the stop link, and its List-Unsubscribe headers.
    outbox.withStopLink(LEAD_CODE_MAIL);
    this.perClient = createLimiter(redis, {
      keyPrefix: 'lead-code-client',
      points: LEAD_VERIFICATION.sendsPerClient,
      duration: LEAD_VERIFICATION.clientWindowMinutes * 60,
    });
    this.guessesWithoutCode = createLimiter(redis, {
      keyPrefix: 'lead-code-no-code',
      points: LEAD_VERIFICATION.maxAttemptsPerCode,
      duration: LEAD_VERIFICATION.codeTtlMinutes * 60,
    });
  }

  /**
   * Stores the new code and queues its e-mail in one transaction; the mail leaves in the background.
   * A request that sends nothing (too soon, or the e-mail's cap reached) gives its point back.
   */
  async sendCode(rawEmail: string, ip: string): Promise<SuccessResponse> {
    const email = normalizeEmail(rawEmail);
    const client = clientKey(email, ip);
    const used = await needsSharedState(async () => (await consume(this.perClient, client)).consumedPoints);
    if (used > LEAD_VERIFICATION.sendsPerClient) throw tooMany(LEAD_FLOW_MESSAGES.tooManyCodes);
    const code = generateLeadCode();
    const outcome = await this.codes.send(email, hashLeadCode(this.config.jwtSecret, email, code), {
      message: verificationCodeMail(email, code, this.stopLinks.url(email)),
      entry: {
        kind: LEAD_CODE_MAIL,
        label: 'Lead verification code',
        usefulForMs: LEAD_VERIFICATION.codeTtlMinutes * MINUTE_MS,
      },
    });
    if (outcome.kind !== 'sent') await needsSharedState(() => this.perClient.reward(client, 1));
    if (outcome.kind === 'too-soon') throw tooMany(LEAD_FLOW_MESSAGES.resendTooSoon(outcome.seconds));
    // Past the e-mail's cap: the usual answer, so the requester cannot tell, and nothing more sent.
    if (outcome.kind === 'capped') return { success: true, message: LEAD_FLOW_MESSAGES.codeSent };
    // The code's e-mail was written with it (raw statements announce no commit): send it now.
    this.outbox.kick();
    return { success: true, message: LEAD_FLOW_MESSAGES.codeSent };
  }

  async verifyCode(rawEmail: string, code: string): Promise<SuccessResponse> {
    const email = normalizeEmail(rawEmail);
    if (!isCodeShape(code)) throw this.invalidCode();
    // Counted for every guess, so that the shared store being away answers every address alike.
    const key = addressKey(email);
    const without = await needsSharedState(async () => (await consume(this.guessesWithoutCode, key)).consumedPoints);
    const outcome = await this.codes.verify(email, hashLeadCode(this.config.jwtSecret, email, code));
    // No live code: the answer a wrong guess at a live one gets (its 5th and later guesses: locked).
    if (outcome.kind === 'expired') {
      if (without >= LEAD_VERIFICATION.maxAttemptsPerCode) throw tooMany(LEAD_FLOW_MESSAGES.codeLocked);
      throw this.invalidCode();
    }
    if (outcome.kind === 'locked') throw tooMany(LEAD_FLOW_MESSAGES.codeLocked);
    if (outcome.kind === 'invalid') throw this.invalidCode();
    return { success: true, message: LEAD_FLOW_MESSAGES.emailVerified };
  }

  /** Deletes codes whose validity and resend window are both over. Returns how many. */
  async purgeExpired(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - HOUR_MS);
    return this.codes.purgeExpired(cutoff, now);
  }

  private invalidCode(): BadRequestException {
    return new BadRequestException({ message: LEAD_MESSAGES.confirmationCodeInvalid, success: false });
  }
}
