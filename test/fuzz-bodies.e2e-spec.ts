import fc from 'fast-check';
import { Test } from 'supertest';
import { seedDestination, seedLead, seedPack } from './support/admin-fixtures';
import {
  CONTROL_CHARACTERS,
  fuzzParams,
  nastyValue,
  plausibleHostile,
  POLLUTION_BODIES,
  prototypePolluted,
  tableCounts,
  withControlCharacter,
  WRONG_SHAPE_BODIES,
} from './support/fuzz-values';
import { QUERY_CONTROL_CHARACTERS } from '../shared/rules/query';
import { seedVerified } from './support/leads';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

/**
 * Bad input, part 1: every POST/PUT body of the API (read from the OpenAPI document, so a new
 * route is fuzzed without editing this file) gets wrong types, huge and hostile strings, nested
 * objects, prototype-pollution keys and bodies of the wrong shape. The server must answer 2xx or
 * 4xx, never 5xx, always JSON; and a refused request must leave every table as it was.
 */

interface BodyRoute {
  method: 'post' | 'put';
  path: string;
  properties: Record<string, { type?: string }>;
  secured: boolean;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        requestBody?: { content: Record<string, { schema: { $ref?: string; properties?: BodyRoute['properties'] } }> };
      }
    >
  >;
  components: { schemas: Record<string, { properties?: BodyRoute['properties'] }> };
}

function bodyRoutes(doc: OpenApiDoc): BodyRoute[] {
  const routes: BodyRoute[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    // The trailing-slash form of a path is the same route: fuzzed once, under the form without it.
    if (path.endsWith('/') && doc.paths[path.slice(0, -1)]) continue;
    for (const [method, op] of Object.entries(ops)) {
      if (!['post', 'put'].includes(method) || !op.requestBody) continue;
      const content = op.requestBody.content['application/json'] ?? Object.values(op.requestBody.content)[0];
      const ref = content?.schema.$ref?.split('/').pop();
      const properties = (ref ? doc.components.schemas[ref]?.properties : content?.schema.properties) ?? {};
      routes.push({ method: method as BodyRoute['method'], path, properties, secured: !!op.security?.length });
    }
  }
  return routes;
}

describe('bad input: every JSON body of the API', () => {
  jest.setTimeout(180_000);
  let t: TestApp;
  let admin: CreatedUser;
  let customer: CreatedUser;
  let routes: BodyRoute[];
  let csrf: string;
  let baseline: (name: string, type?: string, path?: string) => unknown;
  let pathIds: Record<string, number>;
  let seq = 0;
  /** Answers seen per route (FUZZ_DEBUG=1 prints them: a route that never gets past validation is poorly fuzzed). */
  const statusSeen: Record<string, Record<number, number>> = {};

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await createUser(t, { admin: true });
    customer = await createUser(t);
    const loginUser = await createUser(t);
    const agent = await createUser(t, { agent: true });
    const victim = await createUser(t);
    const destination = await seedDestination(t);
    const spareDestination = await seedDestination(t, { name: 'Spare' });
    const pack = await seedPack(t, destination.id);
    const lead = await seedLead(t, destination.id);
    const spareLead = await seedLead(t, destination.id);
    const verified = 'verified-visitor@example.com';
    await seedVerified(t, [verified]);
    const login = await t
      .http()
      .post('/api/users/token/')
      .send({ username: loginUser.user.email, password: loginUser.password });
    csrf = (await t.http().get('/api/users/csrf/')).body.csrfToken;

    const doc = (await t.http().get('/api/docs/openapi.json')).body as OpenApiDoc;
    routes = bodyRoutes(doc);
    // Path ids by the resource the route is about; bulk deletes target spare records only.
    pathIds = {
      agents: agent.user.id,
      users: victim.user.id,
      packs: pack.id,
      leads: lead.id,
      destinations: destination.id,
      user: customer.user.id,
    };
    const values: Record<string, () => unknown> = {
      email: () => `fuzz${++seq}@example.com`,
      username: () => `fuzz${++seq}@example.com`,
      password: () => 'Str0ng!Passw0rd-Fz',
      confirm_password: () => 'Str0ng!Passw0rd-Fz',
      new_password: () => 'Str0ng!Passw0rd-Nw',
      current_password: () => 'not-the-current-password',
      first_name: () => 'Ana',
      firstName: () => 'Ana',
      last_name: () => 'Torres',
      lastName: () => 'Torres',
      phone: () => '5551234567',
      message: () => 'Hola, quisiera información.',
      date: () => '2031-05-01',
      hour: () => '10:30',
      source: () => 'email_verification',
      destination: () => destination.id,
      destination_id: () => destination.id,
      travel_pack_id: () => pack.id,
      agent_id: () => agent.user.id,
      status: () => 'new',
      notes: () => 'Llamar por la tarde',
      name: () => `Fuzz ${++seq}`,
      description: () => 'Descripción',
      location: () => 'Caribe',
      title: () => 'Snorkel',
      price: () => 100,
      discount_price: () => 80,
      features: () => ['Desayuno'],
      amenities: () => ['Piscina'],
      available_from: () => '2031-01-01',
      available_to: () => '2031-01-10',
      refresh: () => login.body.refresh,
      confirmation_code: () => '1234',
      agent_ids: () => [agent.user.id + 100_000],
      user_ids: () => [victim.user.id + 100_000],
      pack_ids: () => [pack.id + 100_000],
      lead_ids: () => [spareLead.id],
      ids: () => [lead.id],
      into: () => spareLead.id,
      other_id: () => spareLead.id,
      destination_ids: () => [spareDestination.id],
      sequence_day: () => 2,
      due_at: () => '2031-05-01T10:30:00.000Z',
      resource: () => 'leads',
      query: () => ({ filter: { status: 'new' } }),
    };
    // Where a route needs a specific value to get past its first check.
    const overrides: Record<string, Record<string, () => unknown>> = {
      '/api/users/user/{id}': { email: () => customer.user.email },
      '/api/users/token': { username: () => loginUser.user.email, password: () => loginUser.password },
      '/api/users/admin/login': { email: () => admin.user.email, password: () => admin.password },
    };
    baseline = (name, type, path = '') =>
      overrides[path]?.[name]?.() ??
      values[name]?.() ??
      (type === 'number' || type === 'integer' ? 1 : type === 'boolean' ? false : type === 'array' ? [] : 'x');
    // The lead form's e-mail must be verified to get past the first check.
    const leadsRoute = routes.find((r) => r.path === '/api/leads');
    if (leadsRoute) values.email = () => (seq++ % 2 ? verified : `fuzz${seq}@example.com`);
  });

  afterAll(async () => {
    if (process.env.FUZZ_DEBUG) console.log(statusSeen);
    await t.close();
  });

  const send = (route: BodyRoute, body: string): Test => {
    const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      if (name === 'uidb64') return 'MQ';
      if (name === 'token') return 'x-token';
      const resource = route.path.split('/')[route.path.includes('/admin/') ? 3 : 3];
      return String(pathIds[resource] ?? 1);
    });
    const req = t.http()[route.method](path).set('Content-Type', 'application/json').set('Accept', 'application/json');
    req.set('Cookie', `csrftoken=${csrf}`).set('X-CSRFToken', csrf);
    if (route.secured)
      req.set('Authorization', `Bearer ${route.path.startsWith('/api/admin') ? admin.token : customer.token}`);
    return req.send(body);
  };

  /** Sends one body and checks the answer; returns a description of what went wrong, or null. */
  const probe = async (route: BodyRoute, body: string): Promise<string | null> => {
    const before = await tableCounts(t);
    const res = await send(route, body);
    const key = `${route.method.toUpperCase()} ${route.path}`;
    (statusSeen[key] ??= {})[res.status] = (statusSeen[key][res.status] ?? 0) + 1;
    const where = `${route.method.toUpperCase()} ${route.path} ${body.slice(0, 300)}`;
    if (res.status >= 500) return `${where} -> ${res.status} ${res.text.slice(0, 300)}`;
    if (!/application\/json/.test(res.headers['content-type'] ?? ''))
      return `${where} -> ${res.status} as ${res.headers['content-type']}`;
    if (prototypePolluted()) return `${where} polluted Object.prototype`;
    if (res.status >= 400) {
      const after = await tableCounts(t);
      const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
      if (changed.length)
        return `${where} -> ${res.status} ${res.text.slice(0, 200)} but changed ${changed.map((k) => `${k} ${before[k]}->${after[k]}`).join(', ')}`;
    }
    return null;
  };

  /** A valid-looking body with some fields replaced by hostile values, extra keys, or fields dropped. */
  const mutatedBody = (route: BodyRoute) =>
    fc
      .record({
        // Mostly one field at a time, often with a value that passes validation but is hostile (injections, unicode).
        replace: fc.dictionary(
          fc.constantFrom(...(Object.keys(route.properties).length ? Object.keys(route.properties) : ['x'])),
          fc.oneof(nastyValue, plausibleHostile),
          { minKeys: 1, maxKeys: 3, size: 'xsmall' },
        ),
        extra: fc.option(fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), nastyValue, { maxKeys: 2 }), {
          nil: undefined,
        }),
        drop: fc.option(
          fc.constantFrom(...(Object.keys(route.properties).length ? Object.keys(route.properties) : ['x'])),
          { nil: undefined },
        ),
      })
      .map(({ replace, extra, drop }) => {
        const body: Record<string, unknown> = {};
        for (const [name, schema] of Object.entries(route.properties))
          body[name] = baseline(name, schema.type, route.path);
        Object.assign(body, replace, extra ?? {});
        if (drop) delete body[drop];
        return JSON.stringify(body);
      });

  it('finds the routes to fuzz in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThanOrEqual(25);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['post /api/leads', 'post /api/contact/submit', 'post /api/admin/packs']),
    );
  });

  it('starts from bodies the server accepts past validation (so the mutations reach the code behind it)', async () => {
    const refused: string[] = [];
    // Refused on purpose: destinations take multipart (fuzzed in fuzz-uploads), and a right current
    // password would end the customer's sessions mid-run.
    const expectedRefusals = ['/api/admin/destinations', '/api/admin/destinations/{id}', '/api/users/change-password'];
    for (const route of routes.filter((r) => !expectedRefusals.includes(r.path))) {
      const body: Record<string, unknown> = {};
      for (const [name, schema] of Object.entries(route.properties))
        body[name] = baseline(name, schema.type, route.path);
      const res = await send(route, JSON.stringify(body));
      if (res.status === 400 && res.body?.errors)
        refused.push(`${route.method} ${route.path}: ${JSON.stringify(res.body.errors)}`);

      if (process.env.FUZZ_DEBUG)
        console.log(route.method, route.path, res.status, JSON.stringify(res.body).slice(0, 200));
    }
    expect(refused).toEqual([]);
  });

  it('answers hostile values in every field with 2xx or 4xx JSON, and stores nothing when it refuses', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      // The first failure is kept as it was seen: shrinking replays bodies in a changed database,
      // so the shrunk counterexample alone may not fail again.
      let firstFailure: string | null = null;
      const result = await fc.check(
        fc.asyncProperty(mutatedBody(route), async (body) => {
          const failure = await probe(route, body);
          firstFailure ??= failure;
          return failure === null;
        }),
        fuzzParams(),
      );
      if (result.failed) {
        const again = await probe(route, String((result.counterexample as unknown[] | null)?.[0]));
        failures.push(`${firstFailure} (seed ${result.seed}; shrunk body ${again ?? 'passes on its own'})`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a control character in every string field of every body with 2xx or 4xx JSON, storing nothing when it refuses', async () => {
    const failures: string[] = [];
    let fields = 0;
    for (const route of routes) {
      for (const [name, schema] of Object.entries(route.properties)) {
        const value = baseline(name, schema.type, route.path);
        if (typeof value !== 'string') continue;
        // NUL in every field, and each of the other control characters in turn, at the start, middle or end.
        const other = CONTROL_CHARACTERS[1 + (fields % (CONTROL_CHARACTERS.length - 1))];
        const where = (['start', 'middle', 'end'] as const)[fields % 3];
        fields += 1;
        for (const char of ['\u0000', other]) {
          const body: Record<string, unknown> = {};
          for (const [field, s] of Object.entries(route.properties)) body[field] = baseline(field, s.type, route.path);
          body[name] = withControlCharacter(value || 'x', char, where);
          const problem = await probe(route, JSON.stringify(body));
          if (problem) failures.push(problem);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(fields).toBeGreaterThanOrEqual(40);
  });

  it('refuses a control character in the query string of every body route with a 400 naming it', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const char of ['\u0000', '\n', '\u007F']) {
        const original = route.path;
        const res = await send({ ...route, path: `${original}?next=${encodeURIComponent(`x${char}`)}` }, '{}');
        if (res.status !== 400 || res.body?.message !== QUERY_CONTROL_CHARACTERS)
          failures.push(`${route.method} ${original} -> ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses bodies of the wrong shape and prototype-pollution keys on every route, and stays unpolluted', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const body of [...WRONG_SHAPE_BODIES, ...POLLUTION_BODIES]) {
        const problem = await probe(route, body);
        if (problem) failures.push(problem);
      }
    }
    expect(failures).toEqual([]);
    expect(prototypePolluted()).toBe(false);
  });

  it('never lets a pollution key grant admin rights', async () => {
    const res = await t
      .http()
      .post('/api/users/sign-up/')
      .set('Content-Type', 'application/json')
      .send(
        '{"first_name":"Eve","last_name":"M","email":"eve-proto@example.com","password":"Str0ng!Passw0rd-Fz","phone":"5551234567","__proto__":{"is_superuser":true},"constructor":{"prototype":{"is_superuser":true}}}',
      );
    expect(res.status).toBeLessThan(500);
    const rows = (await t.dataSource.query(
      "SELECT is_superuser FROM users WHERE email = 'eve-proto@example.com'",
    )) as Array<{ is_superuser: unknown }>;
    for (const row of rows) expect(Number(row.is_superuser)).toBe(0);
  });
});
