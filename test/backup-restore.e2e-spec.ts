import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedPort, createDestination, seedVerified, uniqueEmail, validLead } from './support/leads';
import { loadSqliteDriver } from '../src/database/sqlite-driver';
import { testDialect } from './support/test-db';
import { bootTestApp, TestApp } from './support/test-app';

const Database = loadSqliteDriver<
  new (
    path: string,
    options: { readonly: boolean },
  ) => {
    prepare(sql: string): { all(): Array<{ email: string }> };
    close(): void;
  }
>();

const ROOT = join(__dirname, '..');

/** `npm run backup` / `npm run restore` as a separate process, from the sources. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      join(ROOT, 'node_modules/.bin/tsx'),
      [join(ROOT, 'src/cli/backup-main.ts'), ...args],
      { cwd: ROOT, env: { ...process.env, ...env } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

const describeSqlite = testDialect() === 'sqlite' ? describe : describe.skip;

/** SQLite installs are backed up while the server takes leads, and restored whole. */
describeSqlite('backup and restore (SQLite)', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  const tmp = mkdtempSync(join(tmpdir(), 'travel-backup-'));

  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('keeps every lead acknowledged before the backup began, taken during a burst, and restores it', async () => {
    const destination = await createDestination(t);
    mkdirSync(t.config.uploadDir, { recursive: true });
    writeFileSync(join(t.config.uploadDir, 'playa.webp'), 'picture bytes');
    const emails = Array.from({ length: 600 }, () => uniqueEmail('backup'));
    await seedVerified(t, emails);
    const database = t.config.database.type === 'sqlite' ? t.config.database.path : '';
    const installEnv = {
      DATABASE_URL: `sqlite:${database}`,
      UPLOAD_DIR: t.config.uploadDir,
      DATA_DIR: t.config.dataDir,
      PORT: String(await closedPort()),
    };

    // Ten visitors at a time until every e-mail has sent its lead.
    const acknowledged: string[] = [];
    let next = 0;
    const visitor = async () => {
      while (next < emails.length) {
        const email = emails[next++];
        const res = await t.http().post('/api/leads/').send(validLead(destination.id, email));
        if (res.status === 201) acknowledged.push(email);
      }
    };
    const burst = Promise.all(Array.from({ length: 10 }, visitor));
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 10));
    const beforeBackup = [...acknowledged];
    const out = join(tmp, 'backup-1');
    const backup = await cli(['backup', '--out', out], installEnv);
    const afterBackup = acknowledged.length;
    await burst;
    expect(backup).toMatchObject({ code: 0 });
    expect(acknowledged.length).toBe(emails.length);
    // The burst went on while the backup ran: the copy was taken beside a server taking leads.
    expect(afterBackup).toBeGreaterThan(beforeBackup.length);
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'))).toMatchObject({ format: 1, uploads: true });

    // Restored into a new place, as on a replacement machine.
    const target = {
      DATABASE_URL: `sqlite:${join(tmp, 'restored/travel.sqlite')}`,
      UPLOAD_DIR: join(tmp, 'restored/uploads'),
      DATA_DIR: join(tmp, 'restored/data'),
      PORT: installEnv.PORT,
    };
    const restored = await cli(['restore', out], target);
    expect(restored).toMatchObject({ code: 0 });
    const db = new Database(join(tmp, 'restored/travel.sqlite'), { readonly: true });
    const stored = new Set(
      db
        .prepare('SELECT email FROM leads')
        .all()
        .map((r) => r.email),
    );
    db.close();
    expect(beforeBackup.filter((e) => !stored.has(e))).toEqual([]);
    expect(readFileSync(join(tmp, 'restored/uploads/playa.webp'), 'utf8')).toBe('picture bytes');

    // Restoring over an installation keeps what was there beside it.
    const again = await cli(['restore', out], target);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/before-restore-/);
    expect(existsSync(join(tmp, 'restored/travel.sqlite'))).toBe(true);
  });

  it('refuses to restore under a running server, and to write over a backup', async () => {
    const out = join(tmp, 'backup-2');
    const database = t.config.database.type === 'sqlite' ? t.config.database.path : '';
    const env = { DATABASE_URL: `sqlite:${database}`, UPLOAD_DIR: t.config.uploadDir, DATA_DIR: t.config.dataDir };
    expect((await cli(['backup', '--out', out], { ...env, PORT: '1' })).code).toBe(0);
    const overwrite = await cli(['backup', '--out', out], { ...env, PORT: '1' });
    expect(overwrite.code).not.toBe(0);
    expect(overwrite.out).toMatch(/not empty/);
    const port = new URL(t.baseUrl).port;
    const refused = await cli(['restore', out], { ...env, PORT: port });
    expect(refused.code).toBe(2);
    expect(refused.out).toMatch(/stop it before restoring/);
  });
});
