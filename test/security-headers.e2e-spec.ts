import { randomBytes } from 'node:crypto';
import { Response } from 'supertest';
import { bootTestApp, TestApp } from './support/test-app';

/** Security review, part 3: CORS and the security headers on every kind of response. */

const PUBLIC_URL = 'https://viajes.example';

function expectSecurityHeaders(res: Response): void {
  const h = res.headers;
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['x-frame-options']).toBe('SAMEORIGIN');
  expect(h['referrer-policy']).toBe('no-referrer');
  expect(h['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  expect(h['cross-origin-opener-policy']).toBe('same-origin');
  const csp = String(h['content-security-policy'] ?? '');
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).toContain("base-uri 'self'");
  expect(h['x-powered-by']).toBeUndefined();
  expect(h.server).toBeUndefined();
}

describe('security review: headers and CORS in production', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootTestApp({
      NODE_ENV: 'production',
      MAIL_TRANSPORT: 'outbox',
      PUBLIC_URL,
      JWT_SECRET: randomBytes(32).toString('hex'),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['a JSON API answer', '/api/health', 'application/json', 200],
    ['a JSON 404 under /api', '/api/no-such-route', 'application/json', 404],
    ['a validation error', '/api/leads/', 'application/json', 400],
    ['the site page', '/destinations/1/punta-cana', 'text/html', 200],
    ['the back-office page', '/admin/leads', 'text/html', 200],
    ['a static asset', '/static/js/main-AbCdEf12.js', 'javascript', 200],
    ['a refused upload path', '/uploads/.staging/x.webp', 'application/json', 403],
  ])('sets the security headers on %s', async (_what, path, type, status) => {
    const req =
      path === '/api/leads/'
        ? t.http().post(path).send({})
        : t
            .http()
            .get(path)
            .set('Accept', type.includes('html') ? 'text/html' : '*/*');
    const res = await req;
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toContain(type);
    expectSecurityHeaders(res);
  });

  it('allows the site origin, with credentials and the headers react-admin reads', async () => {
    const res = await t.http().get('/api/health').set('Origin', PUBLIC_URL);
    expect(res.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
    expect(res.headers.vary).toMatch(/Origin/);
    const preflight = await t
      .http()
      .options('/api/admin/leads')
      .set('Origin', PUBLIC_URL)
      .set('Access-Control-Request-Method', 'PUT')
      .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
  });

  it.each(['https://evil.example', 'https://viajes.example.evil.example', 'http://viajes.example', 'null'])(
    'gives no CORS grant to the origin %s',
    async (origin) => {
      const res = await t.http().get('/api/health').set('Origin', origin);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t
        .http()
        .options('/api/users/token/')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type');
      // (Access-Control-Allow-Credentials alone grants nothing: browsers need the origin echoed.)
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  it('sets the CSRF cookie Secure and SameSite in production, never HttpOnly-less tokens of value', async () => {
    const res = await t.http().get('/api/users/csrf/');
    expect(res.status).toBe(200);
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('csrftoken='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    // The only cookie the API sets is the CSRF token; access and refresh tokens never travel as cookies.
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).filter((c) => !c.startsWith('csrftoken='))).toEqual(
      [],
    );
  });

  it('never serves an API error as HTML, even when the client asks for HTML', async () => {
    const res = await t
      .http()
      .post('/api/leads/')
      .set('Accept', 'text/html')
      .send({ first_name: '<script>alert(1)</script>' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.text).not.toMatch(/<html/i);
  });
});
