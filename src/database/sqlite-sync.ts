import { DataSource, EntityManager } from 'typeorm';
import { isSqlite } from './dialect';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { queuesAsRequestWrite, serializeWrites } from './transactions';
import { writesWaiting } from './writes-waiting';

/** The part of better-sqlite3's API used here (the package ships no types). */
export interface Statement {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
}
interface Database {
  readonly inTransaction: boolean;
  prepare(sql: string): Statement;
  transaction<A extends unknown[], T>(fn: (...args: A) => T): ((...args: A) => T) & { immediate(...args: A): T };
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
 *
 * Requests' writes are committed in groups (group commit): the writes waiting for the queue side by
 * side share one transaction, each in a savepoint of its own, so one that throws is rolled back
 * alone and rejects alone while the others commit. Nothing is answered before the group's COMMIT;
 * if the COMMIT fails, every write of the group rejects. Why (BENCHMARKS.md, "Group commit"): on
 * SQLite a lead's commit cost more than its statements — each commit appends every page the
 * transaction touched (the lead's row and each of its indexes' pages, its event, the agency's
 * notice) to the write-ahead log, one write call per page: 0.4 ms per lead alone, 0.11 ms in
 * groups of ten. While requests wait in the admission queue (writes-waiting.ts) an open group
 * waits up to GATHER_TURNS turns of the event loop for the writes of the requests started in them;
 * otherwise it is committed as soon as the queue reaches it. The writes of a group are made, and
 * answered, in the order they arrived.
 */
export function runSqliteWrite<T, R = T>(
  dataSource: DataSource,
  work: (db: SqliteHandle) => T,
  then?: (result: T) => Promise<R>,
): Promise<R> {
  if (queuesAsRequestWrite(dataSource)) return groupedWrite(dataSource, work, then);
  return serializeWrites(dataSource, async () => {
    const db = idleConnection(dataSource);
    const result = db.transaction(() => work(handleOf(db))).immediate();
    return then ? then(result) : (result as unknown as R);
  });
}

/** Writes in one group at most: one transaction of them lasts a few milliseconds. */
export const MAX_GROUP = 32;
/** Turns of the event loop an open group waits for more writes while requests are waiting to start. */
export const GATHER_TURNS = 16;

interface GroupedWrite {
  work: (db: SqliteHandle) => unknown;
  then?: (result: unknown) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The group of each DataSource that writes may still join (it has not started yet). */
const openGroups = new WeakMap<DataSource, GroupedWrite[]>();

function groupedWrite<T, R>(
  dataSource: DataSource,
  work: (db: SqliteHandle) => T,
  then?: (result: T) => Promise<R>,
): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    const item = { work, then, resolve, reject } as unknown as GroupedWrite;
    const open = openGroups.get(dataSource);
    if (open && open.length < MAX_GROUP) {
      open.push(item);
      return;
    }
    // A new group takes its place in the write queue now, in the order of its first write.
    const group = [item];
    openGroups.set(dataSource, group);
    serializeWrites(dataSource, () => commitGroup(dataSource, group)).catch(() => undefined);
  });
}

async function commitGroup(dataSource: DataSource, group: GroupedWrite[]): Promise<void> {
  for (let turn = 0; turn < GATHER_TURNS && group.length < MAX_GROUP && writesWaiting(); turn += 1) await nextTurn();
  if (openGroups.get(dataSource) === group) openGroups.delete(dataSource);
  let outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }>;
  let aborted: unknown;
  try {
    const db = idleConnection(dataSource);
    const handle = handleOf(db);
    const inSavepoint = savepointOf(db);
    outcomes = db
      .transaction(() =>
        group.map((item) => {
          // Some errors (a full disk, an I/O error) make SQLite roll back the whole transaction: the
          // writes after it are not run (they would each commit on their own), and the COMMIT below
          // then fails, refusing the group.
          if (aborted !== undefined) return { ok: false as const, error: aborted };
          try {
            return { ok: true as const, value: inSavepoint(() => item.work(handle)) };
          } catch (error) {
            if (!db.inTransaction) aborted = error;
            return { ok: false as const, error };
          }
        }),
      )
      .immediate();
  } catch (error) {
    for (const item of group) item.reject(aborted ?? error);
    return;
  }
  // In the same queue slot, in order: each write's continuation sees the committed state.
  for (const [i, item] of group.entries()) {
    const outcome = outcomes[i];
    if (!outcome.ok) item.reject(outcome.error);
    else if (!item.then) item.resolve(outcome.value);
    else await item.then(outcome.value).then(item.resolve, item.reject);
  }
}

/**
 * The SQLite connection, for a write in the queue's slot. Every writer goes through the queue, so
 * the connection is idle here; if it is not, a write outside the queue is open, and joining it
 * could commit or roll back someone else's work.
 */
function idleConnection(dataSource: DataSource): Database {
  const db = (dataSource.driver as unknown as { databaseConnection: Database }).databaseConnection;
  if (db.inTransaction) throw new Error('An SQLite transaction was left open outside the write queue.');
  return db;
}

/** Runs a function in a savepoint of the open transaction (better-sqlite3 nests transactions so). */
const savepoints = new WeakMap<Database, (fn: () => unknown) => unknown>();
function savepointOf(db: Database): (fn: () => unknown) => unknown {
  let run = savepoints.get(db);
  if (!run) savepoints.set(db, (run = db.transaction((fn: () => unknown) => fn())));
  return run;
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
