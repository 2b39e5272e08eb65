import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { RequestSeries } from './request-series';

/** The e-mails waiting in the outbox: how many, and when the oldest was written. */
export interface OutboxBacklog {
  count: number;
  oldest: Date | null;
}

/** What a lead submission came to, as counted by leads_received_total. */
export type LeadOutcome = 'created' | 'repeat' | 'refused';

/**
 * A used refresh token presented again, as counted by auth_refresh_token_reuse_total: within the
 * replay grace (`grace`: another pair of the same session) or later (`revoked`: taken as theft).
 */
export type RefreshReuseOutcome = 'grace' | 'revoked';

/**
 * The Prometheus series of this process, in a registry of its own (two apps in one process, as in
 * the tests, keep separate counts). Default Node.js series are included: CPU, memory, GC and the
 * event-loop delay (nodejs_eventloop_lag_*).
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  /** http_requests_total and http_request_duration_seconds: every answer, counted cheaply (request-series.ts). */
  private readonly requests = new RequestSeries(this.registry);

  private readonly leads = new Counter({
    name: 'leads_received_total',
    help: 'Public lead submissions, by outcome (created, repeat of a recent one, refused).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly refreshReuse = new Counter({
    name: 'auth_refresh_token_reuse_total',
    help: 'Used refresh tokens presented again: within the replay grace (grace) or later, taken as theft (revoked).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** Time a write waited for its turn in the SQLite write queue (empty on MySQL/MariaDB). */
  readonly writeQueueWait = new Histogram({
    name: 'write_queue_wait_seconds',
    help: 'Time a write waited in the SQLite write queue before it ran, by lane.',
    labelNames: ['lane'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [this.registry],
  });

  /** Reads the catalogue and page cache's size when scraped; set by the cache (watchCatalogueCache). */
  private catalogueCache: (() => { entries: number; bytes: number }) | null = null;

  /** Reads the outbox's backlog when scraped; set by the mail module (watchOutbox). */
  private outboxBacklog: (() => Promise<OutboxBacklog>) | null = null;

  constructor() {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    // Both series exist from the start, so an alert on any increase also sees the first one.
    for (const outcome of ['grace', 'revoked'] as const) this.refreshReuse.inc({ outcome }, 0);
    const cacheSize = () => this.catalogueCache?.() ?? { entries: 0, bytes: 0 };
    new Gauge({
      name: 'catalogue_cache_entries',
      help: 'Catalogue answers and server-rendered pages held in memory (bounded: README, memory bounds).',
      registers: [this.registry],
      collect() {
        this.set(cacheSize().entries);
      },
    });
    new Gauge({
      name: 'catalogue_cache_bytes',
      help: 'Bytes of the catalogue and page cache counted against its bound (text and UTF-8 bytes of each entry).',
      registers: [this.registry],
      collect() {
        this.set(cacheSize().bytes);
      },
    });
    // The outbox is read when scraped (one indexed query), not counted on every write.
    let pending: OutboxBacklog = { count: 0, oldest: null };
    const readOutbox = async () => {
      if (this.outboxBacklog) pending = await this.outboxBacklog();
    };
    new Gauge({
      name: 'mail_outbox_pending',
      help: 'E-mails waiting in the outbox (not yet delivered nor given up).',
      registers: [this.registry],
      async collect() {
        await readOutbox().catch(() => undefined);
        this.set(pending.count);
      },
    });
    new Gauge({
      name: 'mail_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest e-mail waiting in the outbox (0 when none waits).',
      registers: [this.registry],
      collect() {
        // Read by mail_outbox_pending's collect, which runs first (series are collected in order).
        this.set(pending.oldest ? Math.max(0, (Date.now() - pending.oldest.getTime()) / 1000) : 0);
      },
    });
  }

  /** The catalogue cache's reader of its size, for the catalogue_cache_* gauges. */
  watchCatalogueCache(read: () => { entries: number; bytes: number }): void {
    this.catalogueCache = read;
  }

  /** The mail module's reader of the outbox's backlog, for the mail_outbox_* gauges. */
  watchOutbox(read: () => Promise<OutboxBacklog>): void {
    this.outboxBacklog = read;
  }

  /** One answered request; `route` is the route's pattern (`/api/destinations/:id`), never its values. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe(method, route, status, seconds);
  }

  leadReceived(outcome: LeadOutcome): void {
    this.leads.inc({ outcome });
  }

  refreshTokenReused(outcome: RefreshReuseOutcome): void {
    this.refreshReuse.inc({ outcome });
  }
}
