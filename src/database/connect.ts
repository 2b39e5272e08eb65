import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource } from 'typeorm';
import type { DatabaseConfig } from '../config/app-config';
import { PRIVATE_DIR_MODE } from '../config/file-modes';
import { buildDataSourceOptions, resolveDatabaseConfig } from './data-source';
import { migrateExclusively } from './migrate';

/**
 * Opens the database for a command-line tool (outside the Nest app), runs `work` and closes it. A
 * SQLite file's folder is made first. With `runMigrations` false the schema is left as it is.
 */
export async function withDatabase<T>(
  db: DatabaseConfig,
  work: (dataSource: DataSource) => Promise<T>,
  { runMigrations = true }: { runMigrations?: boolean } = {},
): Promise<T> {
  if (db.type === 'sqlite' && db.path !== ':memory:')
    mkdirSync(dirname(db.path), { recursive: true, mode: PRIVATE_DIR_MODE });
  const dataSource = new DataSource(buildDataSourceOptions(await resolveDatabaseConfig(db), runMigrations));
  try {
    await dataSource.initialize();
    return await work(dataSource);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
  }
}

/** Applies the pending migrations (under the migration lock); true when there were any. */
export function applyMigrations(db: DatabaseConfig): Promise<boolean> {
  return withDatabase(
    db,
    async (dataSource) => {
      const pending = await dataSource.showMigrations();
      await migrateExclusively(dataSource);
      return pending;
    },
    { runMigrations: false },
  );
}
