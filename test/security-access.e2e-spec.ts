import { Response } from 'supertest';
import { User } from '../src/users/entities/user.entity';
import { fillPath, listRoutes, RouteInfo } from './support/route-table';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

/**
 * Security review, part 1: an authorization matrix over EVERY registered route (read from the
 * app itself) × {anonymous, customer, agent, admin}, plus one customer against another.
 */

/** What the product opens to anonymous visitors. A new public route fails here until reviewed. */
const EXPECTED_PUBLIC: RegExp[] = [
  /^\/api\/health(\/live|\/ready)?$/,
  // Served at /metrics (outside the prefix): it checks METRICS_TOKEN itself and is off in production without one.
  /^\/metrics$/,
  /^\/api\/(travel-packs|travel-pack|travel-packs-featured|destinations|destinations-featured)(\/|$)/,
  /^\/api\/destination-lead\/(send-email-verification|verify-code)$/,
  /^\/api\/leads$/,
  /^\/api\/contact\/submit$/,
  /^\/api\/users\/(sign-up|admin\/sign-up|token|token\/refresh|logout|admin\/login|csrf|reset_password)$/,
  /^\/api\/users\/(verify-email|reset)\/:uidb64\/:token$/,
  // One-time e-mailed links: a sign-in link, the earlier-leads confirmation (with its browser key).
  /^\/api\/users\/(sign-in-link|earlier-leads\/confirm)\/:uidb64\/:token$/,
  // The signed stop link of the e-mails to leads (GET from the mail, POST one-click from the mail provider).
  /^\/api\/mail\/stop\/:address\/:signature$/,
];

/**
 * What the product opens to agents (staff who work leads, not admins): the lead desk and the reads it
 * needs. A new desk route fails here until reviewed; everything else under /api/admin stays admin-only.
 */
const EXPECTED_DESK: string[] = [
  'GET /api/admin/dashboard',
  'GET /api/admin/leads',
  'POST /api/admin/leads',
  'GET /api/admin/leads/:id',
  'PUT /api/admin/leads/:id',
  'POST /api/admin/leads/bulk-update',
  'POST /api/admin/leads/:id/merge',
  'GET /api/admin/leads/:id/timeline',
  'POST /api/admin/leads/:id/send-email',
  'POST /api/admin/leads/:id/preview-email',
  'GET /api/admin/lead-notes',
  'POST /api/admin/lead-notes',
  'GET /api/admin/lead-notes/:id',
  'DELETE /api/admin/lead-notes/:id',
  'GET /api/admin/tasks',
  'POST /api/admin/tasks',
  'GET /api/admin/tasks/:id',
  'PUT /api/admin/tasks/:id',
  'DELETE /api/admin/tasks/:id',
  'GET /api/admin/saved-views',
  'POST /api/admin/saved-views',
  'GET /api/admin/saved-views/:id',
  'DELETE /api/admin/saved-views/:id',
  'GET /api/admin/email-templates',
  'GET /api/admin/email-templates/:id',
  'GET /api/admin/agents',
  'GET /api/admin/agents/:id',
  'GET /api/admin/packs',
  'GET /api/admin/packs/:id',
  'GET /api/admin/destinations',
  'GET /api/admin/destinations/:id',
  'GET /api/admin/destinations/:id/things-to-do',
];

const CSRF_REFUSAL = 'CSRF token missing or incorrect. Reload the page and try again.';
const MISSING_ID = 999_999;

describe('security review: who may call which route', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let smtp: TestSmtp;
  let routes: RouteInfo[];
  let admin: CreatedUser;
  let customer: CreatedUser;
  let other: CreatedUser;
  let agent: CreatedUser;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url });
    routes = listRoutes(t.app);
    admin = await createUser(t, { admin: true });
    customer = await createUser(t);
    other = await createUser(t);
    agent = await createUser(t, { agent: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Calls a route with an optional token; ids point at nothing, so no admin call changes data. */
  const call = (
    route: RouteInfo,
    token?: string,
    fill: (p: string) => string | number = () => MISSING_ID,
  ): Promise<Response> => {
    const path = fillPath(route.path, (p) => (['uidb64', 'token'].includes(p) ? 'MQ' : fill(p)));
    const req = t.http()[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch'](path);
    if (token) req.set('Authorization', `Bearer ${token}`);
    req.set('Accept', 'application/json');
    return ['POST', 'PUT', 'PATCH'].includes(route.method) ? req.send({}) : req;
  };
  const label = (r: RouteInfo, res: Response) =>
    `${r.method} ${r.path} -> ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`;

  it('reads a complete route list from the app and finds it in the OpenAPI document', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(40);
    const doc = (await t.http().get('/api/docs/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    // /metrics is for operators (Prometheus), outside /api and deliberately not in the API's document.
    // The audit log's refusals (405 for POST/PUT/PATCH/DELETE) are left out of it too: no operation to document.
    const api = routes.filter(
      (r) =>
        !r.handler.startsWith('MetricsController.') && !/^AuditLogController\.(post|put|patch|delete)/.test(r.handler),
    );
    expect(api.map((r) => `${r.method} ${r.path}`).filter((r) => !documented.has(r))).toEqual([]);
  });

  it('marks every /api/admin route staff-only (admin, or the desk for agents), and none of them public', () => {
    const wrong = routes.filter(
      (r) => r.path.startsWith('/api/admin/') && (!(r.adminOnly || r.deskOpen) || r.isPublic),
    );
    expect(wrong.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('opens to agents exactly the lead desk, every other /api/admin route to admins only', () => {
    const desk = routes.filter((r) => r.deskOpen).map((r) => `${r.method} ${r.path}`);
    expect([...desk].sort()).toEqual([...EXPECTED_DESK].sort());
    // Customers, staff and the people who run them stay with admins.
    for (const path of ['/api/admin/users', '/api/admin/audit-log', '/api/admin/leads/export']) {
      expect(routes.filter((r) => r.path === path).every((r) => r.adminOnly)).toBe(true);
    }
  });

  it('opens only the routes the product means to be public', () => {
    const unexpected = routes.filter((r) => r.isPublic && !EXPECTED_PUBLIC.some((re) => re.test(r.path)));
    expect(unexpected.map((r) => `${r.method} ${r.path} (${r.handler})`)).toEqual([]);
  });

  it('answers 401 JSON to anonymous callers on every route that is not public', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      const res = await call(route);
      if (res.status !== 401 || res.body?.statusCode !== 401 || !/application\/json/.test(res.headers['content-type']))
        wrong.push(label(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 to a forged or garbage token on every route that is not public', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      const res = await call(route, `${admin.token.slice(0, -4)}AAAA`);
      if (res.status !== 401) wrong.push(label(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it('lets anonymous visitors reach every public route (CSRF-protected forms aside), never with a 5xx', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.isPublic)) {
      const res = await call(route);
      const csrf = res.status === 403 && res.body?.error === CSRF_REFUSAL;
      if (res.status === 401 || (res.status === 403 && !csrf) || res.status >= 500) wrong.push(label(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a customer on every staff route (admin-only and desk)', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.adminOnly || r.deskOpen)) {
      const res = await call(route, customer.token);
      if (res.status !== 403 || res.body?.statusCode !== 403) wrong.push(label(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to an agent on every admin-only route', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.adminOnly)) {
      const res = await call(route, agent.token);
      if (res.status !== 403 || res.body?.statusCode !== 403) wrong.push(label(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it('lets an agent through every desk route (a 4xx about the input, never 401/403/5xx)', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.deskOpen)) {
      const res = await call(route, agent.token);
      if ([401, 403].includes(res.status) || res.status >= 500) wrong.push(label(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it('lets an admin through every staff route (a 4xx about the input, never 401/403/5xx)', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.adminOnly || r.deskOpen)) {
      const res = await call(route, admin.token);
      if ([401, 403].includes(res.status) || res.status >= 500) wrong.push(label(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it('lets a signed-in customer use the routes meant for any account', async () => {
    const wrong: string[] = [];
    // Routes that end the caller's sessions (log out everywhere) go last: after them the token is dead by design.
    const endsSessions = (r: RouteInfo) => /\/logout/.test(r.path);
    const forAnyAccount = routes.filter((r) => !r.isPublic && !r.adminOnly && !r.deskOpen);
    for (const route of [...forAnyAccount.filter((r) => !endsSessions(r)), ...forAnyAccount.filter(endsSessions)]) {
      const res = await call(route, customer.token, () => customer.user.id);
      if ([401, 403].includes(res.status) || res.status >= 500) wrong.push(label(route, res));
    }
    expect(wrong).toEqual([]);
    customer = await createUser(t);
  });

  it("refuses a customer another customer's account, read or write, on every route with a user id", async () => {
    const repo = t.dataSource.getRepository(User);
    const before = await repo.findOneByOrFail({ id: other.user.id });
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic && !r.adminOnly && !r.deskOpen && /:id\b/.test(r.path))) {
      const path = fillPath(route.path, () => other.user.id);
      const req = t
        .http()
        [route.method.toLowerCase() as 'get' | 'put' | 'post' | 'delete'](path)
        .set('Authorization', `Bearer ${customer.token}`);
      const res = ['POST', 'PUT'].includes(route.method)
        ? await req.send({ first_name: 'Hacked', last_name: 'Hacked', phone: '5550000000', email: other.user.email })
        : await req;
      if (res.status !== 403) wrong.push(label(route, res));
      expect(JSON.stringify(res.body)).not.toContain(other.user.email);
    }
    expect(wrong).toEqual([]);
    const after = await repo.findOneByOrFail({ id: other.user.id });
    expect({ first_name: after.first_name, last_name: after.last_name, phone: after.phone }).toEqual({
      first_name: before.first_name,
      last_name: before.last_name,
      phone: before.phone,
    });
    // ...while the owner reads their own account.
    const own = await t.http().get(`/api/users/user/${other.user.id}/`).set('Authorization', `Bearer ${other.token}`);
    expect(own.status).toBe(200);
    expect(own.body.email).toBe(other.user.email);
  });

  it('does not let an anonymous visitor or a customer create an admin account', async () => {
    const body = {
      first_name: 'Eve',
      last_name: 'Mallory',
      email: 'eve@example.com',
      password: 'Str0ng!Passw0rd',
      phone: '5551234567',
    };
    const anonymous = await t.http().post('/api/users/admin/sign-up/').send(body);
    expect(anonymous.status).toBe(401);
    const asCustomer = await t
      .http()
      .post('/api/users/admin/sign-up/')
      .set('Authorization', `Bearer ${customer.token}`)
      .send(body);
    expect(asCustomer.status).toBe(403);
    const flagged = await t
      .http()
      .post('/api/users/sign-up/')
      .send({ ...body, is_superuser: true });
    expect(flagged.status).toBe(403);
    expect(await t.dataSource.getRepository(User).countBy({ email: 'eve@example.com' })).toBe(0);
  });
});
