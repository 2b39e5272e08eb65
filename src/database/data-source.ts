import { createConnection } from 'mysql2/promise';
import { DataSourceOptions } from 'typeorm';
import { DatabaseConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { MYSQL_MIGRATIONS } from './migrations/mysql';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';

/** TypeORM options for either dialect. Schema changes go through migrations only. */
export function buildDataSourceOptions(db: DatabaseConfig, runMigrations = true): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    synchronize: false,
    migrationsRun: runMigrations,
    migrationsTableName: 'migrations',
    logging: false,
  } as const;
  if (db.type === 'sqlite') {
    return {
      ...common,
      type: 'better-sqlite3',
      database: db.path,
      migrations: SQLITE_MIGRATIONS,
      prepareDatabase: (conn: { pragma(sql: string): unknown }) => {
        conn.pragma('journal_mode = WAL');
        conn.pragma('busy_timeout = 5000');
        conn.pragma('foreign_keys = ON');
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
    extra: { connectionLimit: 20, enableKeepAlive: true },
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
