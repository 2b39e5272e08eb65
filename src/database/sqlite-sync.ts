import { DataSource, EntityManager } from 'typeorm';
import { isSqlite } from './dialect';
import { serializeWrites } from './transactions';

/** The part of better-sqlite3's API used here (the package ships no types). */
export interface Statement {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
}
interface Database {
  readonly inTransaction: boolean;
  prepare(sql: string): Statement;
  transaction<T>(fn: () => T): { immediate(): T };
}

/** Prepared statements of one SQLite connection, compiled once. */
export interface SqliteHandle {
  statement(sql: string): Statement;
}

const handles = new WeakMap<Database, SqliteHandle>();

function handleOf(db: Database): SqliteHandle {
  let handle = handles.get(db);
  if (!handle) {
    const cache = new Map<string, Statement>();
    handle = {
      statement(sql) {
        let stmt = cache.get(sql);
        if (!stmt) cache.set(sql, (stmt = db.prepare(sql)));
        return stmt;
      },
    };
    handles.set(db, handle);
  }
  return handle;
}

/**
 * Compiles `sqls` on the SQLite DataSource's connection now, into the cache runSqliteWrite's
 * statements come from: done at start-up for the public forms' statements, so the first requests
 * after a start do not compile them.
 */
export function prepareSqlite(dataSource: DataSource, sqls: string[]): void {
  const db = (dataSource.driver as unknown as { databaseConnection: Database }).databaseConnection;
  const handle = handleOf(db);
  for (const sql of sqls) handle.statement(sql);
}

/** How TypeORM stores a datetime on SQLite (UTC, 'YYYY-MM-DD HH:MM:SS.sss'), so stored values compare as text. */
export function sqliteDateTime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/** A datetime read with raw SQL as a Date: MySQL's driver gives Dates; SQLite stores UTC text as above. */
export function storedDate(value: unknown): Date {
  if (value instanceof Date) return value;
  return new Date(`${String(value).replace(' ', 'T')}Z`);
}

/** How a Date is bound as a parameter of raw SQL: SQLite's text form, or the Date itself for MySQL's driver. */
export function dateParam(db: DataSource | EntityManager): (date: Date) => unknown {
  return isSqlite(db) ? sqliteDateTime : (date) => date;
}

/**
 * Runs `work` as one synchronous write transaction (BEGIN IMMEDIATE ... COMMIT) in the SQLite write
 * queue. Nothing else in the process can run between its statements, so no other request's work
 * can join it and the queue slot lasts only as long as the statements do; an exception rolls it
 * back. `then` runs in the same queue slot right after the commit (e.g. an async read that must
 * see the committed state before any other write).
 */
export function runSqliteWrite<T, R = T>(
  dataSource: DataSource,
  work: (db: SqliteHandle) => T,
  then?: (result: T) => Promise<R>,
): Promise<R> {
  return serializeWrites(dataSource, async () => {
    const db = (dataSource.driver as unknown as { databaseConnection: Database }).databaseConnection;
    // Every writer goes through the queue, so the connection is idle here; if it is not, a write
    // outside the queue is open, and joining it could commit or roll back someone else's work.
    if (db.inTransaction) throw new Error('An SQLite transaction was left open outside the write queue.');
    const result = db.transaction(() => work(handleOf(db))).immediate();
    return then ? then(result) : (result as unknown as R);
  });
}

/**
 * One write statement on either dialect: on SQLite synchronously in the write queue, elsewhere as a
 * plain query. `params` gets the dialect's date conversion. Resolves to the number of changed rows.
 */
export async function runStatement(
  dataSource: DataSource,
  sql: string,
  params: <D>(date: (d: Date) => D) => unknown[],
): Promise<number> {
  if (isSqlite(dataSource))
    return runSqliteWrite(dataSource, (db) => db.statement(sql).run(...params(sqliteDateTime)).changes);
  const result = (await dataSource.query(sql, params(dateParam(dataSource)))) as { affectedRows?: number };
  return result?.affectedRows ?? 0;
}
