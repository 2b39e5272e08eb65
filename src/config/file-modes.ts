import { chmodSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { Logger } from '@nestjs/common';

/**
 * Every file the server writes is readable by its own user only: the database and its WAL, the
 * uploads and their derived images, the outbox's mails, backups, the signing secret. The process
 * runs with umask 077, so whatever it (or SQLite, sharp, nodemailer) creates is 0600 and every
 * folder 0700; the SQLite files, which may have been made before (or copied in), are tightened
 * explicitly when the database is opened.
 */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Sets the process's umask to 077 (the server, the command-line tools, the tests' apps). */
export function restrictFileModes(): void {
  // A worker thread cannot change the umask (it is the process's): its parent set it.
  if (isMainThread) process.umask(PRIVATE_UMASK);
}

/** A file readable by others is made 0600; a missing one is left alone, one that is not ours is reported. */
export function makePrivate(path: string): void {
  try {
    if ((statSync(path).mode & PRIVATE_UMASK) !== 0) chmodSync(path, PRIVATE_FILE_MODE);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    new Logger('FileModes').warn(`Could not make ${path} private (mode 0600): ${(err as Error).message}`);
  }
}

/** Every file under `dir` made 0600 and every folder 0700 (a copied tree: cpSync keeps the source's modes). */
export function makeTreePrivate(dir: string): void {
  chmodSync(dir, PRIVATE_DIR_MODE);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) makeTreePrivate(path);
    else if (entry.isFile()) chmodSync(path, PRIVATE_FILE_MODE);
  }
}

/** The SQLite database file and its WAL, shared-memory and rollback-journal files. */
export function makeSqliteFilesPrivate(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) makePrivate(`${path}${suffix}`);
}
