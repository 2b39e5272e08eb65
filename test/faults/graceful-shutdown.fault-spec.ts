import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, TestDatabase, testDialect } from '../support/test-db';
import { ensureBuilt, RunningApp, startBuiltApp } from './support/built-app';
import { leadLoad, openRawDb, prepareLeadVisitors, storedLeadEmails } from './support/leads-load';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SIGTERM (a deploy, a container stop) arrives while visitors are submitting leads. */
describe(`fault: SIGTERM during lead intake (${testDialect()})`, () => {
  jest.setTimeout(120_000);
  let db: TestDatabase;
  let app: RunningApp;
  let destination: number;
  const tmp = mkdtempSync(join(tmpdir(), 'fault-sigterm-'));
  const tag = randomBytes(3).toString('hex');
  const emails = Array.from({ length: 2000 }, (_, i) => `leaver${i}-${tag}@faults.example`);

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    app = await startBuiltApp({
      DATABASE_URL: db.url,
      UPLOAD_DIR: join(tmp, 'uploads'),
      OUTBOX_DIR: join(tmp, 'outbox'),
      LOG_LEVEL: 'info',
    });
    destination = await prepareLeadVisitors(db.url, emails);
  });

  afterAll(async () => {
    await app?.stop();
    await db?.drop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('answers every request it has read, refuses the rest cleanly, exits, and loses no acknowledged lead', async () => {
    const load = leadLoad(app.baseUrl, emails, destination, 20, 20_000, null);
    for (let i = 0; i < 200 && load.attempts.filter((a) => a.status === 201).length < 50; i += 1) await sleep(50);

    const sigtermAt = Date.now();
    app.child.kill('SIGTERM');
    const exit = await app.waitExit(15_000);
    const exitedAfterMs = Date.now() - sigtermAt;
    await sleep(300);
    const attempts = await load.stop();
    const serverLog = app
      .logs()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; time: number; msg: string; res?: { statusCode: number } });
    if (process.env.FAULT_DEBUG) {
      console.log(
        serverLog
          .filter((l) => l.time > sigtermAt - 300)
          .map((l) => `${l.time - sigtermAt} ${l.msg} ${l.res?.statusCode}`)
          .join('\n'),
        attempts
          .filter((a) => a.startedAt + a.ms > sigtermAt - 300)
          .map((a) => `${a.startedAt - sigtermAt}+${a.ms} ${a.status ?? a.error}`)
          .join('\n'),
      );
    }

    // Nest closes the server and the database, then exits 0 (process.exit lets pino flush its last lines).
    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitedAfterMs).toBeLessThan(10_000);
    // Every request the server had read was answered: none aborted, no error logged.
    expect(serverLog.filter((l) => l.msg === 'request aborted' || l.level >= 50)).toEqual([]);
    // Every 201 the server sent reached its visitor, and the other answers were 503 (closing), never a 500.
    const acknowledged = attempts.filter((a) => a.status === 201).map((a) => a.email);
    expect(serverLog.filter((l) => l.res?.statusCode === 201).length).toBe(acknowledged.length);
    expect(
      attempts
        .filter((a) => a.status !== null && ![201, 503].includes(a.status))
        .map((a) => ({ status: a.status, body: a.body })),
    ).toEqual([]);
    // Requests not yet read when the listener closed fail at the connection level (nothing acknowledged).
    expect(attempts.filter((a) => a.status === null && a.startedAt < sigtermAt - 1000)).toEqual([]);

    const raw = await openRawDb(db.url);
    const stored = await storedLeadEmails(raw, acknowledged);
    await raw.close();
    expect(acknowledged.length).toBeGreaterThanOrEqual(50);
    expect(acknowledged.filter((e) => !stored.has(e))).toEqual([]);
  });
});
