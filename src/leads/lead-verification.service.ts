import { BadRequestException, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { isDuplicateKey } from '../database/db-errors';
import { supportsRowLocks } from '../database/dialect';
import { runInTransaction, serializeWrites } from '../database/transactions';
import { OutboxService } from '../mail/outbox.service';
import { verificationCodeMail } from '../mail/templates/lead-mails';
import { SuccessResponse } from '../shared/api/leads';
import { LEAD_FLOW_MESSAGES, LEAD_MESSAGES, LEAD_VERIFICATION } from '../shared/rules/lead';
import { normalizeEmail } from '../shared/rules/primitives';
import { LeadEmailVerification } from './entities/lead-email-verification.entity';
import { generateLeadCode, hashLeadCode, isCodeShape, sameHash } from './lead-code';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

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
  ) {}

  /** Stores the new code and queues its e-mail in one transaction; the mail leaves in the background. */
  async sendCode(rawEmail: string): Promise<SuccessResponse> {
    const email = normalizeEmail(rawEmail);
    const code = generateLeadCode();
    const codeHash = hashLeadCode(this.config.jwtSecret, email, code);
    await this.reserveSend(email, codeHash, code);
    return { success: true, message: LEAD_FLOW_MESSAGES.codeSent };
  }

  async verifyCode(rawEmail: string, code: string): Promise<SuccessResponse> {
    const email = normalizeEmail(rawEmail);
    if (!isCodeShape(code)) throw this.invalidCode();
    const repo = this.dataSource.getRepository(LeadEmailVerification);
    const row = await repo.findOne({ where: { email } });
    if (!row || row.expires_at.getTime() <= Date.now()) {
      throw new BadRequestException({ message: LEAD_FLOW_MESSAGES.codeExpired, success: false });
    }
    // Spend one attempt atomically before comparing: a burst of parallel guesses gets 5 tries in all.
    const spent = await serializeWrites(this.dataSource, () =>
      repo
        .createQueryBuilder()
        .update(LeadEmailVerification)
        .set({ attempts: () => 'attempts + 1' })
        .where('id = :id AND code_hash = :hash AND attempts < :max', {
          id: row.id,
          hash: row.code_hash,
          max: LEAD_VERIFICATION.maxAttemptsPerCode,
        })
        .execute(),
    );
    if (!spent.affected) {
      const current = await repo.findOne({ where: { id: row.id } });
      // A new code replaced this one meanwhile: the guess was for a dead code.
      if (current && current.code_hash !== row.code_hash) throw this.invalidCode();
      throw tooMany(LEAD_FLOW_MESSAGES.codeLocked);
    }
    if (!sameHash(row.code_hash, hashLeadCode(this.config.jwtSecret, email, code))) {
      if (row.attempts + 1 >= LEAD_VERIFICATION.maxAttemptsPerCode) throw tooMany(LEAD_FLOW_MESSAGES.codeLocked);
      throw this.invalidCode();
    }
    await serializeWrites(this.dataSource, () =>
      repo
        .createQueryBuilder()
        .update(LeadEmailVerification)
        .set({ verified_at: new Date() })
        .where('id = :id AND code_hash = :hash AND verified_at IS NULL', { id: row.id, hash: row.code_hash })
        .execute(),
    );
    return { success: true, message: LEAD_FLOW_MESSAGES.emailVerified };
  }

  /** Deletes codes whose validity and resend window are both over. Returns how many. */
  async purgeExpired(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - HOUR);
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

  /** Checks the per-e-mail limits and stores the new code, all under the row's lock. */
  private async reserveSend(email: string, codeHash: string, code: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await runInTransaction(
          this.dataSource,
          async (m) => {
            await this.reserveSendIn(m, email, codeHash);
            await this.outbox.enqueue(m, verificationCodeMail(email, code), {
              kind: 'lead-code',
              label: 'Lead verification code',
              usefulForMs: LEAD_VERIFICATION.codeTtlMinutes * MINUTE,
            });
          },
          { isolation: 'READ COMMITTED' },
        );
      } catch (err) {
        // Two first requests for one e-mail raced on the unique index: the loser re-reads the row.
        if (attempt >= 2 || !isDuplicateKey(err)) throw err;
      }
    }
  }

  private async reserveSendIn(m: EntityManager, email: string, codeHash: string): Promise<void> {
    const repo = m.getRepository(LeadEmailVerification);
    const row = await repo.findOne({
      where: { email },
      ...(supportsRowLocks(this.dataSource) ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    const now = new Date();
    const fresh = {
      code_hash: codeHash,
      expires_at: new Date(now.getTime() + LEAD_VERIFICATION.codeTtlMinutes * MINUTE),
      attempts: 0,
      last_sent_at: now,
      verified_at: null,
    };
    if (!row) {
      await repo.insert({ email, ...fresh, sends_in_window: 1, window_started_at: now });
      return;
    }
    const interval = LEAD_VERIFICATION.resendIntervalSeconds * SECOND;
    const sinceLast = now.getTime() - row.last_sent_at.getTime();
    if (sinceLast < interval) {
      const seconds = Math.min(
        LEAD_VERIFICATION.resendIntervalSeconds,
        Math.max(1, Math.ceil((interval - sinceLast) / SECOND)),
      );
      throw tooMany(LEAD_FLOW_MESSAGES.resendTooSoon(seconds));
    }
    const windowOpen = now.getTime() - row.window_started_at.getTime() < HOUR;
    if (windowOpen && row.sends_in_window >= LEAD_VERIFICATION.sendsPerHour)
      throw tooMany(LEAD_FLOW_MESSAGES.tooManyCodes);
    await repo.update(
      { id: row.id },
      {
        ...fresh,
        sends_in_window: windowOpen ? row.sends_in_window + 1 : 1,
        window_started_at: windowOpen ? row.window_started_at : now,
      },
    );
  }
}
