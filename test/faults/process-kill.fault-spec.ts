import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, TestDatabase, testDialect } from '../support/test-db';
import { ensureBuilt, RunningApp, startBuiltApp } from './support/built-app';
import { leadLoad, openRawDb, prepareLeadVisitors, storedLeadEmails } from './support/leads-load';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The app is killed outright (SIGKILL: an out-of-memory kill, a crash) while visitors submit leads,
 * with the SQLite checkpoint worker copying the write-ahead log meanwhile; it is started again on the
 * same database.
 */
describe(`fault: SIGKILL during lead intake (${testDialect()})`, () => {
  jest.setTimeout(120_000);
  let db: TestDatabase;
  let app: RunningApp | undefined;
  let destination: number;
  const tmp = mkdtempSync(join(tmpdir(), 'fault-sigkill-'));
  const tag = randomBytes(3).toString('hex');
  const emails = Array.from({ length: 3000 }, (_, i) => `killed${i}-${tag}@faults.example`);
  const env = () => ({
    DATABASE_URL: db.url,
    UPLOAD_DIR: join(tmp, 'uploads'),
    OUTBOX_DIR: join(tmp, 'outbox'),
    LOG_LEVEL: 'warn',
  });

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    app = await startBuiltApp(env());
    destination = await prepareLeadVisitors(db.url, emails);
  });

  afterAll(async () => {
    await app?.stop();
    await db?.drop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('keeps every lead it acknowledged, and starts again on a sound database that takes the next ones', async () => {
    const load = leadLoad(app!.baseUrl, emails, destination, 20, 20_000, null);
    // Well past the first checkpoints (about 64 leads each): the kill finds the log being copied or written.
    for (let i = 0; i < 400 && load.attempts.filter((a) => a.status === 201).length < 700; i += 1) await sleep(25);
    app!.child.kill('SIGKILL');
    expect(await app!.waitExit(10_000)).toEqual({ code: null, signal: 'SIGKILL' });
    const attempts = await load.stop();
    const acknowledged = attempts.filter((a) => a.status === 201).map((a) => a.email);
    expect(acknowledged.length).toBeGreaterThanOrEqual(700);
    // Nothing but 201s before the kill, and connection failures after it.
    expect(attempts.filter((a) => a.status !== null && a.status !== 201).map((a) => a.status)).toEqual([]);

    app = await startBuiltApp(env());
    const rest = emails.filter((e) => !acknowledged.includes(e)).slice(0, 50);
    const raw = await openRawDb(db.url);
    let committedUnanswered: Set<string>;
    try {
      const stored = await storedLeadEmails(raw, acknowledged);
      expect(acknowledged.filter((e) => !stored.has(e))).toEqual([]);
      if (testDialect() === 'sqlite')
        expect(await raw.query('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      // A lead committed whose answer the kill cut off is stored: its visitor's retry gets it back.
      committedUnanswered = await storedLeadEmails(raw, rest);
    } finally {
      await raw.close();
    }
    // The restarted app takes the visitors whose lead was not acknowledged: new leads (201), or the
    // one already stored for them (200, the idempotent repeat), never a second row.
    const again = await leadLoad(app.baseUrl, rest, destination, 10, 20_000, null).done;
    expect(again.map((a) => [a.email, a.status]).sort()).toEqual(
      rest.map((e) => [e, committedUnanswered.has(e) ? 200 : 201]).sort(),
    );
    const check = await openRawDb(db.url);
    try {
      const twice = await check.query(
        `SELECT "email" FROM "leads" WHERE "email" IN (${rest.map(() => '?').join(', ')}) GROUP BY "email" HAVING COUNT(*) > 1`,
        rest,
      );
      expect(twice).toEqual([]);
    } finally {
      await check.close();
    }
  });
});
