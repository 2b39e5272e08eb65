import { BadRequestException, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { serializeWrites } from '../database/transactions';
import { OutboxService } from '../mail/outbox.service';
import { verificationCodeMail } from '../mail/templates/lead-mails';
import { SuccessResponse } from '../shared/api/leads';
import { LEAD_FLOW_MESSAGES, LEAD_MESSAGES, LEAD_VERIFICATION } from '../shared/rules/lead';
import { normalizeEmail } from '../shared/rules/primitives';
import { LeadEmailVerification } from './entities/lead-email-verification.entity';
import { generateLeadCode, hashLeadCode, isCodeShape } from './lead-code';
import { LeadCodeStore } from './lead-code.store';
import { MINUTE_MS, HOUR_MS } from '../common/time/durations';

function tooMany(message: string): HttpException {
  return new HttpException({ message, success: false }, HttpStatus.TOO_MANY_REQUESTS);
}

/**
 * The e-mail code step of the lead flow: one current code per e-mail (hashed, 10 minutes),
 * per-e-mail resend limits, at most 5 guesses per code, and the verified flag leads rely on.
 */
@Injectable()
export class LeadVerificationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly outbox: OutboxService,
    private readonly codes: LeadCodeStore,
  ) {}

  /** Stores the new code and queues its e-mail in one transaction; the mail leaves in the background. */
  async sendCode(rawEmail: string): Promise<SuccessResponse> {
    const email = normalizeEmail(rawEmail);
    const code = generateLeadCode();
    const outcome = await this.codes.send(email, hashLeadCode(this.config.jwtSecret, email, code), {
      message: verificationCodeMail(email, code),
      entry: {
        kind: 'lead-code',
        label: 'Lead verification code',
        usefulForMs: LEAD_VERIFICATION.codeTtlMinutes * MINUTE_MS,
      },
    });
    if (outcome.kind === 'too-soon') throw tooMany(LEAD_FLOW_MESSAGES.resendTooSoon(outcome.seconds));
    if (outcome.kind === 'too-many') throw tooMany(LEAD_FLOW_MESSAGES.tooManyCodes);
    // The code's e-mail was written with it (raw statements announce no commit): send it now.
    this.outbox.kick();
    return { success: true, message: LEAD_FLOW_MESSAGES.codeSent };
  }

  async verifyCode(rawEmail: string, code: string): Promise<SuccessResponse> {
    const email = normalizeEmail(rawEmail);
    if (!isCodeShape(code)) throw this.invalidCode();
    const outcome = await this.codes.verify(email, hashLeadCode(this.config.jwtSecret, email, code));
    if (outcome.kind === 'expired')
      throw new BadRequestException({ message: LEAD_FLOW_MESSAGES.codeExpired, success: false });
    if (outcome.kind === 'locked') throw tooMany(LEAD_FLOW_MESSAGES.codeLocked);
    if (outcome.kind === 'invalid') throw this.invalidCode();
    return { success: true, message: LEAD_FLOW_MESSAGES.emailVerified };
  }

  /** Deletes codes whose validity and resend window are both over. Returns how many. */
  async purgeExpired(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - HOUR_MS);
    const result = await serializeWrites(this.dataSource, () =>
      this.dataSource
        .createQueryBuilder()
        .delete()
        .from(LeadEmailVerification)
        .where('last_sent_at < :cutoff AND expires_at < :now', { cutoff, now })
        .execute(),
    );
    return result.affected ?? 0;
  }

  private invalidCode(): BadRequestException {
    return new BadRequestException({ message: LEAD_MESSAGES.confirmationCodeInvalid, success: false });
  }
}
