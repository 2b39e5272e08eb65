import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { storedDate } from '../database/sqlite-sync';
import { outsideWriteQueue } from '../database/transactions';
import { GiveWay } from '../database/writes-waiting';
import { MailMessage, MailService } from './mail.service';
import { OutboxMail } from './outbox-mail.entity';
import { OutboxRepository, RawOutboxRow } from './outbox.repository';

/** Pauses after failed attempts 1, 2, …; one attempt more than there are pauses, then the mail is given up. */
export const OUTBOX_RETRY_DELAYS_MS = [2_000, 10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000];
/** How long a claim holds: well beyond the mail transport's own time-outs (5 s connect, 10 s socket). */
export const OUTBOX_LEASE_MS = 60_000;
/** How often due mails are looked for (retries, mails of other instances, claims of dead ones). */
export const OUTBOX_POLL_MS = 1_000;
const BATCH = 10;
/** The worker claims again once this many of its BATCH slots are free (not for each freed slot). */
const CLAIM_AT = BATCH / 2;
/** Sent marks are written together: at most this long after the mail left, or at this many mails. */
const OUTBOX_SENT_FLUSH_MS = 20;
const SENT_FLUSH_COUNT = 50;
const KEEP_SENT_MS = 7 * 24 * 3600_000;
/**
 * While visitors' form POSTs wait to start, mails wait for them, this long at most in one busy
 * spell; after that they are sent alongside, so a long spell never holds the outbox up.
 */
export const OUTBOX_YIELD_MS = 1_000;

/** Due mails, oldest first; params: now, now. `lock` is appended on MySQL/MariaDB. */

type DeliveryHook = (refId: number, manager: EntityManager) => Promise<unknown>;
/** Builds a mail at sending time (null: nothing to send), in a transaction of its own. */
type Renderer = (row: OutboxMail, manager: EntityManager) => Promise<MailMessage | null>;

/**
 * Sends the outbox: claims each due mail with an atomic UPDATE (unclaimed, or its lease expired)
 * before sending it, so two instances never send one mail twice and a mail claimed by an instance
 * that died is retried once the lease is over. Failures are retried with growing pauses. Sending
 * happens outside any transaction and outside SQLite's write queue: only the short claim and
 * result updates take their turn there.
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Outbox');
  private readonly instance = randomUUID();
  private readonly hooks = new Map<string, DeliveryHook>();
  private readonly renderers = new Map<string, Renderer>();
  private readonly headerMakers = new Map<string, (to: string) => Record<string, string>>();
  private readonly inFlight = new Set<Promise<void>>();
  /** Mails delivered whose sent mark is not written yet, and the flush that will write it. */
  private sentIds: number[] = [];
  private sentTimer: NodeJS.Timeout | null = null;
  private readonly flushes = new Set<Promise<void>>();
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Puts the next claim off while visitors' writes wait, OUTBOX_YIELD_MS at most in one busy spell. */
  private readonly giveWay = new GiveWay(OUTBOX_YIELD_MS);

  constructor(
    private readonly rows: OutboxRepository,
    private readonly mail: MailService,
  ) {}

  /** Runs after a mail of this kind was delivered (e.g. records the lead notice on the lead). */
  onDelivered(kind: string, hook: DeliveryHook): void {
    this.hooks.set(kind, hook);
  }

  /**
   * Mails of this kind are written when they are sent, not when they are queued: the request that
   * queues them then does the same work whatever the outcome (a password reset for an unknown
   * address), and no one-time link is ever stored.
   */
  renderWhenSending(kind: string, render: Renderer): void {
    this.renderers.set(kind, render);
  }

  /** Mails of this kind are sent with these headers, made from the recipient at sending time. */
  addHeaders(kind: string, make: (to: string) => Record<string, string>): void {
    this.headerMakers.set(kind, make);
  }

  /** Looks at once; then the job outbox-poll (src/job-registry.ts) kicks every OUTBOX_POLL_MS. */
  onApplicationBootstrap(): void {
    this.kick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    // Mails being sent get to finish (bounded by the transport's time-outs); the rest stay queued.
    await this.idle();
  }

  /** Looks for due mails now (after a commit that wrote one, and on every poll). */
  kick(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = outsideWriteQueue(() =>
      new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain()),
    ).finally(() => {
      this.draining = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves once no drain and no send is running (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.draining || this.inFlight.size || this.sentIds.length || this.flushes.size) {
      if (!this.draining && !this.inFlight.size) this.flushSent();
      await Promise.allSettled([this.draining, ...this.inFlight, ...this.flushes]);
    }
  }

  /**
   * Resolves once the mails being claimed or sent now are done (not those claimed later): after an
   * erasure, a mail of the person already on its way has written its file.
   */
  async settled(): Promise<void> {
    await Promise.allSettled([this.draining, ...this.inFlight]);
    await Promise.allSettled([...this.inFlight]);
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        // At most BATCH mails in flight: a queue of thousands is not claimed (and its leases run down) at once.
        // Claimed CLAIM_AT or more at a time: under a burst, one claim per freed slot was a
        // transaction per mail.
        while (this.inFlight.size > BATCH - CLAIM_AT) await Promise.race(this.inFlight);
        await this.yieldToVisitors();
        if (this.stopped) return;
        const wanted = BATCH - this.inFlight.size;
        const claimed = await this.claimDue(wanted);
        for (const row of claimed) {
          const job = this.deliver(row).finally(() => this.inFlight.delete(job));
          this.inFlight.add(job);
          // Let waiting requests in between mails: on SQLite all of this could otherwise run as one
          // chain of promise callbacks, holding every socket of the process for its whole length.
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        if (claimed.length < wanted) return;
      }
    } catch (err) {
      this.logger.error(`Reading the outbox failed: ${(err as Error).message}`);
    }
  }

  /**
   * Visitors first: while form POSTs wait to start, the worker waits, so a burst's requests get the
   * CPU (and, on SQLite, the write queue) that building, sending and marking its mails would take.
   * A code e-mail then leaves up to OUTBOX_YIELD_MS later, never more: past that, in the same busy
   * spell, the worker claims as usual.
   */
  private yieldToVisitors(): Promise<void> {
    return this.giveWay.wait(() => this.stopped);
  }

  /**
   * The atomic claim of up to `limit` due mails (unclaimed, or their lease expired), in one short
   * write transaction: on SQLite synchronous in the write queue; on MySQL/MariaDB the due rows are
   * locked with SKIP LOCKED, so two instances claim different mails and never wait on each other.
   */
  private async claimDue(limit: number): Promise<OutboxMail[]> {
    const now = new Date();
    const until = new Date(now.getTime() + OUTBOX_LEASE_MS);
    const rows = await this.rows.claimDue(limit, now, until, this.instance);
    return rows.map((raw) => this.claimedRow(raw, until));
  }

  private claimedRow(raw: RawOutboxRow, until: Date): OutboxMail {
    return Object.assign(new OutboxMail(), {
      ...raw,
      id: Number(raw.id),
      ref_id: raw.ref_id == null ? null : Number(raw.ref_id),
      attempts: Number(raw.attempts) + 1,
      next_attempt_at: storedDate(raw.next_attempt_at),
      discard_after: storedDate(raw.discard_after),
      claimed_by: this.instance,
      claimed_until: until,
      sent_at: null,
      failed_at: null,
      created_at: storedDate(raw.created_at),
    });
  }

  private async deliver(row: OutboxMail): Promise<void> {
    if (row.discard_after.getTime() <= Date.now()) {
      await this.giveUp(row, 'expired before it could be sent');
      return;
    }
    let message: MailMessage | null = {
      to: row.to_address,
      subject: row.subject,
      text: row.body_text,
      html: row.body_html,
      ...(row.reply_to ? { replyTo: row.reply_to } : {}),
    };
    try {
      const render = this.renderers.get(row.kind);
      if (render) message = await this.rows.inTransaction((m) => render(row, m));
      if (!message) {
        await this.record(row, { failed_at: new Date(), last_error: 'nothing to send' });
        return;
      }
      const headers = this.headerMakers.get(row.kind)?.(message.to);
      if (headers) message = { ...message, headers: { ...message.headers, ...headers } };
      await this.mail.send(message, row.id);
    } catch (err) {
      await this.failed(row, (err as Error)?.message ?? String(err));
      return;
    }
    await this.sent(row);
  }

  private async sent(row: OutboxMail): Promise<void> {
    const hook = this.hooks.get(row.kind);
    const refId = row.ref_id;
    if (!hook || refId === null) {
      this.sentLater(row.id);
      return;
    }
    try {
      await this.rows.markSent(row.id, this.instance, (m) => hook(refId, m));
    } catch (err) {
      this.logger.error(`${row.label}: delivered, but recording it failed: ${(err as Error).message}`);
    }
  }

  /**
   * A delivered mail's sent mark, written with the others of the next OUTBOX_SENT_FLUSH_MS. Until
   * then its claim holds it (OUTBOX_LEASE_MS), as while it was being sent: nothing sends it twice.
   */
  private sentLater(id: number): void {
    this.sentIds.push(id);
    if (this.sentIds.length >= SENT_FLUSH_COUNT) this.flushSent();
    else this.sentTimer ??= setTimeout(() => this.flushSent(), OUTBOX_SENT_FLUSH_MS);
  }

  private flushSent(): void {
    if (this.sentTimer) clearTimeout(this.sentTimer);
    this.sentTimer = null;
    const ids = this.sentIds;
    if (!ids.length) return;
    this.sentIds = [];
    const flush = outsideWriteQueue(() => this.rows.markSentMany(ids, this.instance))
      .catch((err: unknown) => {
        // The leases run out and these mails are sent again: logged, as a duplicate e-mail is visible.
        this.logger.error(`${ids.length} delivered e-mail(s): recording them failed: ${(err as Error).message}`);
      })
      .finally(() => this.flushes.delete(flush));
    this.flushes.add(flush);
  }

  private async failed(row: OutboxMail, reason: string): Promise<void> {
    const delay = OUTBOX_RETRY_DELAYS_MS[row.attempts - 1];
    const next = delay === undefined ? null : new Date(Date.now() + delay);
    if (!next || next.getTime() >= row.discard_after.getTime()) {
      await this.giveUp(row, reason);
      return;
    }
    this.logger.warn(`${row.label}: e-mail attempt ${row.attempts} failed, retrying: ${reason}`);
    await this.record(row, { next_attempt_at: next, last_error: reason.slice(0, 500) });
  }

  private async giveUp(row: OutboxMail, reason: string): Promise<void> {
    this.logger.error(`${row.label}: e-mail not delivered after ${row.attempts} attempt(s): ${reason}`);
    await this.record(row, { failed_at: new Date(), last_error: reason.slice(0, 500), body_text: '', body_html: '' });
  }

  private async record(row: OutboxMail, changes: Partial<OutboxMail>): Promise<void> {
    try {
      await this.rows.release(row.id, this.instance, changes);
    } catch (err) {
      // The lease runs out and the mail is tried again.
      this.logger.error(`${row.label}: recording the attempt failed: ${(err as Error).message}`);
    }
  }

  /** Delivered and given-up mails are kept a week for the record, then removed. */
  async purge(now = new Date()): Promise<void> {
    const before = new Date(now.getTime() - KEEP_SENT_MS);
    try {
      await this.rows.purgeBefore(before);
    } catch (err) {
      this.logger.error(`Purging the outbox failed: ${(err as Error).message}`);
    }
  }
}
