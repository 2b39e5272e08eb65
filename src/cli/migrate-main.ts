import 'reflect-metadata';
import { config as loadDotenv } from 'dotenv';
import { loadConfig } from '../config/app-config';
import { restrictFileModes } from '../config/file-modes';
import { applyMigrations } from '../database/connect';

/**
 * `node dist/src/cli/migrate-main.js` (the image's `migrate` command): applies pending migrations and
 * exits, so a deployment can migrate once, in a one-shot service the replicas wait for. The server
 * still checks at start-up (under the same lock), finding nothing left to do.
 */
async function main(): Promise<void> {
  restrictFileModes();
  loadDotenv({ quiet: true });
  const config = loadConfig(process.env);
  const applied = await applyMigrations(config.database);
  console.log(applied ? 'Migrations applied.' : 'No migration was pending.');
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
