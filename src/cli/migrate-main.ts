import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { config as loadDotenv } from 'dotenv';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { buildDataSourceOptions, resolveDatabaseConfig } from '../database/data-source';
import { migrateExclusively } from '../database/migrate';

/**
 * `node dist/cli/migrate-main.js` (the image's `migrate` command): applies pending migrations and
 * exits, so a deployment can migrate once, in a one-shot service the replicas wait for. The server
 * still checks at start-up (under the same lock), finding nothing left to do.
 */
async function main(): Promise<void> {
  loadDotenv({ quiet: true });
  const config = loadConfig(process.env);
  if (config.database.type === 'sqlite' && config.database.path !== ':memory:')
    mkdirSync(dirname(config.database.path), { recursive: true });
  const dataSource = await new DataSource({
    ...buildDataSourceOptions(await resolveDatabaseConfig(config.database), false),
  }).initialize();
  try {
    const before = await dataSource.showMigrations();
    await migrateExclusively(dataSource);
    console.log(before ? 'Migrations applied.' : 'No migration was pending.');
  } finally {
    await dataSource.destroy();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
