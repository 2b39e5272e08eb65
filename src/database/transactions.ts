import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, EntityManager } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';
import { isSqlite } from './dialect';

/**
 * TypeORM's better-sqlite3 driver shares ONE query runner: two concurrent transactions would
 * nest as savepoints of each other and commit or roll back each other's work. On SQLite every
 * write transaction therefore waits its turn in a per-DataSource queue. On MySQL/MariaDB
 * InnoDB handles concurrency; a deadlock or lock wait time-out victim is retried.
 */
const queues = new WeakMap<DataSource, Promise<unknown>>();
const holding = new AsyncLocalStorage<DataSource>();

const RETRYABLE_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const MAX_ATTEMPTS = 4;

function isRetryable(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  return RETRYABLE_CODES.has(e?.code ?? '') || RETRYABLE_CODES.has(e?.driverError?.code ?? '');
}

/** Runs `work` alone among the other writes of this process on SQLite; directly elsewhere. Re-entrant. */
export function serializeWrites<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  if (!isSqlite(dataSource) || holding.getStore() === dataSource) return work();
  const previous = queues.get(dataSource) ?? Promise.resolve();
  const run = previous.then(
    () => holding.run(dataSource, work),
    () => holding.run(dataSource, work),
  );
  queues.set(
    dataSource,
    run.then(
      () => undefined,
      () => undefined,
    ),
  );
  return run;
}

/**
 * Runs `work` (and whatever it schedules) outside the write-queue slot of the current request, so a
 * background job started from a request waits its turn like any other writer instead of writing
 * into that request's open transaction.
 */
export function outsideWriteQueue<T>(work: () => T): T {
  return holding.exit(work);
}

export interface TransactionOptions {
  /** MySQL/MariaDB only (SQLite transactions are serialised anyway). */
  isolation?: IsolationLevel;
}

/** One write transaction that is safe under concurrency on both dialects. Do not nest: pass the manager down. */
export async function runInTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  if (isSqlite(dataSource)) return serializeWrites(dataSource, () => dataSource.transaction(work));
  for (let attempt = 1; ; attempt += 1) {
    try {
      return options.isolation
        ? await dataSource.transaction(options.isolation, work)
        : await dataSource.transaction(work);
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(err)) throw err;
      await sleep(10 * attempt + Math.floor(Math.random() * 40));
    }
  }
}
