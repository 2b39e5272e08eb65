import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, EntitySubscriberInterface, LessThan } from 'typeorm';
import { isSqlite } from '../database/dialect';
import {
  dateParam,
  prepareSqlite,
  runSqliteWrite,
  runStatement,
  sqliteDateTime,
  storedDate,
} from '../database/sqlite-sync';
import { runInTransaction, serializeWrites } from '../database/transactions';
import type { OutboxBacklog } from '../metrics/metrics.service';
import type { MailMessage } from './mail.service';
import { MailSuppression } from './mail-suppression.entity';
import { OutboxMail } from './outbox-mail.entity';
import { addressHash } from './stop-links.service';

/** What a queued mail is, beside its message (see OutboxService.enqueue). */
export interface OutboxEntry {
  /** What the mail is; a kind may have a delivery hook (OutboxWorker.onDelivered). */
  kind: string;
  /** Names the mail in the logs, without personal data. */
  label: string;
  /** The row the mail is about, handed to the delivery hook. */
  refId?: number | null;
  /** After this long the mail is useless (its code or link expired) and is not sent any more. */
  usefulForMs: number;
  /**
   * An automated mail to a lead (a notice, a follow-up: anything the person did not just ask for):
   * not queued at all for an address that used a stop link (mail_suppressions). A mail the person
   * requests (the lead code they asked for on the form) is not automated and always goes.
   */
  automated?: boolean;
}

/**
 * An outbox row as one raw statement, for the writers whose transaction runs raw SQL (the public
 * lead intake, the lead codes): run it inside that transaction. `params` gets the dialect's date
 * conversion and the transaction's clock.
 */
export interface OutboxStatement {
  readonly sql: string;
  params<D>(date: (d: Date) => D, now?: Date): unknown[];
}

const SELECT_DUE_SQL = (limit: number, lock: string) => `SELECT * FROM \`outbox\`
WHERE \`sent_at\` IS NULL AND \`failed_at\` IS NULL AND \`next_attempt_at\` <= ?
  AND (\`claimed_until\` IS NULL OR \`claimed_until\` < ?)
ORDER BY \`id\` LIMIT ${Math.max(1, Math.floor(limit))}${lock}`;
/** Params: claimed_until, claimed_by, then the ids. */
const CLAIM_SQL = (count: number) =>
  `UPDATE \`outbox\` SET \`claimed_until\` = ?, \`claimed_by\` = ?, \`attempts\` = \`attempts\` + 1
WHERE \`id\` IN (${Array.from({ length: count }, () => '?').join(', ')})`;
/** The bodies may hold a one-time code or link: they are not kept once delivered. Params: sent_at, id, claimed_by. */
const MARK_SENT_SQL = `UPDATE \`outbox\` SET \`sent_at\` = ?, \`claimed_by\` = NULL, \`claimed_until\` = NULL,
  \`body_text\` = '', \`body_html\` = '', \`last_error\` = NULL
WHERE \`id\` = ? AND \`claimed_by\` = ?`;

export type RawOutboxRow = Record<keyof OutboxMail, unknown>;

/** SQLite and MySQL both accept the back-quoted names and `?` parameters. */
const INSERT_OUTBOX_SQL = `INSERT INTO \`outbox\` (\`kind\`, \`ref_id\`, \`label\`, \`to_address\`, \`reply_to\`,
  \`subject\`, \`body_text\`, \`body_html\`, \`attempts\`, \`next_attempt_at\`, \`discard_after\`, \`created_at\`)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`;

/** The same insert, written only when the address has no stop (mail_suppressions); one more param: its hash. */
const INSERT_AUTOMATED_OUTBOX_SQL = `INSERT INTO \`outbox\` (\`kind\`, \`ref_id\`, \`label\`, \`to_address\`, \`reply_to\`,
  \`subject\`, \`body_text\`, \`body_html\`, \`attempts\`, \`next_attempt_at\`, \`discard_after\`, \`created_at\`)
SELECT ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ? FROM (SELECT 1 AS \`one\`) AS \`x\`
WHERE NOT EXISTS (SELECT 1 FROM \`mail_suppressions\` WHERE \`email_hash\` = ?)`;

/** The outbox row of `message` as a raw statement (see OutboxStatement). */
export function outboxStatement(message: MailMessage, entry: OutboxEntry): OutboxStatement {
  return {
    sql: entry.automated ? INSERT_AUTOMATED_OUTBOX_SQL : INSERT_OUTBOX_SQL,
    params: (date, now = new Date()) => [
      entry.kind,
      entry.refId ?? null,
      entry.label.slice(0, 120),
      message.to,
      message.replyTo ?? null,
      message.subject.slice(0, 500),
      message.text,
      message.html,
      date(now),
      date(new Date(now.getTime() + entry.usefulForMs)),
      date(now),
      ...(entry.automated ? [addressHash(message.to)] : []),
    ],
  };
}

/** Every query of the outbox table: new mail, the worker's claims and marks, the purge, the backlog. */
@Injectable()
export class OutboxRepository implements OnApplicationBootstrap {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** SQLite: the raw inserts are compiled before the app listens, for the public forms' first requests. */
  onApplicationBootstrap(): void {
    if (isSqlite(this.dataSource)) prepareSqlite(this.dataSource, [INSERT_OUTBOX_SQL, INSERT_AUTOMATED_OUTBOX_SQL]);
  }

  /** Hears the DataSource's transaction events (OutboxService wakes the worker on a commit). */
  subscribe(subscriber: EntitySubscriberInterface): void {
    this.dataSource.subscribers.push(subscriber);
  }

  /** The mail not yet delivered nor given up (one indexed query, for the metrics). */
  async backlog(): Promise<OutboxBacklog> {
    const [row] = (await this.dataSource.query(
      'SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL',
    )) as Array<{ n: number | string; oldest: unknown }>;
    return { count: Number(row?.n ?? 0), oldest: row?.oldest ? storedDate(row.oldest) : null };
  }

  /**
   * Inserts the mail with the caller's EntityManager (its transaction, when it runs one). False:
   * an automated mail to an address that used a stop link, not queued.
   */
  async insert(manager: EntityManager, message: MailMessage, entry: OutboxEntry): Promise<boolean> {
    if (entry.automated && (await this.suppressed(manager, message.to))) return false;
    const now = new Date();
    await manager.getRepository(OutboxMail).insert({
      kind: entry.kind,
      ref_id: entry.refId ?? null,
      label: entry.label.slice(0, 120),
      to_address: message.to,
      reply_to: message.replyTo ?? null,
      subject: message.subject.slice(0, 500),
      body_text: message.text,
      body_html: message.html,
      attempts: 0,
      next_attempt_at: now,
      discard_after: new Date(now.getTime() + entry.usefulForMs),
      claimed_by: null,
      claimed_until: null,
      sent_at: null,
      failed_at: null,
      last_error: null,
    });
    return true;
  }

  /** Whether the address used a stop link: no automated mail goes to it. */
  suppressed(manager: EntityManager, email: string): Promise<boolean> {
    return manager.getRepository(MailSuppression).exists({ where: { email_hash: addressHash(email) } });
  }

  /**
   * The atomic claim of up to `limit` due mails (unclaimed, or their lease expired) for `instance`
   * until `until`, in one short write transaction: on SQLite synchronous in the write queue; on
   * MySQL/MariaDB the due rows are locked with SKIP LOCKED, so two instances claim different mails
   * and never wait on each other. Answers the rows as they were read.
   */
  claimDue(limit: number, now: Date, until: Date, instance: string): Promise<RawOutboxRow[]> {
    return isSqlite(this.dataSource)
      ? runSqliteWrite(this.dataSource, (db) => {
          const at = sqliteDateTime(now);
          const due = db.statement(SELECT_DUE_SQL(limit, '')).all(at, at) as RawOutboxRow[];
          const ids = due.map((r) => Number(r.id));
          if (ids.length) db.statement(CLAIM_SQL(ids.length)).run(sqliteDateTime(until), instance, ...ids);
          return due;
        })
      : runInTransaction(
          this.dataSource,
          async (m) => {
            const due = (await m.query(SELECT_DUE_SQL(limit, ' FOR UPDATE SKIP LOCKED'), [now, now])) as RawOutboxRow[];
            const ids = due.map((r) => Number(r.id));
            if (ids.length) await m.query(CLAIM_SQL(ids.length), [until, instance, ...ids]);
            return due;
          },
          { isolation: 'READ COMMITTED' },
        );
  }

  /** Runs `work` in a transaction (a kind's renderer reads and writes its own tables there). */
  inTransaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return runInTransaction(this.dataSource, work);
  }

  /**
   * Marks a claimed mail sent and clears its bodies; with `then`, in one transaction with the kind's
   * delivery hook. Without one (codes, links) the one statement runs alone, on SQLite synchronously
   * in the write queue.
   */
  async markSent(
    id: number,
    instance: string,
    then: ((manager: EntityManager) => Promise<unknown>) | null,
  ): Promise<void> {
    if (!then) {
      await runStatement(this.dataSource, MARK_SENT_SQL, (date) => [date(new Date()), id, instance]);
      return;
    }
    await runInTransaction(this.dataSource, async (m) => {
      await m.query(MARK_SENT_SQL, [dateParam(m)(new Date()), id, instance]);
      await then(m);
    });
  }

  /** Records an attempt on a mail this instance claimed and releases the claim. */
  async release(id: number, instance: string, changes: Partial<OutboxMail>): Promise<void> {
    await serializeWrites(this.dataSource, () =>
      this.dataSource
        .getRepository(OutboxMail)
        .update({ id, claimed_by: instance }, { ...changes, claimed_by: null, claimed_until: null }),
    );
  }

  /** Removes the mails delivered or given up before `before`. */
  async purgeBefore(before: Date): Promise<void> {
    await serializeWrites(this.dataSource, async () => {
      const repo = this.dataSource.getRepository(OutboxMail);
      await repo.delete({ sent_at: LessThan(before) });
      await repo.delete({ failed_at: LessThan(before) });
    });
  }
}
