import { Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isDuplicateKey } from '../database/db-errors';
import { isSqlite } from '../database/dialect';
import { retryLockConflicts, serializeWrites } from '../database/transactions';
import { LeadEmailVerification } from './entities/lead-email-verification.entity';
import { prepareSqlite, runSqliteWrite, sqliteDateTime, storedDate } from '../database/sqlite-sync';
import { MysqlBatches, procedureError, type Statement } from '../database/mysql-batches';
import type { MailMessage } from '../mail/mail.service';
import { OutboxEntry, outboxStatement } from '../mail/outbox.service';
import { LEAD_VERIFICATION } from '../../shared/rules/lead';
import { sameHash } from './lead-code';
import { SECOND_MS, MINUTE_MS } from '../common/time/durations';

/**
 * The statements of the code step, written once for both dialects (SQLite accepts MySQL's
 * back-quoted names; both bind `?`). Each request is one short transaction of two to four
 * statements instead of TypeORM's generated finds, inserts and reloads, which were most of a code
 * request's CPU under a burst.
 */
const SELECT_FOR_SEND = `SELECT \`id\`, \`last_sent_at\`, \`sends_in_window\`, \`window_started_at\`
FROM \`lead_email_verifications\` WHERE \`email\` = ?`;
const SELECT_FOR_VERIFY = `SELECT \`id\`, \`code_hash\`, \`expires_at\`, \`attempts\`
FROM \`lead_email_verifications\` WHERE \`email\` = ?`;
/** Params: email, code_hash, expires_at, last_sent_at, window_started_at, created_at, updated_at. */
const INSERT_CODE = `INSERT INTO \`lead_email_verifications\` (\`email\`, \`code_hash\`, \`expires_at\`, \`attempts\`,
  \`last_sent_at\`, \`sends_in_window\`, \`window_started_at\`, \`verified_at\`, \`created_at\`, \`updated_at\`)
VALUES (?, ?, ?, 0, ?, 1, ?, NULL, ?, ?)`;
/** Params: code_hash, expires_at, last_sent_at, sends_in_window, window_started_at, updated_at, id. */
const REPLACE_CODE = `UPDATE \`lead_email_verifications\` SET \`code_hash\` = ?, \`expires_at\` = ?, \`attempts\` = 0,
  \`last_sent_at\` = ?, \`sends_in_window\` = ?, \`window_started_at\` = ?, \`verified_at\` = NULL, \`updated_at\` = ?
WHERE \`id\` = ?`;
/** Params: updated_at, id. */
const SPEND_ATTEMPT = `UPDATE \`lead_email_verifications\` SET \`attempts\` = \`attempts\` + 1, \`updated_at\` = ? WHERE \`id\` = ?`;
/** Params: verified_at, updated_at, id. */
const MARK_VERIFIED = `UPDATE \`lead_email_verifications\` SET \`verified_at\` = ?, \`updated_at\` = ?
WHERE \`id\` = ? AND \`verified_at\` IS NULL`;

/** MySQL/MariaDB: the code step's stored procedures (migration LeadCodeProcedures1796500000000). */
const CALL_SEND = 'CALL `lead_code_send_v1`(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
const CALL_VERIFY = 'CALL `lead_code_verify_v1`(?, ?, ?, ?)';

/** A procedure's one row: its outcome, or the error it caught (then it rolled back). */
interface CallError {
  errno?: number | null;
  message?: string | null;
}
interface SendCallRow extends CallError {
  outcome: SendOutcome['kind'];
  seconds: number | null;
}
interface VerifyCallRow extends CallError {
  outcome: VerifyOutcome['kind'];
}

interface SendRow {
  id: number;
  last_sent_at: unknown;
  sends_in_window: number;
  window_started_at: unknown;
}
interface VerifyRow {
  id: number;
  code_hash: string;
  expires_at: unknown;
  attempts: number;
}

/** `capped`: the e-mail's cap over all clients is reached; nothing was stored or queued. */
export type SendOutcome = { kind: 'sent' } | { kind: 'too-soon'; seconds: number } | { kind: 'capped' };
export type VerifyOutcome = { kind: 'verified' } | { kind: 'expired' } | { kind: 'invalid' } | { kind: 'locked' };

/** The code e-mail, queued in the outbox in the same transaction as the code it carries. */
export interface CodeMail {
  message: MailMessage;
  entry: OutboxEntry;
}

/**
 * Stores lead verification codes and checks guesses. On SQLite each call is one synchronous write
 * transaction in the write queue (so its slot lasts only as long as its statements); on MySQL and
 * MariaDB one call of a stored procedure that decides the same way in a transaction that locks the
 * e-mail's row, so parallel requests for one e-mail queue on it and the limits hold (sent with
 * other visitors' calls: MysqlBatches.pipeline).
 */
@Injectable()
export class LeadCodeRepository implements OnApplicationBootstrap, OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly batches: MysqlBatches,
  ) {}

  /** MySQL/MariaDB: the procedures are loaded on every batch connection before the app listens. */
  onModuleInit(): void {
    if (isSqlite(this.dataSource)) return;
    this.batches.warmEveryConnection([CALL_SEND, Array.from({ length: 18 }, () => null)]);
    this.batches.warmEveryConnection([CALL_VERIFY, Array.from({ length: 4 }, () => null)]);
  }

  /** SQLite: the code step's statements are compiled before the app listens (MysqlBatches opens its pool). */
  onApplicationBootstrap(): void {
    if (isSqlite(this.dataSource))
      prepareSqlite(this.dataSource, [
        SELECT_FOR_SEND,
        SELECT_FOR_VERIFY,
        INSERT_CODE,
        REPLACE_CODE,
        SPEND_ATTEMPT,
        MARK_VERIFIED,
      ]);
  }

  /**
   * Applies the per-e-mail limits (one code per 30 s; the cap over all clients), then stores the
   * new code (hash) and queues its e-mail. The per-client budget is the caller's (LeadVerificationService).
   */
  async send(email: string, codeHash: string, mail: CodeMail): Promise<SendOutcome> {
    if (isSqlite(this.dataSource)) {
      return runSqliteWrite(this.dataSource, (db) => {
        const now = new Date();
        const row = db.statement(SELECT_FOR_SEND).get(email) as SendRow | undefined;
        const decision = decideSend(row, now);
        if (decision.kind !== 'store') return decision;
        for (const [sql, params] of sendWrites(email, codeHash, mail, row, decision, now, sqliteDateTime))
          db.statement(sql).run(...params);
        return { kind: 'sent' };
      });
    }
    if (mail.entry.automated) throw new Error('the code procedure writes the plain outbox row only');
    for (let attempt = 1; ; attempt += 1) {
      try {
        // One statement, sent with the other visitors' waiting (MysqlBatches.pipeline).
        return await retryLockConflicts(async () => {
          const now = new Date();
          const expires = new Date(now.getTime() + LEAD_VERIFICATION.codeTtlMinutes * MINUTE_MS);
          const outbox = outboxStatement(mail.message, mail.entry).params((d) => d, now);
          const [row] = (await this.batches.pipeline([
            CALL_SEND,
            [
              now,
              email,
              codeHash,
              expires,
              LEAD_VERIFICATION.resendIntervalSeconds,
              LEAD_VERIFICATION.emailWindowMinutes,
              LEAD_VERIFICATION.sendsPerEmail,
              ...outbox,
            ],
          ])) as SendCallRow[];
          if (row.errno != null) throw procedureError(row.errno, row.message);
          return row.outcome === 'too-soon'
            ? { kind: 'too-soon', seconds: Number(row.seconds) }
            : { kind: row.outcome as 'sent' | 'capped' };
        });
      } catch (err) {
        // Two first requests for one e-mail raced on the unique index: the loser reads the row again.
        if (attempt >= 2 || !isDuplicateKey(err)) throw err;
      }
    }
  }

  /**
   * Spends one attempt, then compares the stored hash with the guess's: a burst of parallel guesses
   * gets the allowed tries in all, and the right code after them is refused too.
   */
  verify(email: string, guessHash: string): Promise<VerifyOutcome> {
    if (isSqlite(this.dataSource)) {
      return runSqliteWrite(this.dataSource, (db) => {
        const now = new Date();
        const row = db.statement(SELECT_FOR_VERIFY).get(email) as VerifyRow | undefined;
        const outcome = decideVerify(row, now, guessHash);
        if (outcome.kind === 'expired') return outcome;
        for (const [sql, params] of verifyWrites(row!, outcome, now, sqliteDateTime)) db.statement(sql).run(...params);
        return { kind: outcome.kind };
      });
    }
    // One statement, sent with the other visitors' waiting (MysqlBatches.pipeline).
    return retryLockConflicts(async () => {
      const [row] = (await this.batches.pipeline([
        CALL_VERIFY,
        [new Date(), email, guessHash, LEAD_VERIFICATION.maxAttemptsPerCode],
      ])) as VerifyCallRow[];
      if (row.errno != null) throw procedureError(row.errno, row.message);
      return { kind: row.outcome as VerifyOutcome['kind'] };
    });
  }

  /** Deletes the codes whose validity ended and whose last send is before `cutoff`. Returns how many. */
  async purgeExpired(cutoff: Date, now: Date): Promise<number> {
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
}

type SendDecision =
  Exclude<SendOutcome, { kind: 'sent' }> | { kind: 'store'; sendsInWindow: number; windowStartedAt: Date };

function decideSend(row: SendRow | undefined, now: Date): SendDecision {
  if (!row) return { kind: 'store', sendsInWindow: 1, windowStartedAt: now };
  const interval = LEAD_VERIFICATION.resendIntervalSeconds * SECOND_MS;
  const sinceLast = now.getTime() - storedDate(row.last_sent_at).getTime();
  if (sinceLast < interval) {
    const seconds = Math.min(
      LEAD_VERIFICATION.resendIntervalSeconds,
      Math.max(1, Math.ceil((interval - sinceLast) / SECOND_MS)),
    );
    return { kind: 'too-soon', seconds };
  }
  const windowStartedAt = storedDate(row.window_started_at);
  const sends = Number(row.sends_in_window);
  const windowOpen = now.getTime() - windowStartedAt.getTime() < LEAD_VERIFICATION.emailWindowMinutes * MINUTE_MS;
  // Past the cap the current code is left as it is (same hash, attempts, expiry): the owner, who
  // received it, can still use it.
  if (windowOpen && sends >= LEAD_VERIFICATION.sendsPerEmail) return { kind: 'capped' };
  return windowOpen
    ? { kind: 'store', sendsInWindow: sends + 1, windowStartedAt }
    : { kind: 'store', sendsInWindow: 1, windowStartedAt: now };
}

function sendWrites<D>(
  email: string,
  codeHash: string,
  mail: CodeMail,
  row: SendRow | undefined,
  decision: Extract<SendDecision, { kind: 'store' }>,
  now: Date,
  date: (d: Date) => D,
): Statement[] {
  const at = date(now);
  const expires = date(new Date(now.getTime() + LEAD_VERIFICATION.codeTtlMinutes * MINUTE_MS));
  const code: Statement = row
    ? [REPLACE_CODE, [codeHash, expires, at, decision.sendsInWindow, date(decision.windowStartedAt), at, row.id]]
    : [INSERT_CODE, [email, codeHash, expires, at, at, at, at]];
  const outbox = outboxStatement(mail.message, mail.entry);
  return [code, [outbox.sql, outbox.params(date, now)]];
}

type VerifyDecision = { kind: 'expired' } | { kind: 'verified' | 'invalid' | 'locked'; spend: boolean };

function decideVerify(row: VerifyRow | undefined, now: Date, guessHash: string): VerifyDecision {
  if (!row || storedDate(row.expires_at).getTime() <= now.getTime()) return { kind: 'expired' };
  const attempts = Number(row.attempts);
  if (attempts >= LEAD_VERIFICATION.maxAttemptsPerCode) return { kind: 'locked', spend: false };
  if (sameHash(row.code_hash, guessHash)) return { kind: 'verified', spend: true };
  return { kind: attempts + 1 >= LEAD_VERIFICATION.maxAttemptsPerCode ? 'locked' : 'invalid', spend: true };
}

/** The attempt spent on a guess, and the e-mail marked verified when it was right. */
function verifyWrites<D>(
  row: VerifyRow,
  outcome: Exclude<VerifyDecision, { kind: 'expired' }>,
  now: Date,
  date: (d: Date) => D,
): Statement[] {
  const at = date(now);
  const writes: Statement[] = [];
  if (outcome.spend) writes.push([SPEND_ATTEMPT, [at, row.id]]);
  if (outcome.kind === 'verified') writes.push([MARK_VERIFIED, [at, at, row.id]]);
  return writes;
}
