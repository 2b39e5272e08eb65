import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryRunner } from 'typeorm';
import type { MysqlConnectionOptions } from 'typeorm/driver/mysql/MysqlConnectionOptions';
import { boundQueryTime, DropTimedOutConnections } from './data-source';
import { isDatabaseDown } from './db-errors';
import { isSqlite } from './dialect';
import { traceMark } from './trace-marks';
import { retryLockConflicts } from './transactions';

/** One statement of a batch: SQL with `?` placeholders and its values. */
export type Statement = [sql: string, params: unknown[]];

/**
 * An open READ COMMITTED transaction of the batch pool. Each call is ONE round trip to the server,
 * whatever the number of statements: `begin` opens the transaction with its first statements,
 * `commit` ends it after its last ones. Each returns every statement's result in order (rows for
 * a SELECT, the OK packet with `insertId`/`affectedRows` otherwise).
 */
export interface BatchTransaction {
  begin(statements: Statement[]): Promise<unknown[]>;
  run(statements: Statement[]): Promise<unknown[]>;
  commit(statements?: Statement[]): Promise<unknown[]>;
  /**
   * Sends statements that open the transaction themselves (a stored procedure's START TRANSACTION):
   * from then on it counts as open, and is rolled back if `work` ends without `commit` or `ended`.
   */
  call(statements: Statement[]): Promise<unknown[]>;
  /** The server-side code that opened the transaction also ended it (the procedure's COMMIT). */
  ended(): void;
}

/** Connections of the batch pool: as many as the main pool, since a burst of form POSTs all come here (20 + 20 per instance). */
const BATCH_POOL_SIZE = 20;

/**
 * Pipelined calls: connections sending them at once (the rest of the batch pool stays for
 * transactions), and calls sent together at most. A call waits only while every lane is busy
 * sending earlier ones; lanes take waiting calls first come, first served.
 *
 * Two lanes, not more: the calls then wait in this first-come, first-served queue instead of side
 * by side in the server, where a lead's call and the ones beside it queue for the same agent's row
 * lock and share the server's cores with the app in no order; and more of them travel together
 * (one socket write and one wake-up for several). Against six lanes, alternated first bursts of
 * 1,000 leads on MariaDB had a lower p99 in seven pairs of seven (202–248 against 243–363 ms) at
 * the same rate, and the code request and verify-code bursts likewise (BENCHMARKS.md). Each lane
 * sends up to PIPELINE_MAX_CALLS calls a round trip, so two lanes still carry thousands of calls a
 * second, the server's work and not the lanes being the limit.
 */
export const PIPELINE_LANES = 2;
const PIPELINE_MAX_CALLS = 20;

interface Waiting {
  statement: Statement;
  resolve: (rows: unknown[]) => void;
  reject: (err: unknown) => void;
}

const OPEN = ['SET TRANSACTION ISOLATION LEVEL READ COMMITTED', 'START TRANSACTION'];

/**
 * Short MySQL/MariaDB write transactions in two or three round trips instead of one per statement
 * (the public form POSTs: a lead took eight, a code request or a guess five). Each round trip costs
 * the app a socket write and the driver's and TypeORM's handling, which under a burst was more CPU
 * than the SQL itself, and holds the transaction's row lock for one more network delay.
 *
 * The statements of a round trip travel as one multi-statement query, on a pool of its own: only
 * this class sends on it, and only its callers' constant SQL with bound values, so the main pool
 * keeps refusing stacked statements. The pool is opened with the main one's settings (server, time
 * zone, charset, connect and query time-outs) before the app starts listening, and every connection
 * of both pools is connected then: opened on first use, the first burst of form POSTs after a start
 * waited while the pool connected its connections one by one (up to 650 ms in a traced burst).
 */
@Injectable()
export class MysqlBatches implements OnApplicationBootstrap, OnApplicationShutdown {
  private pool?: Promise<DataSource>;
  private readonly waiting: Waiting[] = [];
  private readonly warmers: Statement[] = [];
  private lanes = 0;

  constructor(@InjectDataSource() private readonly main: DataSource) {}

  /**
   * Opens the batch pool and connects every connection of it and of the main pool (MySQL/MariaDB
   * only); each batch connection also runs the statements given to `warmEveryConnection`.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (isSqlite(this.main)) return;
    const batch = await this.open();
    await Promise.all([fillPool(this.main), fillPool(batch, this.warmers)]);
  }

  /**
   * A statement every connection of the batch pool runs once before the app listens, for what the
   * server caches per connection: a stored procedure is loaded (parsed) into a connection's cache
   * by its first call there, 1–5 ms that would otherwise fall on a visitor's call in the first
   * burst. It must change nothing (the procedures take a call without an e-mail as this). Call it
   * while the app initialises (onModuleInit).
   */
  warmEveryConnection(statement: Statement): void {
    this.warmers.push(statement);
  }

  /**
   * Runs `work` in one transaction. Returning without `commit` rolls back; so does a throw. A
   * deadlock or lock wait time-out runs `work` again (as runInTransaction does), so it must only
   * decide from what its reads return.
   */
  async transaction<T>(work: (tx: BatchTransaction) => Promise<T>): Promise<T> {
    const pool = await this.open();
    traceMark('pool');
    return retryLockConflicts(async () => {
      const runner = pool.createQueryRunner();
      try {
        return await runOnce(runner, work);
      } finally {
        await runner.release();
      }
    });
  }

  /**
   * Sends one statement that stands alone (a stored procedure that commits or rolls back itself
   * and answers one result set) together with the others waiting for a lane: several visitors'
   * calls travel as one multi-statement query, which costs each process one socket write and
   * one wake-up for all of them instead of one each. Answers the statement's rows. The server runs
   * the calls one after another, each in its own transaction, so one call's error must be answered
   * as a row: a raised error would end the batch (and reject every call in it).
   */
  pipeline(statement: Statement): Promise<unknown[]> {
    return new Promise<unknown[]>((resolve, reject) => {
      this.waiting.push({ statement, resolve, reject });
      if (this.lanes < PIPELINE_LANES) void this.runLane();
    });
  }

  private async runLane(): Promise<void> {
    this.lanes += 1;
    let runner: QueryRunner | undefined;
    try {
      while (this.waiting.length) {
        const calls = this.waiting.splice(0, PIPELINE_MAX_CALLS);
        try {
          runner ??= (await this.open()).createQueryRunner();
          const raw = (await runner.query(
            calls.map(({ statement: [sql] }) => sql).join(';\n'),
            calls.flatMap(({ statement: [, params] }) => params),
          )) as unknown[];
          traceMark('rt');
          // Each call answers its result set, then its own OK packet: the row sets, in order.
          const sets = raw.filter((r): r is unknown[] => Array.isArray(r));
          if (sets.length !== calls.length)
            throw new Error(`pipeline: ${sets.length} result sets for ${calls.length} calls`);
          calls.forEach((call, i) => call.resolve(sets[i]));
        } catch (err) {
          calls.forEach((call) => call.reject(err));
          // The server did not answer (a time-out, a connection lost or refused): each call waiting
          // behind this batch would wait for it in turn, past any visitor's patience. They were never
          // sent, so they are refused now (a 503: try again) rather than queued into the same wait.
          if (isDatabaseDown(err)) this.waiting.splice(0).forEach((call) => call.reject(err));
          // A call that raised may have left its transaction open: never hand the connection on so.
          // (A lost connection fails here too, and the pool drops it.)
          await runner?.query('ROLLBACK').catch(() => undefined);
          if (runner && !runner.isReleased) await runner.release().catch(() => undefined);
          runner = undefined;
        }
      }
    } finally {
      this.lanes -= 1;
      if (runner && !runner.isReleased) await runner.release().catch(() => undefined);
      // A call queued while this lane was releasing its connection must not wait for another caller.
      if (this.waiting.length && this.lanes < PIPELINE_LANES) void this.runLane();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const pool = await this.pool?.catch(() => undefined);
    this.pool = undefined;
    if (pool?.isInitialized) await pool.destroy();
  }

  private open(): Promise<DataSource> {
    this.pool ??= (async () => {
      const options = this.main.options as MysqlConnectionOptions;
      const pool = new DataSource({
        ...options,
        entities: [],
        migrations: [],
        migrationsRun: false,
        subscribers: [DropTimedOutConnections],
        extra: {
          ...options.extra,
          connectionLimit: options.extra?.connectionLimit ?? BATCH_POOL_SIZE,
          multipleStatements: true,
        },
      });
      return boundQueryTime(await pool.initialize());
    })().catch((err: unknown) => {
      this.pool = undefined; // the next request tries again (the server may be back)
      throw err;
    });
    return this.pool;
  }
}

/** The server's names of the errors the app acts on (the driver's table is not exported). */
const SERVER_ERRORS: Record<number, string> = {
  1205: 'ER_LOCK_WAIT_TIMEOUT',
  1213: 'ER_LOCK_DEADLOCK',
  1062: 'ER_DUP_ENTRY',
  1216: 'ER_NO_REFERENCED_ROW',
  1217: 'ER_ROW_IS_REFERENCED',
  1451: 'ER_ROW_IS_REFERENCED_2',
  1452: 'ER_NO_REFERENCED_ROW_2',
  1644: 'ER_SIGNAL_EXCEPTION',
};

/**
 * An error a stored procedure caught and answered as a row (its MYSQL_ERRNO and MESSAGE_TEXT),
 * shaped as the driver's: `code` is the server's symbolic name (ER_LOCK_DEADLOCK...), which
 * retryLockConflicts and the constraint checks (db-errors) read. The server's message is kept only
 * when it is the procedure's own (a SIGNAL): others quote values ("Duplicate entry 'ana@…'").
 */
export function procedureError(errno: number, message: string | null | undefined): Error {
  const code = SERVER_ERRORS[Number(errno)] ?? `ER_${errno}`;
  const text = code === 'ER_SIGNAL_EXCEPTION' && message ? message : `CALL failed: ${code}`;
  return Object.assign(new Error(text), { code, errno: Number(errno) });
}

/**
 * Connects all of a pool's connections at once: each runs one trivial query, then `warmers` one by
 * one (a connection each: they are all taken before any is released), then goes back idle.
 */
async function fillPool(pool: DataSource, warmers: Statement[] = []): Promise<void> {
  const size = Number((pool.options as MysqlConnectionOptions).extra?.connectionLimit ?? 10);
  const runners = Array.from({ length: size }, () => pool.createQueryRunner());
  try {
    await Promise.all(
      runners.map(async (runner) => {
        await runner.query('SELECT 1');
        for (const [sql, params] of warmers) await runner.query(sql, params);
      }),
    );
  } finally {
    await Promise.all(runners.map((runner) => runner.release()));
  }
}

async function runOnce<T>(runner: QueryRunner, work: (tx: BatchTransaction) => Promise<T>): Promise<T> {
  let open = false;
  const send = async (statements: Statement[]): Promise<unknown[]> => {
    if (!statements.length) return [];
    const raw: unknown = await runner.query(
      statements.map(([sql]) => sql).join(';\n'),
      statements.flatMap(([, params]) => params),
    );
    traceMark('rt');
    // One statement answers its own result; several answer a list of them.
    return statements.length === 1 ? [raw] : (raw as unknown[]);
  };
  const tx: BatchTransaction = {
    async begin(statements) {
      if (open) throw new Error('batch transaction already open');
      open = true;
      const results = await send([...OPEN.map((sql): Statement => [sql, []]), ...statements]);
      return results.slice(OPEN.length);
    },
    run: (statements) => send(statements),
    async commit(statements = []) {
      const results = await send([...statements, ['COMMIT', []]]);
      open = false;
      return results.slice(0, statements.length);
    },
    async call(statements) {
      if (open) throw new Error('batch transaction already open');
      open = true;
      return send(statements);
    },
    ended() {
      open = false;
    },
  };
  try {
    const result = await work(tx);
    if (open) await send([['ROLLBACK', []]]);
    return result;
  } catch (err) {
    // A lost or timed-out connection is dropped by the pool; a live one must not stay mid-transaction.
    if (open && !runner.isReleased) await send([['ROLLBACK', []]]).catch(() => undefined);
    throw err;
  }
}
