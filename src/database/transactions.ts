import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, EntityManager } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';
import { traceMark } from './trace-marks';
import { isSqlite } from './dialect';

/**
 * TypeORM's better-sqlite3 driver shares ONE query runner: two concurrent transactions would
 * nest as savepoints of each other and commit or roll back each other's work. On SQLite every
 * write transaction therefore waits its turn in a per-DataSource queue. On MySQL/MariaDB
 * InnoDB handles concurrency; a deadlock or lock wait time-out victim is retried.
 */
const holding = new AsyncLocalStorage<DataSource>();
const background = new AsyncLocalStorage<true>();

/**
 * The write queue of one SQLite DataSource, in two lanes: requests' writes first, background jobs'
 * writes (mail delivery, scheduled jobs) in between. After BACKGROUND_EVERY request writes in a
 * row, one waiting background write goes, so a burst of requests is not held up behind the mail it
 * queued, and that mail is still not starved while the burst lasts.
 */
interface WriteQueue {
  /** Holds of the whole queue (holdWritesNext), before any waiting write. */
  holds: Array<() => Promise<void>>;
  requests: Array<() => Promise<void>>;
  jobs: Array<() => Promise<void>>;
  running: boolean;
  requestsInARow: number;
  /** Told after each write of the queue (the WAL checkpointer, sqlite-checkpointer.ts). */
  afterWrite?: () => void;
}
const BACKGROUND_EVERY = 8;
const queues = new WeakMap<DataSource, WriteQueue>();

function queueOf(dataSource: DataSource): WriteQueue {
  let queue = queues.get(dataSource);
  if (!queue) {
    queue = { holds: [], requests: [], jobs: [], running: false, requestsInARow: 0 };
    queues.set(dataSource, queue);
  }
  return queue;
}

/** `listener` is called after each write of the SQLite DataSource's queue (undefined: no longer). */
export function afterEachWrite(dataSource: DataSource, listener: (() => void) | undefined): void {
  queueOf(dataSource).afterWrite = listener;
}

function nextTask(queue: WriteQueue): (() => Promise<void>) | undefined {
  const jobFirst = queue.jobs.length > 0 && (queue.requests.length === 0 || queue.requestsInARow >= BACKGROUND_EVERY);
  if (jobFirst) {
    queue.requestsInARow = 0;
    return queue.jobs.shift();
  }
  const task = queue.requests.shift();
  if (task) queue.requestsInARow += 1;
  return task;
}

async function pump(queue: WriteQueue): Promise<void> {
  if (queue.running) return;
  queue.running = true;
  try {
    for (;;) {
      const hold = queue.holds.shift();
      if (hold) {
        await hold();
        continue;
      }
      const task = nextTask(queue);
      if (!task) break;
      await task();
      queue.afterWrite?.();
    }
  } finally {
    queue.running = false;
  }
}

const RETRYABLE_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const MAX_ATTEMPTS = 4;

function isRetryable(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  return RETRYABLE_CODES.has(e?.code ?? '') || RETRYABLE_CODES.has(e?.driverError?.code ?? '');
}

/** Runs `work` alone among the other writes of this process on SQLite; directly elsewhere. Re-entrant. */
export function serializeWrites<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  if (!isSqlite(dataSource) || holding.getStore() === dataSource) return work();
  const queue = queueOf(dataSource);
  return enqueue(dataSource, background.getStore() ? queue.jobs : queue.requests, work);
}

/**
 * Runs `work` as the very next write of the SQLite DataSource, ahead of the writes already queued
 * (after the one running, if any): a short hold of every write, with the event loop left free.
 */
export function holdWritesNext<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  return enqueue(dataSource, queueOf(dataSource).holds, work);
}

/** Queues `work` in one lane of the DataSource's write queue; it runs holding the queue's slot. */
function enqueue<T>(dataSource: DataSource, lane: Array<() => Promise<void>>, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    traceMark('q:enqueue');
    lane.push(() => {
      traceMark('q:start');
      return holding.run(dataSource, work).then(resolve, reject);
    });
    void pump(queueOf(dataSource));
  });
}

/**
 * True when a write started here would queue in the requests' lane: not inside a queue slot of
 * `dataSource` (a write there runs at once, in that slot) and not background work.
 */
export function queuesAsRequestWrite(dataSource: DataSource): boolean {
  return isSqlite(dataSource) && holding.getStore() !== dataSource && !background.getStore();
}

/**
 * Runs `work` (and whatever it schedules) as background work: outside the write-queue slot of the
 * current request, so it never writes into that request's open transaction, and in the background
 * lane of the SQLite write queue, so requests' writes go first (see WriteQueue).
 */
export function outsideWriteQueue<T>(work: () => T): T {
  return holding.exit(() => background.run(true, work));
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
  return retryLockConflicts(() =>
    options.isolation ? dataSource.transaction(options.isolation, work) : dataSource.transaction(work),
  );
}

/**
 * Runs a MySQL/MariaDB transaction again (up to 4 times in all, after a short random pause) when
 * a deadlock or a lock wait time-out ended it; `transaction` must decide only from what it reads.
 */
export async function retryLockConflicts<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(err)) throw err;
      await sleep(10 * attempt + Math.floor(Math.random() * 40));
    }
  }
}
