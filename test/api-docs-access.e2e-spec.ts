import { randomBytes } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { User } from '../src/users/entities/user.entity';
import { algNoneToken } from './support/account-helpers';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

/**
 * The OpenAPI document names every back-office route. In production it (with its UI and the UI's
 * files) is served only to a signed-in admin, unless API_DOCS=public opens it to anyone.
 */

const production = () => ({
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://viajes.example',
  JWT_SECRET: randomBytes(32).toString('hex'),
  MAIL_TRANSPORT: 'outbox',
});

/** Every way of asking for the docs: the document, the UI, its files, other spellings the router accepts. */
const DOC_URLS = [
  '/api/docs/openapi.json',
  '/api/docs/openapi.json/',
  '//api//docs/openapi.json',
  '/api/docs',
  '/api/docs/',
  '/api/docs-yaml',
  '/api/docs/swagger-ui-init.js',
  '/api/docs/swagger-ui.css',
  '/api/docs/swagger-ui-bundle.js',
  '/api/%64ocs/openapi.json',
  '/api/docs/openapi.json?x=1',
];

describe('API documentation in production', () => {
  jest.setTimeout(60_000);
  let t: TestApp;
  let admin: CreatedUser;
  let customer: CreatedUser;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await bootTestApp(production());
    admin = await createUser(t, { admin: true });
    customer = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is admin-only by default', () => {
    expect(t.config.apiDocs).toBe('admin');
  });

  it.each(DOC_URLS)(
    'refuses %s to an anonymous visitor with a JSON 401 (a 404 where it is no page at all)',
    async (url) => {
      const exists = (await t.http().get(url).set(bearer(admin.token))).status === 200;
      for (const method of ['get', 'head'] as const) {
        const res = await t.http()[method](url);
        expect({ url, method, status: res.status }).toEqual({ url, method, status: exists ? 401 : 404 });
        expect(res.text ?? '').not.toMatch(/\/api\/admin|swagger/i);
        if (method === 'get') expect(res.headers['content-type']).toContain('application/json');
      }
    },
  );

  it('refuses bad, forged, unsigned and refresh tokens with 401, and a customer with 403', async () => {
    const jwt = t.app.get(JwtService);
    const claims = { user_id: admin.user.id, is_admin: true, token_type: 'access' };
    const forged = new JwtService({ secret: randomBytes(32).toString('hex') }).sign(claims, { expiresIn: '5m' });
    const refresh = jwt.sign({ ...claims, token_type: 'refresh' }, { expiresIn: '5m' });
    const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 });
    for (const authorization of [
      'Bearer',
      'Bearer not-a-token',
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      `Bearer ${forged}`,
      `Bearer ${algNoneToken(claims)}`,
      `Bearer ${refresh}`,
      `Bearer ${expired}`,
      `Bearer ${admin.token} extra`,
    ]) {
      const res = await t.http().get('/api/docs/openapi.json').set('Authorization', authorization);
      expect({ authorization, status: res.status }).toEqual({ authorization, status: 401 });
      expect(res.body.message).toBe('Authentication credentials were not provided or are invalid.');
    }
    const asCustomer = await t.http().get('/api/docs/openapi.json').set(bearer(customer.token));
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.text).not.toContain('/api/admin');
  });

  it('serves the document, the UI and its files to a signed-in admin', async () => {
    const doc = await t.http().get('/api/docs/openapi.json').set(bearer(admin.token));
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/admin/leads']));
    expect((await t.http().get('/api/docs').set(bearer(admin.token))).text).toContain('swagger');
    expect((await t.http().get('/api/docs/swagger-ui-init.js').set(bearer(admin.token))).status).toBe(200);
  });

  it('re-reads the account: a demoted or deactivated admin’s token no longer opens the docs', async () => {
    const demoted = await createUser(t, { admin: true });
    const deactivated = await createUser(t, { admin: true });
    const users = t.dataSource.getRepository(User);
    await users.update({ id: demoted.user.id }, { is_superuser: false });
    await users.update({ id: deactivated.user.id }, { is_active: false });
    expect((await t.http().get('/api/docs/openapi.json').set(bearer(demoted.token))).status).toBe(403);
    expect((await t.http().get('/api/docs/openapi.json').set(bearer(deactivated.token))).status).toBe(401);
  });

  it('leaves the rest of the API as it was', async () => {
    expect((await t.http().get('/api/health')).status).toBe(200);
    expect((await t.http().get('/api/admin/leads').set(bearer(admin.token))).status).toBe(200);
  });
});

describe('API documentation in production with API_DOCS=public', () => {
  jest.setTimeout(60_000);
  let t: TestApp;

  beforeAll(async () => {
    t = await bootTestApp({ ...production(), API_DOCS: 'public' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the document and the UI to anyone', async () => {
    const doc = await t.http().get('/api/docs/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect((await t.http().get('/api/docs')).status).toBe(200);
  });
});

describe('API documentation outside production', () => {
  jest.setTimeout(60_000);
  let t: TestApp;

  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is served to anyone, as before', async () => {
    expect(t.config.apiDocs).toBe('public');
    expect((await t.http().get('/api/docs/openapi.json')).status).toBe(200);
  });
});
