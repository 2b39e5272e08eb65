import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryRunner } from 'typeorm';
import type { MysqlConnectionOptions } from 'typeorm/driver/mysql/MysqlConnectionOptions';
import { boundQueryTime, DropTimedOutConnections } from './data-source';
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
}

/** Connections of the batch pool: as many as the main pool, since a burst of form POSTs all come here (20 + 20 per instance). */
const BATCH_POOL_SIZE = 20;

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

  constructor(@InjectDataSource() private readonly main: DataSource) {}

  /** Opens the batch pool and connects every connection of it and of the main pool (MySQL/MariaDB only). */
  async onApplicationBootstrap(): Promise<void> {
    if (isSqlite(this.main)) return;
    const batch = await this.open();
    await Promise.all([fillPool(this.main), fillPool(batch)]);
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

/** Connects all of a pool's connections at once (each runs one trivial query, then goes back idle). */
async function fillPool(pool: DataSource): Promise<void> {
  const size = Number((pool.options as MysqlConnectionOptions).extra?.connectionLimit ?? 10);
  const runners = Array.from({ length: size }, () => pool.createQueryRunner());
  try {
    await Promise.all(runners.map((runner) => runner.query('SELECT 1')));
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
