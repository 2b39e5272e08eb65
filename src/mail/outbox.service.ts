import { Injectable, Optional } from '@nestjs/common';
import { EntityManager, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';
import { MetricsService } from '../metrics/metrics.service';
import type { MailMessage } from './mail.service';
import { OutboxEntry, OutboxRepository } from './outbox.repository';
import { OutboxWorker } from './outbox-worker.service';
import { StopLinksService } from './stop-links.service';

export { outboxStatement } from './outbox.repository';
export type { OutboxEntry, OutboxStatement } from './outbox.repository';

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
    private readonly worker: OutboxWorker,
    private readonly rows: OutboxRepository,
    private readonly stopLinks: StopLinksService,
    @Optional() metrics?: MetricsService,
  ) {
    rows.subscribe(this);
    metrics?.watchOutbox(() => rows.backlog());
  }

  /** Queues the mail; an automated one (entry.automated) to an address that used a stop link is dropped. */
  async enqueue(manager: EntityManager, message: MailMessage, entry: OutboxEntry): Promise<void> {
    if (!(await this.rows.insert(manager, message, entry))) return;
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) this.pending.add(runner);
    else this.worker.kick();
  }

  /**
   * Every mail of this kind goes to a lead: it is sent with the one-click stop link's
   * List-Unsubscribe headers (its body shows the link: see StopLinksService.url).
   */
  withStopLink(kind: string): void {
    this.worker.addHeaders(kind, (to) => this.stopLinks.headers(to));
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
