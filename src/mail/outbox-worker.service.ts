import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { CronExpression } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, EntityManager, LessThan } from 'typeorm';
import { FleetCron } from '../jobs/fleet-cron.decorator';
import { outsideWriteQueue, runInTransaction, serializeWrites } from '../database/transactions';
import { MailMessage, MailService } from './mail.service';
import { OutboxMail } from './outbox-mail.entity';

/** Pauses after failed attempts 1, 2, …; one attempt more than there are pauses, then the mail is given up. */
export const OUTBOX_RETRY_DELAYS_MS = [2_000, 10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000];
/** How long a claim holds: well beyond the mail transport's own time-outs (5 s connect, 10 s socket). */
export const OUTBOX_LEASE_MS = 60_000;
/** How often due mails are looked for (retries, mails of other instances, claims of dead ones). */
export const OUTBOX_POLL_MS = 1_000;
const BATCH = 10;
const KEEP_SENT_MS = 7 * 24 * 3600_000;

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
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
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

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), OUTBOX_POLL_MS);
    this.timer.unref();
    this.kick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
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
    while (this.draining || this.inFlight.size) {
      await Promise.allSettled([this.draining, ...this.inFlight]);
    }
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        const due = await this.dueIds();
        let claimed = 0;
        for (const id of due) {
          if (this.stopped) return;
          if (!(await this.claim(id))) continue;
          claimed += 1;
          const job = this.deliver(id).finally(() => this.inFlight.delete(job));
          this.inFlight.add(job);
        }
        if (claimed < BATCH) return;
      }
    } catch (err) {
      this.logger.error(`Reading the outbox failed: ${(err as Error).message}`);
    }
  }

  private async dueIds(): Promise<number[]> {
    const now = new Date();
    const rows = await this.dataSource
      .getRepository(OutboxMail)
      .createQueryBuilder('m')
      .select('m.id', 'id')
      .where('m.sent_at IS NULL AND m.failed_at IS NULL AND m.next_attempt_at <= :now', { now })
      .andWhere(new Brackets((q) => q.where('m.claimed_until IS NULL').orWhere('m.claimed_until < :now', { now })))
      .orderBy('m.id', 'ASC')
      .limit(BATCH)
      .getRawMany<{ id: number }>();
    return rows.map((r) => Number(r.id));
  }

  /** The atomic claim: true when this instance now holds the mail. */
  private async claim(id: number): Promise<boolean> {
    const now = new Date();
    const result = await serializeWrites(this.dataSource, () =>
      this.dataSource
        .createQueryBuilder()
        .update(OutboxMail)
        .set({
          claimed_by: this.instance,
          claimed_until: new Date(now.getTime() + OUTBOX_LEASE_MS),
          attempts: () => 'attempts + 1',
        })
        .where('id = :id AND sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= :now', { id, now })
        .andWhere(new Brackets((q) => q.where('claimed_until IS NULL').orWhere('claimed_until < :now', { now })))
        .execute(),
    );
    return result.affected === 1;
  }

  private async deliver(id: number): Promise<void> {
    const row = await this.dataSource.getRepository(OutboxMail).findOneBy({ id, claimed_by: this.instance });
    if (!row) return;
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
      if (render) message = await runInTransaction(this.dataSource, (m) => render(row, m));
      if (!message) {
        await this.record(row, { failed_at: new Date(), last_error: 'nothing to send' });
        return;
      }
      await this.mail.send(message);
    } catch (err) {
      await this.failed(row, (err as Error)?.message ?? String(err));
      return;
    }
    await this.sent(row);
  }

  private async sent(row: OutboxMail): Promise<void> {
    const hook = this.hooks.get(row.kind);
    try {
      await runInTransaction(this.dataSource, async (m) => {
        // The bodies may hold a one-time code or link: they are not kept once delivered.
        await m.getRepository(OutboxMail).update(
          { id: row.id, claimed_by: this.instance },
          {
            sent_at: new Date(),
            claimed_by: null,
            claimed_until: null,
            body_text: '',
            body_html: '',
            last_error: null,
          },
        );
        if (hook && row.ref_id !== null) await hook(row.ref_id, m);
      });
    } catch (err) {
      this.logger.error(`${row.label}: delivered, but recording it failed: ${(err as Error).message}`);
    }
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
      await serializeWrites(this.dataSource, () =>
        this.dataSource
          .getRepository(OutboxMail)
          .update({ id: row.id, claimed_by: this.instance }, { ...changes, claimed_by: null, claimed_until: null }),
      );
    } catch (err) {
      // The lease runs out and the mail is tried again.
      this.logger.error(`${row.label}: recording the attempt failed: ${(err as Error).message}`);
    }
  }

  /** Delivered and given-up mails are kept a week for the record, then removed. */
  @FleetCron(CronExpression.EVERY_HOUR, 'outbox-purge')
  async purge(now = new Date()): Promise<void> {
    const before = new Date(now.getTime() - KEEP_SENT_MS);
    try {
      await serializeWrites(this.dataSource, async () => {
        const repo = this.dataSource.getRepository(OutboxMail);
        await repo.delete({ sent_at: LessThan(before) });
        await repo.delete({ failed_at: LessThan(before) });
      });
    } catch (err) {
      this.logger.error(`Purging the outbox failed: ${(err as Error).message}`);
    }
  }
}
