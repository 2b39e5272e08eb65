import { randomBytes } from 'node:crypto';
import { seedDestination } from './support/admin-fixtures';
import { seedVerified, uniqueEmail } from './support/leads';
import { bootTestApp, TestApp } from './support/test-app';

/** Liveness and readiness are separate answers, and /metrics exposes the series operators watch. */
describe('observability: live, ready and metrics', () => {
  let t: TestApp;
  let destinationId: number;

  beforeAll(async () => {
    t = await bootTestApp();
    destinationId = (await seedDestination(t)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers live and ready (database, migrations) while all is well', async () => {
    const live = await t.http().get('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await t.http().get('/api/health/ready/');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ok');
    expect(ready.body.info).toMatchObject({ database: { status: 'up' }, migrations: { status: 'up' } });
  });

  it('exposes request, lead, outbox and event-loop series at /metrics', async () => {
    await t.http().get('/api/destinations/').expect(200);
    await t.http().get(`/api/destinations/${destinationId}`).expect(200);
    const email = uniqueEmail();
    await seedVerified(t, [email]);
    const lead = await t.http().post('/api/leads/').send({
      first_name: 'Ana',
      last_name: 'García',
      email,
      phone: '8095551234',
      destination: destinationId,
    });
    expect(lead.status).toBe(201);
    const refused = await t.http().post('/api/leads/').send({
      first_name: 'Ana',
      last_name: 'García',
      email: 'not-verified@example.com',
      phone: '8095551234',
      destination: destinationId,
    });
    expect(refused.status).toBe(403);
    const res = await t.http().get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.text;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/destinations\/:id",status="200"\} 1/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/destinations"\}/,
    );
    expect(text).toMatch(/leads_received_total\{outcome="created"\} 1/);
    expect(text).toMatch(/leads_received_total\{outcome="refused"\} 1/);
    expect(text).toMatch(/^mail_outbox_pending \d+$/m);
    expect(text).toMatch(/^mail_outbox_oldest_pending_age_seconds [\d.e+-]+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e+-]+$/m);
    expect(text).toContain('write_queue_wait_seconds');
    // A path no route knows is labelled by the catch-all route's pattern, whatever it is: no series per URL.
    await t
      .http()
      .get(`/api/no-such-${randomBytes(4).toString('hex')}`)
      .expect(404);
    const after = (await t.http().get('/metrics')).text;
    expect(after).toMatch(/route="\/\*",status="404"\} 1/);
    expect(after).not.toContain('no-such-');
  });

  it('answers ready 503 and live 200 while the database is stopped', async () => {
    await t.dataSource.destroy();
    try {
      const ready = await t.http().get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.error).toBeTruthy();
      const live = await t.http().get('/api/health/live');
      expect(live.status).toBe(200);
    } finally {
      await t.dataSource.initialize();
    }
    expect((await t.http().get('/api/health/ready')).status).toBe(200);
  });
});

describe('observability: /metrics in production', () => {
  const production = {
    NODE_ENV: 'production',
    MAIL_TRANSPORT: 'outbox',
    PUBLIC_URL: 'https://viajes.example',
    JWT_SECRET: randomBytes(32).toString('hex'),
  };

  it('is off without METRICS_TOKEN', async () => {
    const t = await bootTestApp(production);
    try {
      expect((await t.http().get('/metrics')).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('asks for the token when one is set', async () => {
    const token = randomBytes(16).toString('hex');
    const t = await bootTestApp({ ...production, METRICS_TOKEN: token });
    try {
      expect((await t.http().get('/metrics')).status).toBe(401);
      expect((await t.http().get('/metrics').set('Authorization', `Bearer ${token}x`)).status).toBe(401);
      const res = await t.http().get('/metrics').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('http_requests_total');
    } finally {
      await t.close();
    }
  });
});
