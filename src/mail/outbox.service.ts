import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';
import type { MailMessage } from './mail.service';
import { OutboxMail } from './outbox-mail.entity';
import { OutboxWorker } from './outbox-worker.service';

export interface OutboxEntry {
  /** What the mail is; a kind may have a delivery hook (OutboxWorker.onDelivered). */
  kind: string;
  /** Names the mail in the logs, without personal data. */
  label: string;
  /** The row the mail is about, handed to the delivery hook. */
  refId?: number | null;
  /** After this long the mail is useless (its code or link expired) and is not sent any more. */
  usefulForMs: number;
}

/**
 * The outbox row as one plain statement, for the few writers that run raw SQL (the public lead
 * intake): SQLite and MySQL both accept the back-quoted names and `?` parameters.
 */
export const INSERT_OUTBOX_SQL = `INSERT INTO \`outbox\` (\`kind\`, \`ref_id\`, \`label\`, \`to_address\`, \`reply_to\`,
  \`subject\`, \`body_text\`, \`body_html\`, \`attempts\`, \`next_attempt_at\`, \`discard_after\`, \`created_at\`)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`;

/** The parameters of INSERT_OUTBOX_SQL; `date` turns a Date into the dialect's value. */
export function outboxParams<D>(message: MailMessage, entry: OutboxEntry, now: Date, date: (d: Date) => D): unknown[] {
  return [
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
  ];
}

/**
 * The only way the product sends e-mail: the message is written to the outbox table with the
 * caller's EntityManager, so it commits or rolls back with the change that causes it, and no
 * request ever waits on the mail server. The worker sends it once the transaction has committed.
 */
@Injectable()
export class OutboxService implements EntitySubscriberInterface {
  /** Transactions that wrote a mail: their commit wakes the worker at once. */
  private readonly pending = new WeakSet<object>();

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly worker: OutboxWorker,
  ) {
    dataSource.subscribers.push(this);
  }

  async enqueue(manager: EntityManager, message: MailMessage, entry: OutboxEntry): Promise<void> {
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
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) this.pending.add(runner);
    else this.worker.kick();
  }

  /** For writers outside TypeORM's transactions (raw SQLite writes): call once the row is committed. */
  kick(): void {
    this.worker.kick();
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    if (!this.pending.has(event.queryRunner)) return;
    this.pending.delete(event.queryRunner);
    this.worker.kick();
  }
}
