import { BadRequestException, HttpException, HttpStatus, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { isSqlite, runInTransaction, serializeWrites } from '../database/transactions';
import { MailService } from '../mail/mail.service';
import { SuccessResponse } from '../shared/api/leads';
import { LEAD_FLOW_MESSAGES, LEAD_MESSAGES, LEAD_VERIFICATION, normalizeEmail } from '../shared/rules/lead';
import { LeadEmailVerification } from './entities/lead-email-verification.entity';
import { generateLeadCode, hashLeadCode, isCodeShape, sameHash } from './lead-code';
import { verificationCodeMail } from './lead-mails';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

type CodeState = Pick<
  LeadEmailVerification,
  'code_hash' | 'expires_at' | 'attempts' | 'last_sent_at' | 'sends_in_window' | 'window_started_at' | 'verified_at'
>;

function tooMany(message: string): HttpException {
  return new HttpException({ message, success: false }, HttpStatus.TOO_MANY_REQUESTS);
}

function isDuplicateKey(err: unknown): boolean {
  const code = (err as { code?: string })?.code ?? '';
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT');
}

/**
 * The e-mail code step of the lead flow: one current code per e-mail (hashed, 10 minutes),
 * per-e-mail resend limits, at most 5 guesses per code, and the verified flag leads rely on.
 */
@Injectable()
export class LeadVerificationService {
  private readonly logger = new Logger(LeadVerificationService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  async sendCode(rawEmail: string): Promise<SuccessResponse> {
    const email = normalizeEmail(rawEmail);
    const code = generateLeadCode();
    const codeHash = hashLeadCode(this.config.jwtSecret, email, code);
    const previous = await this.reserveSend(email, codeHash);
    try {
      await this.mail.send(verificationCodeMail(email, code));
    } catch (err) {
      this.logger.error(`Verification code e-mail could not be sent: ${(err as Error)?.message}`);
      await this.undoSend(email, codeHash, previous).catch((e: Error) =>
        this.logger.error(`Could not undo a failed code send: ${e.message}`),
      );
      throw new ServiceUnavailableException({ message: LEAD_FLOW_MESSAGES.sendFailed, success: false });
    }
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

  /** True when the e-mail confirmed a code within the last 30 minutes. Pass the transaction's manager. */
  async isRecentlyVerified(manager: EntityManager, email: string, lockRow = false): Promise<boolean> {
    const row = await manager.getRepository(LeadEmailVerification).findOne({
      where: { email },
      ...(lockRow && !isSqlite(this.dataSource) ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    const since = Date.now() - LEAD_VERIFICATION.verifiedForMinutes * MINUTE;
    return !!row?.verified_at && row.verified_at.getTime() >= since;
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

  /**
   * Checks the per-e-mail limits and stores the new code, all under the row's lock.
   * Returns the state it replaced (null for a first code) so a failed send can be undone.
   */
  private async reserveSend(email: string, codeHash: string): Promise<CodeState | null> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await runInTransaction(this.dataSource, (m) => this.reserveSendIn(m, email, codeHash), {
          isolation: 'READ COMMITTED',
        });
      } catch (err) {
        // Two first requests for one e-mail raced on the unique index: the loser re-reads the row.
        if (attempt >= 2 || !isDuplicateKey(err)) throw err;
      }
    }
  }

  private async reserveSendIn(m: EntityManager, email: string, codeHash: string): Promise<CodeState | null> {
    const repo = m.getRepository(LeadEmailVerification);
    const row = await repo.findOne({
      where: { email },
      ...(isSqlite(this.dataSource) ? {} : { lock: { mode: 'pessimistic_write' as const } }),
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
      return null;
    }
    const interval = LEAD_VERIFICATION.resendIntervalSeconds * SECOND;
    const sinceLast = now.getTime() - row.last_sent_at.getTime();
    if (sinceLast < interval) {
      const seconds = Math.min(LEAD_VERIFICATION.resendIntervalSeconds, Math.max(1, Math.ceil((interval - sinceLast) / SECOND)));
      throw tooMany(LEAD_FLOW_MESSAGES.resendTooSoon(seconds));
    }
    const windowOpen = now.getTime() - row.window_started_at.getTime() < HOUR;
    if (windowOpen && row.sends_in_window >= LEAD_VERIFICATION.sendsPerHour) throw tooMany(LEAD_FLOW_MESSAGES.tooManyCodes);
    const previous: CodeState = {
      code_hash: row.code_hash,
      expires_at: row.expires_at,
      attempts: row.attempts,
      last_sent_at: row.last_sent_at,
      sends_in_window: row.sends_in_window,
      window_started_at: row.window_started_at,
      verified_at: row.verified_at,
    };
    await repo.update(
      { id: row.id },
      {
        ...fresh,
        sends_in_window: windowOpen ? row.sends_in_window + 1 : 1,
        window_started_at: windowOpen ? row.window_started_at : now,
      },
    );
    return previous;
  }

  /** A code that never reached the visitor must not count against the resend limits. */
  private async undoSend(email: string, codeHash: string, previous: CodeState | null): Promise<void> {
    await runInTransaction(this.dataSource, async (m) => {
      const repo = m.getRepository(LeadEmailVerification);
      const row = await repo.findOne({
        where: { email },
        ...(isSqlite(this.dataSource) ? {} : { lock: { mode: 'pessimistic_write' as const } }),
      });
      if (!row || row.code_hash !== codeHash) return;
      if (previous) await repo.update({ id: row.id }, previous);
      else await repo.delete({ id: row.id });
    });
  }
}
