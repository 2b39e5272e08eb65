import { join } from 'node:path';
import { Logger as NestLogger } from '@nestjs/common';
import { createConnection } from 'mysql2/promise';
import { loadSqliteDriver } from './sqlite-driver';
import {
  AfterQueryEvent,
  DataSource,
  DataSourceOptions,
  EntitySubscriberInterface,
  EventSubscriber,
  Logger,
} from 'typeorm';
import { DatabaseConfig } from '../config/app-config';
import { makeSqliteFilesPrivate } from '../config/file-modes';
import { dropQueryValues } from './db-errors';
import { isMysql } from './dialect';
import { MYSQL_MIGRATIONS } from './migrations/mysql';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';

/**
 * Once migrations have run (they may legitimately take long), a MySQL/MariaDB query that gets no
 * answer within this time fails, and the request answers 503 instead of hanging on a frozen server.
 */
export const QUERY_TIMEOUT_MS = 5000;

const slowQueries = new NestLogger('Database');

/**
 * TypeORM prints slow queries with their parameters (personal data, hashes) whatever `logging` says:
 * log the time only. A failed query's driver error passes here before it becomes the QueryFailedError
 * the app sees: MariaDB's message quoting values is replaced with the statement and code (db-errors.ts).
 */
const quietLogger: Logger = {
  logQuery: () => undefined,
  logQueryError: (error, query) => dropQueryValues(error, query),
  logQuerySlow: (time, query) => slowQueries.warn(`A query took ${time} ms: ${query.slice(0, 60)}`),
  logSchemaBuild: () => undefined,
  logMigration: () => undefined,
  log: () => undefined,
};

/** Applies QUERY_TIMEOUT_MS to an initialised MySQL/MariaDB DataSource (no-op on SQLite, whose calls are synchronous). */
export function boundQueryTime(dataSource: DataSource): DataSource {
  if (isMysql(dataSource)) {
    Object.assign(dataSource.driver.options, { enableQueryTimeout: true, maxQueryExecutionTime: QUERY_TIMEOUT_MS });
  }
  return dataSource;
}

/**
 * A MySQL connection whose query timed out still waits for that answer and would hold every later
 * command (the transaction's ROLLBACK first) until the server wakes: drop it; the pool opens another.
 */
@EventSubscriber()
export class DropTimedOutConnections implements EntitySubscriberInterface {
  afterQuery(event: AfterQueryEvent<unknown>): void {
    if ((event.error as { code?: string } | undefined)?.code !== 'PROTOCOL_SEQUENCE_TIMEOUT') return;
    (event.queryRunner as unknown as { databaseConnection?: { destroy?: () => void } }).databaseConnection?.destroy?.();
  }
}

/**
 * Every entity of the app, found by the file-name convention (`*.entity.ts`, `.js` once built)
 * anywhere under the source root, so this folder imports no feature: each module keeps its
 * entities in its own folder and registers them with `TypeOrmModule.forFeature`.
 */
export const ENTITY_FILES = join(__dirname, '..', '**', '*.entity.{ts,js}');

/** TypeORM options for either dialect. Schema changes go through migrations only. */
export function buildDataSourceOptions(db: DatabaseConfig, runMigrations = true): DataSourceOptions {
  const common = {
    entities: [ENTITY_FILES] as string[],
    synchronize: false,
    migrationsRun: runMigrations,
    migrationsTableName: 'migrations',
    logging: false,
    logger: quietLogger,
  } as const;
  if (db.type === 'sqlite') {
    return {
      ...common,
      type: 'better-sqlite3',
      // The build of better-sqlite3 that runs on this Node.js (sqlite-driver.ts).
      driver: loadSqliteDriver(),
      database: db.path,
      migrations: SQLITE_MIGRATIONS,
      prepareDatabase: (conn: { pragma(sql: string): unknown }) => {
        // The owner's only, before the WAL and shared-memory files exist (SQLite gives them the file's mode).
        if (db.path !== ':memory:') makeSqliteFilesPrivate(db.path);
        conn.pragma('journal_mode = WAL');
        // In WAL mode NORMAL syncs at checkpoints instead of at every commit: a commit survives a crash of
        // the app, and a power loss can only drop the last commits, never corrupt the file. FULL made every
        // commit wait for the disk (about 4 ms here, tens under load) with the whole process blocked,
        // since better-sqlite3 is synchronous (see README, "Durability on SQLite").
        conn.pragma('synchronous = NORMAL');
        conn.pragma('busy_timeout = 5000');
        conn.pragma('foreign_keys = ON');
        // Deleted and overwritten content is zeroed, not left in free space: an erasure leaves no trace in the file.
        conn.pragma('secure_delete = ON');
        if (db.path !== ':memory:') makeSqliteFilesPrivate(db.path);
      },
    };
  }
  return {
    ...common,
    // TypeORM reads MariaDB's information_schema differently: the flavour must match the server.
    type: db.flavor === 'mariadb' ? 'mariadb' : 'mysql',
    url: db.url,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    dateStrings: ['DATE'],
    connectTimeout: 5000,
    migrations: MYSQL_MIGRATIONS,
    subscribers: [DropTimedOutConnections],
    extra: { connectionLimit: db.poolSize ?? 20, enableKeepAlive: true },
  };
}

/** Asks a MySQL-protocol server whether it is MariaDB, unless the URL already said so. */
export async function resolveDatabaseConfig(db: DatabaseConfig): Promise<DatabaseConfig> {
  if (db.type !== 'mysql' || db.flavor) return db;
  let conn;
  try {
    conn = await createConnection({ uri: db.url, connectTimeout: 5000 });
    const [rows] = await conn.query('SELECT VERSION() AS version');
    const version = String((rows as Array<{ version: string }>)[0]?.version ?? '');
    return { ...db, flavor: /mariadb/i.test(version) ? 'mariadb' : 'mysql' };
  } catch {
    return { ...db, flavor: 'mysql' };
  } finally {
    await conn?.end().catch(() => undefined);
  }
}
