import { sqliteDriverPath } from './sqlite-driver';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { DataSource, ObjectLiteral, QueryFailedError, SelectQueryBuilder } from 'typeorm';
import { sqliteFileOf } from './dialect';
import { stableBinds } from './sqlite-binds';
import { endWorker } from './sqlite-worker-end';

/**
 * Heavy reads of the back-office (a list's match count and page of ids over 100,000 leads) on
 * SQLite, run by worker threads with their own read-only connections to the database file.
 *
 * better-sqlite3 is synchronous: a 10–20 ms count on the main thread holds up every other request
 * of the process for that long, and four agents searching at once queue behind each other. In WAL
 * mode readers do not block the writer nor each other, so the workers answer in parallel with the
 * main thread (which keeps serving the public site and taking leads) and with each other. Each
 * statement reads the last committed state, as it would on the main connection. An in-memory
 * database (no file to share) and MySQL/MariaDB (a server with its own threads) read as before.
 */

/** The worker: one read-only connection, its prepared statements, one statement per message. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
// As on every connection to the file (data-source.ts): deleted content is zeroed.
db.pragma('secure_delete = ON');
const statements = new Map();
parentPort.on('message', (msg) => {
  if (msg === 'close') {
    db.close();
    parentPort.close(); // nothing left to wait for: the thread ends
    return;
  }
  const { id, sql, params } = msg;
  try {
    let stmt = statements.get(sql);
    if (!stmt) {
      if (statements.size >= 256) statements.clear();
      statements.set(sql, (stmt = db.prepare(sql)));
    }
    parentPort.postMessage({ id, rows: stmt.all(...params) });
  } catch (e) {
    parentPort.postMessage({ id, error: { message: String(e && e.message), code: e && e.code } });
  }
});
`;

interface Call {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
  sql: string;
  params: unknown[];
}

interface Reader {
  worker: Worker;
  calls: Map<number, Call>;
}

export class SqliteReadPool {
  private readers: Reader[] = [];
  private nextId = 1;
  /** Statements answered by the workers (for tests and diagnostics). */
  served = 0;

  constructor(
    private readonly path: string,
    size: number,
  ) {
    for (let i = 0; i < size; i += 1) this.readers.push(this.start());
  }

  get size(): number {
    return this.readers.length;
  }

  /** The rows of one read-only statement, from the least busy worker; null when no worker is left. */
  all(sql: string, params: unknown[]): Promise<unknown[]> | null {
    const reader = this.readers.reduce<Reader | undefined>(
      (best, r) => (!best || r.calls.size < best.calls.size ? r : best),
      undefined,
    );
    if (!reader) return null;
    const id = this.nextId++;
    // The workers load the driver itself, not loadSqliteDriver's class: the SQL is rewritten here.
    const text = stableBinds(sql);
    return new Promise((resolve, reject) => {
      reader.calls.set(id, { resolve, reject, sql, params });
      reader.worker.postMessage({ id, sql: text, params });
    });
  }

  /** Stops every worker; later reads fall back to the connection itself (no worker is left). */
  async close(): Promise<void> {
    const readers = this.readers;
    this.readers = [];
    await Promise.all(readers.map(({ worker }) => endWorker(worker)));
    for (const r of readers) this.fail(r, new Error('The database read pool was closed.'));
  }

  private start(): Reader {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: sqliteDriverPath(), path: this.path },
    });
    worker.unref(); // an idle pool never keeps the process alive
    const reader: Reader = { worker, calls: new Map() };
    worker.on('message', (msg: { id: number; rows?: unknown[]; error?: { message: string; code?: string } }) => {
      const call = reader.calls.get(msg.id);
      if (!call) return;
      reader.calls.delete(msg.id);
      if (msg.error) {
        const cause = Object.assign(new Error(msg.error.message), { code: msg.error.code });
        call.reject(new QueryFailedError(call.sql, call.params, cause));
      } else {
        this.served += 1;
        call.resolve(msg.rows ?? []);
      }
    });
    // A worker that dies takes only its own calls with it; the others (or the main thread) go on.
    const lost = (error: Error) => {
      this.readers = this.readers.filter((r) => r !== reader);
      this.fail(reader, error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`A database read worker stopped (exit code ${code}).`)));
    return reader;
  }

  private fail(reader: Reader, error: Error): void {
    for (const call of reader.calls.values()) call.reject(error);
    reader.calls.clear();
  }
}

const pools = new WeakMap<DataSource, SqliteReadPool | null>();

/** Two workers at most: the main thread needs a core too. */
export const READ_WORKERS = Math.max(1, Math.min(2, availableParallelism()));

/** The data source's read pool, made on first use; null where reads stay on the connection itself. */
export function readPoolOf(dataSource: DataSource): SqliteReadPool | null {
  let pool = pools.get(dataSource);
  if (pool === undefined) {
    const path = sqliteFileOf(dataSource);
    pool = path ? new SqliteReadPool(path, READ_WORKERS) : null;
    pools.set(dataSource, pool);
  }
  return pool;
}

/** Stops the data source's read workers (at shutdown). */
export async function closeReadPool(dataSource: DataSource): Promise<void> {
  const pool = pools.get(dataSource);
  pools.set(dataSource, null);
  await pool?.close();
}

/**
 * The raw rows of a SELECT (as `getRawMany()` returns them): on a worker where the data source has
 * a read pool, else on its own connection. Only for reads that need nothing of a transaction.
 */
export function readRawMany<R>(
  qb: Pick<SelectQueryBuilder<ObjectLiteral>, 'connection' | 'getQueryAndParameters' | 'getRawMany'>,
): Promise<R[]> {
  const pool = readPoolOf(qb.connection);
  if (pool) {
    const [sql, params] = qb.getQueryAndParameters();
    const rows = pool.all(sql, params);
    if (rows) return rows as Promise<R[]>;
  }
  return qb.getRawMany<R>();
}
