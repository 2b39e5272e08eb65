import { getStorageToken, type ThrottlerStorageService } from '@nestjs/throttler';
import { WARM_UP_CONNECTIONS, WARM_UP_ROUNDS, WarmUp } from '../src/common/http/warm-up';
import { seedDestination } from './support/admin-fixtures';
import { bootTestApp, TestApp } from './support/test-app';

/**
 * The start-up warm-up (main.ts runs it after listening): readiness waits for it, it answers every
 * request as a visitor's would be answered, writes nothing, and is neither counted nor logged.
 */
describe('start-up warm-up', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootTestApp();
    await seedDestination(t, { name: 'Punta Cana' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The rows of every table the app maps (leads, the outbox, codes, audit log, consents…). */
  const counts = async () =>
    Object.fromEntries(
      await Promise.all(
        t.dataSource.entityMetadatas.map(
          async (meta) => [meta.tableName, await t.dataSource.getRepository(meta.target).count()] as const,
        ),
      ),
    );

  it('holds readiness until it is over, writes nothing and answers no 5xx or 429', async () => {
    const before = await counts();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['leads', 'outbox', 'lead_email_verifications']));
    const limits = t.app.get<ThrottlerStorageService>(getStorageToken());
    const keysBefore = new Set(limits.storage.keys());
    let connections = 0;
    const counting = () => (connections += 1);
    t.app.getHttpServer().on('connection', counting);
    const warmUp = t.app.get(WarmUp);
    const running = warmUp.run(t.app.getHttpAdapter().getInstance());
    const during = await t.http().get('/api/health/ready');
    expect(during.status).toBe(503);
    expect(JSON.stringify(during.body)).toContain('Warming up after start.');
    expect((await t.http().get('/api/health/live')).status).toBe(200);

    const done = await running;
    t.app.getHttpServer().off('connection', counting);
    // Over real connections to the app's own port, some of them closed and opened again (the two
    // health checks above are two more).
    expect(connections - 2).toBeGreaterThan(WARM_UP_CONNECTIONS);
    // The form routes' rate limits counted it under documentation addresses (RFC 5737) only, never
    // under the loopback address its connections came from, which a visitor's proxy may share.
    const counted = [...limits.storage.keys()].filter((key) => !keysBefore.has(key) && key.startsWith('ip:'));
    expect(counted.length).toBeGreaterThan(0);
    for (const key of counted) expect(key).toMatch(/^ip:[^:]+:(192\.0\.2|198\.51\.100|203\.0\.113)\.\d+$/);
    // So did the default per-route budget (keyed by controller, handler and client; the health
    // checks above skip it).
    const byRoute = [...limits.storage.keys()].filter((key) => !keysBefore.has(key) && !key.startsWith('ip:'));
    expect(byRoute).toEqual(expect.arrayContaining([expect.stringMatching(/^LeadsController-\w+-default-/)]));
    for (const key of byRoute)
      expect(key).toMatch(/^\w+Controller-\w+-default-(192\.0\.2|198\.51\.100|203\.0\.113)\.\d+$/);
    // All its rounds, unless its time budget ran out first on a busy machine.
    expect(done.rounds).toBeGreaterThan(0);
    expect(done.rounds).toBeLessThanOrEqual(WARM_UP_ROUNDS);
    // In every round the lead was refused as not verified (403), the code guess and the code
    // request were refused (400), and every read was answered.
    expect(done.statuses).toEqual({
      200: done.requests - 3 * done.rounds,
      400: 2 * done.rounds,
      403: done.rounds,
    });
    expect(done.statuses[200]).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
    const ready = await t.http().get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.info).toMatchObject({ 'warm-up': { status: 'up' }, database: { status: 'up' } });
    // Once only.
    expect((await warmUp.run(t.app.getHttpAdapter().getInstance())).requests).toBe(0);
  });

  it('is not counted in the metrics; a request that only claims to be it is', async () => {
    const metrics = (await t.http().get('/metrics')).text;
    expect(metrics).not.toMatch(/http_requests_total\{method="POST",route="\/api\/leads"/);
    expect(metrics).not.toMatch(/leads_received_total\{outcome="refused"\} [1-9]/);
    const forged = await t.http().post('/api/leads/').set('x-warm-up', 'a-guess').send({
      first_name: 'Ana',
      last_name: 'García',
      email: 'nadie@example.com',
      phone: '8095551234',
      destination: 1,
    });
    expect(forged.status).toBe(403);
    const after = (await t.http().get('/metrics')).text;
    expect(after).toMatch(/http_requests_total\{method="POST",route="\/api\/leads",status="403"\} 1/);
    expect(after).toMatch(/leads_received_total\{outcome="refused"\} 1/);
  });
});
