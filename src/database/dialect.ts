import { DataSource, EntityManager } from 'typeorm';

/**
 * Which database a connection talks to. The app runs on SQLite (better-sqlite3) or on
 * MySQL/MariaDB; the few places that differ ask here.
 */
type Connection = DataSource | EntityManager;

const typeOf = (db: Connection): string => (db instanceof EntityManager ? db.connection : db).options.type;

export function isSqlite(db: Connection): boolean {
  return ['better-sqlite3', 'sqlite'].includes(typeOf(db));
}

export function isMysql(db: Connection): boolean {
  return ['mysql', 'mariadb'].includes(typeOf(db));
}

/** The file of an SQLite database, which other connections (worker threads) can open; null in memory or elsewhere. */
export function sqliteFileOf(dataSource: DataSource): string | null {
  const path = String(dataSource.options.database ?? '');
  const file = isSqlite(dataSource) && path !== '' && path !== ':memory:' && !path.startsWith('file::memory:');
  return file ? path : null;
}

/** SELECT … FOR UPDATE exists on MySQL/MariaDB; SQLite serialises writers anyway, so it needs none. */
export const supportsRowLocks = isMysql;
