import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, EntitySubscriberInterface, LessThan } from 'typeorm';
import { isSqlite } from '../database/dialect';
import { MysqlBatches } from '../database/mysql-batches';
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

/**
 * The sizes a statement of sent marks is written in: a group is padded up to the next one (an id
 * repeated), so six statements cover every group, and larger groups go 50 at a time.
 */
const SENT_GROUP_SIZES = [1, 2, 5, 10, 20, 50] as const;
/** MARK_SENT_SQL for `count` mails at once. Params: sent_at, claimed_by, then the ids. */
const MARK_SENT_MANY_SQL = (count: number) => `UPDATE \`outbox\` SET \`sent_at\` = ?, \`claimed_by\` = NULL,
  \`claimed_until\` = NULL, \`body_text\` = '', \`body_html\` = '', \`last_error\` = NULL
WHERE \`claimed_by\` = ? AND \`id\` IN (${Array.from({ length: count }, () => '?').join(', ')})`;

/** `ids` in statements of SENT_GROUP_SIZES, each padded with its own last id. */
export function sentGroups(ids: readonly number[]): number[][] {
  const largest = SENT_GROUP_SIZES[SENT_GROUP_SIZES.length - 1];
  const groups: number[][] = [];
  for (let at = 0; at < ids.length; at += largest) {
    const group = ids.slice(at, at + largest);
    const size = SENT_GROUP_SIZES.find((n) => n >= group.length) ?? largest;
    while (group.length < size) group.push(group[group.length - 1]);
    groups.push(group);
  }
  return groups;
}

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
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly batches: MysqlBatches,
  ) {}

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
      : // Two round trips: the locked read, then the claim with the commit.
        this.batches.transaction(async (tx) => {
          const [due] = (await tx.begin([[SELECT_DUE_SQL(limit, ' FOR UPDATE SKIP LOCKED'), [now, now]]])) as [
            RawOutboxRow[],
          ];
          const ids = due.map((r) => Number(r.id));
          if (ids.length) await tx.commit([[CLAIM_SQL(ids.length), [until, instance, ...ids]]]);
          return due;
        });
  }

  /** Runs `work` in a transaction (a kind's renderer reads and writes its own tables there). */
  inTransaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return runInTransaction(this.dataSource, work);
  }

  /** Marks a claimed mail sent and clears its bodies, in one transaction with the kind's delivery hook. */
  async markSent(id: number, instance: string, then: (manager: EntityManager) => Promise<unknown>): Promise<void> {
    await runInTransaction(this.dataSource, async (m) => {
      await m.query(MARK_SENT_SQL, [dateParam(m)(new Date()), id, instance]);
      await then(m);
    });
  }

  /**
   * Marks mails this instance claimed as sent, several per statement (the mails of a burst finish
   * together; one statement, and on MySQL one commit, each was most of the worker's database work).
   */
  async markSentMany(ids: readonly number[], instance: string): Promise<void> {
    for (const group of sentGroups(ids))
      await runStatement(this.dataSource, MARK_SENT_MANY_SQL(group.length), (date) => [
        date(new Date()),
        instance,
        ...group,
      ]);
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
