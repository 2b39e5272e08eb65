import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, TestDatabase, testDialect } from '../support/test-db';
import { ensureBuilt, RunningApp, startBuiltApp } from './support/built-app';
import { leadLoad, openRawDb, prepareLeadVisitors, storedLeadEmails } from './support/leads-load';
import { hasRedisServer, PrivateRedis, privateRedis } from './support/private-redis';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let probeSeq = 0;

interface Probe {
  route: string;
  startedAt: number;
  ms: number;
  status: number | null;
  error: string | null;
}

/** Requests `route` in a loop until stopped, recording every answer (or the lack of one). */
function probeLoop(baseUrl: string, route: string, init: () => RequestInit) {
  const probes: Probe[] = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const startedAt = Date.now();
      try {
        const res = await fetch(`${baseUrl}${route}`, { ...init(), signal: AbortSignal.timeout(8000) });
        await res.arrayBuffer();
        probes.push({ route, startedAt, ms: Date.now() - startedAt, status: res.status, error: null });
      } catch (err) {
        probes.push({ route, startedAt, ms: Date.now() - startedAt, status: null, error: (err as Error).name });
      }
      await sleep(20);
    }
  })();
  return { probes, stop: () => ((stopped = true), done.then(() => probes)) };
}

const runs = hasRedisServer() ? describe : describe.skip;
if (!hasRedisServer())
  console.log('Redis fault test skipped: redis-server is not installed (apt-get install redis-server)');

/** Redis stopped, frozen and restarted while visitors sign in, browse and leave leads. */
runs(`fault: Redis down under traffic (${testDialect()})`, () => {
  jest.setTimeout(240_000);
  let db: TestDatabase;
  let redis: PrivateRedis;
  let app: RunningApp;
  let destination: number;
  const tmp = mkdtempSync(join(tmpdir(), 'fault-redis-'));
  const emails = Array.from({ length: 3000 }, (_, i) => `redis${i}-${Date.now().toString(36)}@faults.example`);
  // Visitors who fill the form once Redis is back: the steady load above may have run out of
  // e-mails by then on a fast machine, and the recovery must be seen on leads too.
  const lateEmails = emails.splice(-20);

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    redis = await privateRedis();
    app = await startBuiltApp({
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      UPLOAD_DIR: join(tmp, 'uploads'),
      OUTBOX_DIR: join(tmp, 'outbox'),
      DATA_DIR: tmp,
      LOG_LEVEL: 'info',
    });
    destination = await prepareLeadVisitors(db.url, [...emails, ...lateEmails]);
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    await redis?.stop();
    await db?.drop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('answers 2xx or 503 (never a 500 or a hang), logs the outage, recovers, and loses no acknowledged lead', async () => {
    const leads = leadLoad(app.baseUrl, emails, destination, 4, 8000);
    const catalogue = probeLoop(app.baseUrl, '/api/destinations/', () => ({}));
    const logins = probeLoop(app.baseUrl, '/api/users/token/', () => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // A new unknown e-mail each time: 401, never throttled, whenever Redis answers.
      body: JSON.stringify({ username: `nobody${(probeSeq += 1)}@faults.example`, password: 'not-the-password' }),
    }));
    const health = () => probeLoop(app.baseUrl, '/api/health', () => ({}));
    await sleep(1500);

    // Stopped: connections refused.
    const killedAt = Date.now();
    await redis.kill();
    await sleep(3000);
    const downHealth = health();
    await sleep(300);
    const healthWhileDown = await downHealth.stop();
    await redis.start();
    const restartedAt = Date.now();
    await sleep(4000);

    // Frozen: connections open, nothing answers (command time-outs must bound every request).
    const frozenAt = Date.now();
    redis.freeze();
    await sleep(6000);
    redis.thaw();
    const thawedAt = Date.now();
    await sleep(2600);
    const late = leadLoad(app.baseUrl, lateEmails, destination, 2, 8000, null);
    await sleep(1400);

    const [earlyAttempts, lateAttempts, catalogueProbes, loginProbes] = await Promise.all([
      leads.stop(),
      late.done,
      catalogue.stop(),
      logins.stop(),
    ]);
    const leadAttempts = [...earlyAttempts, ...lateAttempts];
    const answers = [
      ...leadAttempts.map((a) => ({ route: '/api/leads/', startedAt: a.startedAt, ms: a.ms, status: a.status })),
      ...catalogueProbes,
      ...loginProbes,
    ];
    const bad = answers.filter((a) => a.status === null || (a.status >= 500 && a.status !== 503));
    expect(bad).toEqual([]);
    // Logins answer 401 (unknown e-mail) with Redis, 503 without; never a hang.
    expect(loginProbes.every((p) => p.status === 401 || p.status === 503)).toBe(true);
    expect(answers.every((a) => a.ms < 4000)).toBe(true);
    // The catalogue does not need Redis.
    expect(catalogueProbes.every((p) => p.status === 200)).toBe(true);
    // Both outages were seen as 503 on the routes that need Redis.
    const outage = (from: number, to: number) =>
      loginProbes.filter((p) => p.startedAt > from + 500 && p.startedAt + p.ms < to).map((p) => p.status);
    expect(outage(killedAt, restartedAt).length).toBeGreaterThan(0);
    expect(new Set(outage(killedAt, restartedAt))).toEqual(new Set([503]));
    // Frozen, each Redis command waits out its time-out first, so an answer takes a little longer.
    const frozenAnswers = loginProbes.filter((p) => p.startedAt > frozenAt + 500 && p.startedAt < thawedAt - 3000);
    expect(frozenAnswers.length).toBeGreaterThan(0);
    expect(new Set(frozenAnswers.map((p) => p.status))).toEqual(new Set([503]));
    expect(healthWhileDown.length).toBeGreaterThan(0);
    expect(healthWhileDown.every((h) => h.status === 503)).toBe(true);
    // Recovered without a restart: the last answers are the normal ones again.
    const last = loginProbes.filter((p) => p.startedAt > thawedAt + 2500);
    expect(last.length).toBeGreaterThan(0);
    expect(last.every((p) => p.status === 401)).toBe(true);
    expect(lateAttempts.length).toBe(lateEmails.length);
    expect(lateAttempts.every((a) => a.status === 201 && a.startedAt > thawedAt + 2500)).toBe(true);
    expect(app.exited()).toBeNull();
    expect(app.logs()).toMatch(/Redis is unreachable/);
    expect(app.logs()).toMatch(/Redis is connected/);

    const acknowledged = leadAttempts.filter((a) => a.status === 201).map((a) => a.email);
    const raw = await openRawDb(db.url);
    const stored = await storedLeadEmails(raw, acknowledged);
    await raw.close();
    expect(acknowledged.filter((e) => !stored.has(e))).toEqual([]);
  });
});
