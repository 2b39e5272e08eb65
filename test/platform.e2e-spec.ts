import { bootTestApp, createUser, TestApp } from './support/test-app';

describe('platform: serving, errors, health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an unknown /api path with a JSON 404, never the SPA', async () => {
    const res = await t.http().get('/api/no-such-thing').set('Accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ statusCode: 404 });
    expect(typeof res.body.message).toBe('string');
  });

  it('answers unknown non-GET /api paths with JSON 404', async () => {
    const res = await t.http().post('/api/nothing-here').send({});
    expect(res.status).toBe(404);
    expect(res.body.statusCode).toBe(404);
  });

  it('serves the site at / and deep links with index.html (no-cache)', async () => {
    for (const path of ['/', '/destinations/3/punta-cana', '/deals/']) {
      const res = await t.http().get(path).set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<title>Site</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the back-office at /admin with its own SPA fallback', async () => {
    for (const path of ['/admin', '/admin/', '/admin/leads/12', '/admin/api/users/reset/abc/def']) {
      const res = await t.http().get(path).set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<title>Admin</title>');
    }
  });

  it('serves hashed assets as immutable and missing assets as 404', async () => {
    const ok = await t.http().get('/static/js/main-AbCdEf12.js');
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toContain('immutable');
    const admin = await t.http().get('/admin/static/js/main-AbCdEf12.js');
    expect(admin.status).toBe(200);
    const missing = await t.http().get('/static/js/missing-12345678.js');
    expect(missing.status).toBe(404);
    const unhashed = await t.http().get('/favicon.svg');
    expect(unhashed.status).toBe(200);
    expect(unhashed.headers['cache-control']).not.toContain('immutable');
  });

  it('gives a browser navigation to the reset link the site page', async () => {
    const res = await t.http().get('/api/users/reset/MQ/some-token').set('Accept', 'text/html,application/xhtml+xml');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Site</title>');
  });

  it('answers malformed JSON with 400 and oversized bodies with 413, as JSON', async () => {
    const bad = await t.http().post('/api/leads').set('Content-Type', 'application/json').send('{"a":');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Malformed JSON in request body.');
    const big = await t
      .http()
      .post('/api/leads')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.body.statusCode).toBe(413);
  });

  it('reports a healthy database at /api/health', async () => {
    const res = await t.http().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.info.database.status).toBe('up');
  });

  it('sets security headers and exposes Content-Range to cross-origin clients', async () => {
    const res = await t.http().get('/api/health').set('Origin', 'http://example.test');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.http().get('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const ui = await t.http().get('/api/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });

  it('can sign a test user in (harness check)', async () => {
    const { user, token } = await createUser(t, { admin: true });
    expect(user.id).toBeGreaterThan(0);
    expect(token.split('.')).toHaveLength(3);
  });
});
