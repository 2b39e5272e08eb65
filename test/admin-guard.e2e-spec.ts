import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { User } from '../src/users/entities/user.entity';
import { algNoneToken } from './support/account-helpers';
import { listRoutes, RouteInfo } from './support/route-table';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

type Route = Pick<RouteInfo, 'method' | 'path' | 'isPublic' | 'adminOnly' | 'deskOpen'>;

/** Every route Nest registered, read from the controllers' metadata (the same data the router uses). */
function registeredRoutes(t: TestApp): Route[] {
  return listRoutes(t.app).map((r) => ({
    method: r.method === 'ALL' ? 'GET' : r.method,
    path: r.path,
    isPublic: r.isPublic,
    adminOnly: r.adminOnly,
    deskOpen: r.deskOpen,
  }));
}

const concrete = (path: string) => path.replace(/:[A-Za-z0-9_]+(\([^)]*\))?\??/g, '1');

describe('guard matrix: every /api/admin route refuses anonymous, bad tokens and non-admins', () => {
  let t: TestApp;
  let routes: Route[];
  let admin: CreatedUser;
  let customer: CreatedUser;
  let agent: CreatedUser;

  beforeAll(async () => {
    t = await bootTestApp();
    routes = registeredRoutes(t);
    admin = await createUser(t, { admin: true });
    customer = await createUser(t);
    agent = await createUser(t, { agent: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const adminRoutes = () => routes.filter((r) => r.path === '/api/admin' || r.path.startsWith('/api/admin/'));

  function send(route: Route, authorization?: string) {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
    const req = t.http()[method](concrete(route.path)).set('Accept', 'application/json');
    if (authorization) req.set('Authorization', authorization);
    return ['post', 'put', 'patch'].includes(method) ? req.send({}) : req;
  }

  it('finds the registered routes (the enumeration itself works)', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(keys).toEqual(
      expect.arrayContaining(['GET /api/users/user/:id', 'POST /api/users/token', 'GET /api/health']),
    );
    const fastify = t.app.getHttpAdapter().getInstance();
    for (const r of routes)
      expect({ r, registered: fastify.hasRoute({ method: r.method, url: r.path }) }).toEqual({ r, registered: true });
  });

  it('lists every /api/admin path of the OpenAPI document among the enumerated routes', async () => {
    const doc = await t.http().get('/api/docs/openapi.json');
    // Each path is documented with and without the trailing slash (one route of the router).
    const documented = Object.keys(doc.body.paths ?? {})
      .filter((p) => p.startsWith('/api/admin'))
      .map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p));
    const enumerated = new Set(adminRoutes().map((r) => r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')));
    for (const p of documented) expect({ p, enumerated: enumerated.has(p) }).toEqual({ p, enumerated: true });
  });

  it('runs over at least one admin route once the admin module exists', () => {
    if (existsSync(join(__dirname, '../src/admin/admin.module.ts'))) expect(adminRoutes().length).toBeGreaterThan(0);
    expect(adminRoutes().filter((r) => r.isPublic)).toEqual([]);
  });

  it('answers 401 without a token, with a bad, unsigned, forged, expired or refresh token', async () => {
    const jwt = t.app.get(JwtService);
    const claims = { user_id: admin.user.id, is_admin: true, token_type: 'access' };
    const now = Math.floor(Date.now() / 1000);
    const bad: Array<[string, string | undefined]> = [
      ['no header', undefined],
      ['garbage', 'Bearer garbage'],
      ['basic auth', `Basic ${Buffer.from(`${admin.user.email}:${admin.password}`).toString('base64')}`],
      ['alg none', `Bearer ${algNoneToken({ ...claims, exp: now + 300 })}`],
      ['other secret', `Bearer ${new JwtService({ secret: 'not-the-server-secret-0123456789abcdef' }).sign(claims)}`],
      ['expired', `Bearer ${jwt.sign({ ...claims, exp: now - 10 })}`],
      [
        'refresh token',
        `Bearer ${jwt.sign({ user_id: admin.user.id, token_type: 'refresh', jti: 'x' }, { expiresIn: 300 })}`,
      ],
      ['no token_type', `Bearer ${jwt.sign({ user_id: admin.user.id, is_admin: true }, { expiresIn: 300 })}`],
    ];
    const failures: string[] = [];
    for (const route of adminRoutes()) {
      for (const [label, header] of bad) {
        const res = await send(route, header);
        if (res.status !== 401 || res.body?.statusCode !== 401)
          failures.push(`${route.method} ${route.path} [${label}] -> ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to a customer, even with is_admin or is_agent forged into a validly signed token', async () => {
    const forge = (claims: object) =>
      t.app
        .get(JwtService)
        .sign({ user_id: customer.user.id, token_type: 'access', is_admin: false, ...claims }, { expiresIn: 300 });
    const failures: string[] = [];
    for (const route of adminRoutes()) {
      for (const [label, token] of [
        ['customer', customer.token],
        ['customer claiming admin', forge({ is_admin: true })],
        ['customer claiming agent', forge({ is_agent: true })],
      ]) {
        const res = await send(route, `Bearer ${token}`);
        if (res.status !== 403) failures.push(`${route.method} ${route.path} [${label}] -> ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to an agent on every admin-only route, even with is_admin forged into its token', async () => {
    const forged = t.app
      .get(JwtService)
      .sign({ user_id: agent.user.id, is_admin: true, is_agent: true, token_type: 'access' }, { expiresIn: 300 });
    const failures: string[] = [];
    const adminOnly = adminRoutes().filter((r) => r.adminOnly);
    expect(adminOnly.length).toBeGreaterThan(20);
    for (const route of adminOnly) {
      for (const [label, token] of [
        ['agent', agent.token],
        ['agent claiming admin', forged],
      ]) {
        const res = await send(route, `Bearer ${token}`);
        if (res.status !== 403) failures.push(`${route.method} ${route.path} [${label}] -> ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets an agent through the guard on every desk route, and not once the agent flag is taken away', async () => {
    const desk = adminRoutes().filter((r) => r.deskOpen);
    expect(desk.length).toBeGreaterThan(20);
    const former = await createUser(t, { agent: true });
    await t.dataSource.getRepository(User).update({ id: former.user.id }, { is_agent: false });
    const failures: string[] = [];
    for (const route of desk) {
      const res = await send(route, `Bearer ${agent.token}`);
      if (res.status === 401 || res.status === 403 || res.status >= 500)
        failures.push(`${route.method} ${route.path} [agent] -> ${res.status}`);
      // The flag is re-read on every request: a token signed while it was set no longer opens the desk.
      const gone = await send(route, `Bearer ${former.token}`);
      if (gone.status !== 403) failures.push(`${route.method} ${route.path} [former agent] -> ${gone.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets an admin through the guard on every admin GET route', async () => {
    const failures: string[] = [];
    for (const route of adminRoutes().filter((r) => r.method === 'GET')) {
      const res = await send(route, `Bearer ${admin.token}`);
      if (res.status === 401 || res.status === 403) failures.push(`${route.method} ${route.path} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a demoted or deactivated admin’s still-unexpired token with 401/403', async () => {
    const demoted = await createUser(t, { admin: true });
    const gone = await createUser(t, { admin: true });
    await t.dataSource.getRepository(User).update({ id: demoted.user.id }, { is_superuser: false });
    await t.dataSource.getRepository(User).update({ id: gone.user.id }, { is_active: false });
    const failures: string[] = [];
    for (const route of adminRoutes()) {
      const a = await send(route, `Bearer ${demoted.token}`);
      const b = await send(route, `Bearer ${gone.token}`);
      if (a.status !== 403) failures.push(`${route.method} ${route.path} [demoted] -> ${a.status}`);
      if (b.status !== 401) failures.push(`${route.method} ${route.path} [deactivated] -> ${b.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to an anonymous call of every route not marked @Public()', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      const res = await send(route);
      if (res.status !== 401) failures.push(`${route.method} ${route.path} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});
