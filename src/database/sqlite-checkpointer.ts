import { sqliteDriverPath } from './sqlite-driver';
import { Logger } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import { DataSource } from 'typeorm';
import { sqliteFileOf } from './dialect';
import { stableBinds } from './sqlite-binds';
import { endWorker } from './sqlite-worker-end';
import { runSqliteWrite } from './sqlite-sync';
import { afterEachWrite, holdWritesNext, serializeWrites } from './transactions';

/**
 * WAL checkpoints of the SQLite database, on a worker thread instead of inside a request's commit.
 *
 * In WAL mode a commit appends the pages it changed to the -wal file; a checkpoint copies them back
 * into the database file and syncs both files to disk. By default SQLite checkpoints inside the
 * commit that takes the WAL past 1,000 pages, and better-sqlite3 is synchronous: measured here, that
 * commit took 13–15 ms instead of about 0.15 ms (4 MB copied and two fsyncs of 4–5 ms each), once every
 * 60–70 leads, with the whole process stopped. Every request in flight waited for it, and it more
 * than doubled the mean cost of a lead's transaction (0.33 ms against 0.14–0.19 ms without).
 *
 * Here the main connection leaves checkpoints to a worker with a connection of its own:
 * - 100 ms after a write, or after PASS_AFTER_WRITES writes, the worker checkpoints (PASSIVE: it
 *   neither waits for nor blocks the writes and reads going on meanwhile);
 * - SQLite starts the WAL over from its beginning only at a write that finds every page already
 *   copied, which under a steady stream of writes never happens by itself. So once the WAL holds
 *   RESTART_FRAMES pages, the worker passes again over the pages written during its previous pass
 *   until few are left, then copies those with the write queue held (holdWritesNext: writes wait
 *   a millisecond or two, the event loop stays free); the next write starts the WAL over;
 * - the main connection keeps an automatic checkpoint of its own at BACKSTOP_FRAMES pages (10× the
 *   usual), reached only if the worker falls behind; a worker that fails gives the connection back
 *   SQLite's default.
 * Durability is unchanged: what a commit guarantees (synchronous = NORMAL) does not depend on who
 * checkpoints, and the checkpoint syncs the WAL before it copies anything.
 *
 * The same worker also runs background writes whose work is in SQLite itself (writeOffThread: the
 * search index's batches of new leads), with the write queue held meanwhile, so that they cost the
 * event loop nothing.
 */

/** A WAL of this many pages (4 KiB each) is started over at the next write. */
export const RESTART_FRAMES = 1000;
/** The main connection's own automatic checkpoint, only reached if the worker falls behind. */
export const BACKSTOP_FRAMES = 10 * RESTART_FRAMES;
/** Copied with writes held: at most about this many pages (1 MB), unless the writes outpace the passes. */
const HOLD_TAIL_FRAMES = 256;
/** Passes over the pages written meanwhile before the held one, at most. */
const CATCH_UP_PASSES = 4;
/** SQLite's default, given back if the worker fails. */
const SQLITE_DEFAULT_FRAMES = 1000;
/** How long after a write the worker checkpoints: writes in between share one pass… */
const PASS_DELAY_MS = 100;
/** …unless this many come first (about RESTART_FRAMES pages of leads, at some 15 pages each). */
const PASS_AFTER_WRITES = 64;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
// Its writes run with the app's write queue held, so the lock is free; this only covers a surprise.
db.pragma('busy_timeout = 5000');
// As on every connection to the file (data-source.ts): deleted content is zeroed.
db.pragma('secure_delete = ON');
const statements = new Map();
const prepared = (sql) => statements.get(sql) ?? statements.set(sql, db.prepare(sql)).get(sql);
const write = db.transaction((list) => list.map(([sql, params]) => prepared(sql).run(...params).changes));
parentPort.on('message', (msg) => {
  if (msg === 'close') {
    db.close();
    parentPort.close(); // nothing left to wait for: the thread ends
    return;
  }
  try {
    if (msg.op === 'write') {
      parentPort.postMessage({ id: msg.id, changes: write.immediate(msg.statements) });
      return;
    }
    const [r] = db.pragma(msg.op === 'truncate' ? 'wal_checkpoint(TRUNCATE)' : 'wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ id: msg.id, busy: r.busy, log: r.log, checkpointed: r.checkpointed });
  } catch (e) {
    parentPort.postMessage({ id: msg.id, error: String(e && e.message) });
  }
});
`;

/** What one PASSIVE checkpoint did: pages in the WAL, and how many of them are in the database file. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/** One statement of a background write: SQL and its parameters. */
export type WriteStatement = [sql: string, params: unknown[]];

interface Connection {
  pragma(sql: string, options?: { simple?: boolean }): unknown;
}

export class SqliteCheckpointer {
  private readonly logger = new Logger('SqliteCheckpointer');
  private worker: Worker | null;
  private readonly calls = new Map<number, (result: unknown) => void>();
  private nextId = 1;
  private timer: NodeJS.Timeout | null = null;
  private passing: Promise<void> | null = null;
  private writes = 0;
  private closing = false;
  /** Passes run, and holds of the write queue among them (for tests and diagnostics). */
  passes = 0;
  holds = 0;

  constructor(
    private readonly dataSource: DataSource,
    path: string,
  ) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: sqliteDriverPath(), path },
    });
    this.worker.unref();
    this.worker.on('message', (msg: { id: number; error?: string }) => {
      const done = this.calls.get(msg.id);
      this.calls.delete(msg.id);
      done?.(msg.error === undefined ? msg : new Error(msg.error));
    });
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`the checkpoint worker stopped (exit code ${code})`)));
    this.connection().pragma(`wal_autocheckpoint = ${BACKSTOP_FRAMES}`);
    afterEachWrite(dataSource, () => this.noteWrite());
  }

  get running(): boolean {
    return this.worker !== null;
  }

  /** A write was committed: a pass within PASS_DELAY_MS, or at once after PASS_AFTER_WRITES writes. */
  noteWrite(): void {
    if (!this.worker || this.closing) return;
    this.writes += 1;
    this.schedule();
  }

  /** One pass now (or the one running): checkpoint; if the WAL was not started over, once more with writes held. */
  pass(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.passing ??= this.runPass().finally(() => {
      this.passing = null;
      this.schedule(); // for the writes committed during the pass
    });
    return this.passing;
  }

  /** The next pass for the writes not yet checkpointed (none while one runs: it schedules when done). */
  private schedule(): void {
    if (this.passing || this.writes === 0 || !this.worker || this.closing) return;
    if (this.writes >= PASS_AFTER_WRITES) void this.pass();
    else this.timer ??= setTimeout(() => void this.pass(), PASS_DELAY_MS).unref();
  }

  /** One PASSIVE checkpoint on the worker. */
  checkpoint(): Promise<CheckpointResult> {
    return this.call<CheckpointResult>({ op: 'checkpoint' });
  }

  /**
   * Every page of the WAL copied into the database file and the WAL emptied (TRUNCATE): what
   * older page versions it held is gone from disk. The caller holds the write queue meanwhile
   * (see checkpointTruncate); SQLite waits (busy_timeout) for readers on older snapshots.
   */
  truncate(): Promise<CheckpointResult> {
    return this.call<CheckpointResult>({ op: 'truncate' });
  }

  /**
   * `statements` as one write transaction (BEGIN IMMEDIATE) on the worker's connection; resolves to
   * each one's count of changed rows. The caller holds the write queue meanwhile (see writeOffThread).
   */
  async write(statements: WriteStatement[]): Promise<number[]> {
    // The queue tells the checkpointer of it when the slot ends, as of any other write. The worker
    // loads the driver itself, not loadSqliteDriver's class: the SQL is rewritten here.
    const { changes } = await this.call<{ changes: number[] }>({
      op: 'write',
      statements: statements.map(([sql, params]) => [stableBinds(sql), params]),
    });
    return changes;
  }

  private call<T>(message: object): Promise<T> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('the checkpoint worker is not running'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.calls.set(id, (result) => (result instanceof Error ? reject(result) : resolve(result as T)));
      worker.postMessage({ ...message, id });
    });
  }

  /** Stops the worker; the main connection checkpoints by itself again (and at its close, as SQLite does). */
  async close(): Promise<void> {
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.passing;
    const worker = this.worker;
    if (!worker) return;
    this.release();
    // Its connection is closed, not dropped with the thread: SQLite then sees the main connection as
    // the last one on the file, which checkpoints and removes the WAL when it closes.
    await endWorker(worker);
  }

  private async runPass(): Promise<void> {
    this.writes = 0;
    try {
      this.passes += 1;
      let last = await this.checkpoint();
      if (last.log < RESTART_FRAMES) return;
      // The WAL is long and goes on growing while each pass copies and syncs: pass again, each time
      // over the pages written during the previous one, until few are left (or a few passes went
      // by), then copy that tail with writes held, so that the next write starts the WAL over.
      for (let i = 0; i < CATCH_UP_PASSES; i += 1) {
        const next = await this.checkpoint();
        const grew = next.log - last.log;
        last = next;
        if (next.log < RESTART_FRAMES) return; // started over meanwhile (a quiet moment)
        if (grew <= HOLD_TAIL_FRAMES) break;
      }
      this.holds += 1;
      await holdWritesNext(this.dataSource, () => this.checkpoint());
    } catch (err) {
      // A checkpoint the database refused (e.g. the disk is full) is tried again after the next write.
      this.logger.warn(`WAL checkpoint failed: ${(err as Error).message}`);
    }
  }

  private fail(err: Error): void {
    if (!this.worker) return;
    this.logger.error(`${err.message}; SQLite checkpoints in the main thread again`);
    this.release();
  }

  /** Hands checkpoints back to the main connection and settles any call in flight. */
  private release(): void {
    this.worker = null;
    afterEachWrite(this.dataSource, undefined);
    if (this.dataSource.isInitialized) this.connection().pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_FRAMES}`);
    const gone = new Error('the checkpoint worker is not running');
    for (const done of this.calls.values()) done(gone);
    this.calls.clear();
  }

  private connection(): Connection {
    return (this.dataSource.driver as unknown as { databaseConnection: Connection }).databaseConnection;
  }
}

const checkpointers = new WeakMap<DataSource, SqliteCheckpointer>();

/** Starts the worker checkpoints of a file SQLite database (nothing for MySQL/MariaDB or in memory). */
export function startCheckpointer(dataSource: DataSource): SqliteCheckpointer | null {
  const path = sqliteFileOf(dataSource);
  if (!path) return null;
  let checkpointer = checkpointers.get(dataSource);
  if (!checkpointer) checkpointers.set(dataSource, (checkpointer = new SqliteCheckpointer(dataSource, path)));
  return checkpointer;
}

/**
 * A background write taken off the main thread: `statements` run as one transaction on the
 * checkpoint worker's connection while the write queue is held in the caller's lane (a background
 * job's lane inside `outsideWriteQueue`), so no other write can run beside it, and the event loop
 * goes on serving requests meanwhile. Without a worker (an in-memory database, or a worker that
 * failed) they run on the main connection, as any queued write. Resolves to each statement's count
 * of changed rows. For writes whose work is in SQLite itself (e.g. indexing a batch of rows), not
 * for a request's own transaction.
 */
export function writeOffThread(dataSource: DataSource, statements: WriteStatement[]): Promise<number[]> {
  const checkpointer = checkpointers.get(dataSource);
  if (checkpointer?.running)
    return serializeWrites(dataSource, () =>
      checkpointer.running ? checkpointer.write(statements) : onMainConnection(dataSource, statements),
    );
  return onMainConnection(dataSource, statements);
}

/**
 * A full checkpoint that empties the WAL (after an erasure: with secure_delete the database file
 * holds no erased value, and the WAL's older page versions that did are dropped). Run in the write
 * queue (within the caller's slot if it holds one), on the checkpoint worker, or on the main
 * connection without one. Answers null for MySQL/MariaDB and in-memory databases (nothing to do),
 * false when SQLite could not empty it (a reader held an old snapshot past busy_timeout).
 */
export async function checkpointTruncate(dataSource: DataSource): Promise<boolean | null> {
  if (!sqliteFileOf(dataSource)) return null;
  const checkpointer = checkpointers.get(dataSource);
  const result = await serializeWrites(dataSource, async () => {
    if (checkpointer?.running) return checkpointer.truncate();
    const connection = (dataSource.driver as unknown as { databaseConnection: Connection }).databaseConnection;
    return (connection.pragma('wal_checkpoint(TRUNCATE)') as CheckpointResult[])[0];
  });
  return result.busy === 0 && result.log === 0;
}

/** The same statements on the main connection (in the queue slot, or inside the one already held). */
function onMainConnection(dataSource: DataSource, statements: WriteStatement[]): Promise<number[]> {
  return runSqliteWrite(dataSource, (db) =>
    statements.map(([sql, params]) => db.statement(sql).run(...params).changes),
  );
}

/** Stops them (at shutdown, before the connection closes). */
export async function stopCheckpointer(dataSource: DataSource): Promise<void> {
  const checkpointer = checkpointers.get(dataSource);
  checkpointers.delete(dataSource);
  await checkpointer?.close();
}
