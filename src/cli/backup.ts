import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { makePrivate, makeTreePrivate, PRIVATE_DIR_MODE } from '../config/file-modes';
import { loadSqliteDriver } from '../database/sqlite-driver';

/** The part of better-sqlite3's API used here (the package ships no types). */
interface SqliteConnection {
  pragma(source: string): unknown;
  prepare(sql: string): { run(...params: unknown[]): unknown };
  close(): void;
}
type SqliteOpen = new (path: string, options: { readonly: boolean; fileMustExist: boolean }) => SqliteConnection;
const Database = loadSqliteDriver<SqliteOpen>();

/** Where a SQLite installation keeps what a backup must hold. */
export interface InstallPaths {
  /** The SQLite database file. */
  database: string;
  /** Uploaded and demo images. */
  uploadDir: string;
  /** The server's own files: the generated signing secret (jwt-secret), when JWT_SECRET is not set. */
  dataDir: string;
}

export interface BackupManifest {
  format: 1;
  created_at: string;
  database: 'database.sqlite';
  uploads: boolean;
  jwt_secret: boolean;
}

const DATABASE_FILE = 'database.sqlite';

/**
 * A consistent copy of a running installation: the database through `VACUUM INTO`, which reads it
 * in ONE read transaction beside the server (WAL lets the server keep writing meanwhile; the copy
 * holds exactly what was committed when it began, compacted), then the uploads (files are written
 * once under new names, so a copy taken after the database holds every image it refers to), then
 * the generated signing secret, so sessions survive a restore. `outDir` must not exist yet.
 */
export function backupInstall(paths: InstallPaths, outDir: string): BackupManifest {
  if (existsSync(outDir) && readdirSync(outDir).length) throw new Error(`${outDir} exists and is not empty`);
  // The owner's only, like everything the server writes (config/file-modes.ts), whatever the umask.
  mkdirSync(outDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const db = new Database(paths.database, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare('VACUUM INTO ?').run(join(outDir, DATABASE_FILE));
  } finally {
    db.close();
  }
  makePrivate(join(outDir, DATABASE_FILE));
  const uploads = existsSync(paths.uploadDir);
  if (uploads) {
    cpSync(paths.uploadDir, join(outDir, 'uploads'), { recursive: true });
    makeTreePrivate(join(outDir, 'uploads'));
  }
  const secret = join(paths.dataDir, 'jwt-secret');
  const jwtSecret = existsSync(secret);
  if (jwtSecret) {
    copyFileSync(secret, join(outDir, 'jwt-secret'));
    makePrivate(join(outDir, 'jwt-secret'));
  }
  const manifest: BackupManifest = {
    format: 1,
    created_at: new Date().toISOString(),
    database: DATABASE_FILE,
    uploads,
    jwt_secret: jwtSecret,
  };
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/**
 * Puts a backup back, with the server stopped: what is there now is kept beside it
 * (`*.before-restore-<time>`), the database's WAL and shared-memory files are removed (a stale WAL
 * replayed over the restored file would corrupt it), then the backup's files take their places.
 */
export function restoreInstall(paths: InstallPaths, fromDir: string): { keptAs: string[] } {
  const manifestPath = join(fromDir, 'manifest.json');
  if (!existsSync(manifestPath) || !existsSync(join(fromDir, DATABASE_FILE)))
    throw new Error(`${fromDir} is not a backup (no manifest.json and ${DATABASE_FILE})`);
  const check = new Database(join(fromDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    const [row] = check.pragma('integrity_check') as Array<{ integrity_check: string }>;
    if (row?.integrity_check !== 'ok') throw new Error(`the backup's database fails its integrity check`);
  } finally {
    check.close();
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const keptAs: string[] = [];
  const keep = (path: string) => {
    if (!existsSync(path)) return;
    const aside = `${path}.before-restore-${stamp}`;
    renameSync(path, aside);
    keptAs.push(aside);
  };
  mkdirSync(dirname(paths.database), { recursive: true });
  keep(paths.database);
  for (const suffix of ['-wal', '-shm']) rmSync(`${paths.database}${suffix}`, { force: true });
  const incoming = join(dirname(paths.database), `.${basename(paths.database)}.restoring`);
  copyFileSync(join(fromDir, DATABASE_FILE), incoming);
  makePrivate(incoming);
  renameSync(incoming, paths.database);
  if (existsSync(join(fromDir, 'uploads'))) {
    keep(paths.uploadDir);
    cpSync(join(fromDir, 'uploads'), paths.uploadDir, { recursive: true });
    makeTreePrivate(paths.uploadDir);
  }
  if (existsSync(join(fromDir, 'jwt-secret'))) {
    mkdirSync(paths.dataDir, { recursive: true });
    keep(join(paths.dataDir, 'jwt-secret'));
    copyFileSync(join(fromDir, 'jwt-secret'), join(paths.dataDir, 'jwt-secret'));
    // copyFileSync keeps the backup's mode, which an older backup may have left readable.
    makePrivate(join(paths.dataDir, 'jwt-secret'));
  }
  return { keptAs };
}
