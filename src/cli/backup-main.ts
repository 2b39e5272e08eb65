import { resolve } from 'node:path';
import { config as loadDotenv } from 'dotenv';
import { parseDatabaseUrl } from '../config/app-config';
import { restrictFileModes } from '../config/file-modes';
import { backupInstall, InstallPaths, restoreInstall } from './backup';

/**
 * `npm run backup [-- --out DIR]` and `npm run restore -- DIR`, for the SQLite installation named
 * by DATABASE_URL, UPLOAD_DIR and DATA_DIR (.env is read, real environment variables win).
 */
async function main(argv: string[]): Promise<number> {
  restrictFileModes();
  loadDotenv({ quiet: true });
  const env = process.env;
  const database = parseDatabaseUrl(env.DATABASE_URL || 'sqlite:./data/travel.sqlite');
  if (database.type !== 'sqlite') {
    console.error(
      'DATABASE_URL is MySQL/MariaDB: back it up with mysqldump --single-transaction (see README: Backups); ' +
        'copy UPLOAD_DIR beside it.',
    );
    return 2;
  }
  if (database.path === ':memory:') {
    console.error('DATABASE_URL is an in-memory database: there is nothing to back up.');
    return 2;
  }
  const paths: InstallPaths = {
    database: database.path,
    uploadDir: resolve(env.UPLOAD_DIR || './data/uploads'),
    dataDir: resolve(env.DATA_DIR || './data'),
  };
  const [command, ...rest] = argv;
  if (command === 'backup') {
    const outAt = rest.indexOf('--out');
    const out = resolve(
      outAt >= 0 && rest[outAt + 1] ? rest[outAt + 1] : `./backups/${new Date().toISOString().replace(/[:.]/g, '-')}`,
    );
    const manifest = backupInstall(paths, out);
    console.log(`Backup written to ${out} (${JSON.stringify(manifest)})`);
    return 0;
  }
  if (command === 'restore' && rest[0]) {
    const port = Number(env.PORT || 3000);
    const running = await fetch(`http://127.0.0.1:${port}/api/health/live`, { signal: AbortSignal.timeout(1000) })
      .then(() => true)
      .catch(() => false);
    if (running && !rest.includes('--force')) {
      console.error(
        `A server answers on port ${port}: stop it before restoring (or pass --force if it is another one).`,
      );
      return 2;
    }
    const { keptAs } = restoreInstall(paths, resolve(rest[0]));
    console.log(`Restored ${resolve(rest[0])}. Kept what was there as: ${keptAs.join(', ') || 'nothing to keep'}`);
    return 0;
  }
  console.error('usage: backup [--out DIR] | restore DIR [--force]');
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
