import fc from 'fast-check';
import { seedDestination, seedLead, seedPack } from './support/admin-fixtures';
import { QUERY_CONTROL_CHARACTERS } from '../shared/rules/query';
import {
  CONTROL_CHARACTERS,
  controlString,
  fuzzParams,
  NASTY_STRINGS,
  nastyString,
  prototypePolluted,
  withControlCharacter,
} from './support/fuzz-values';
import { fillPath, listRoutes, RouteInfo } from './support/route-table';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

/**
 * Bad input, part 2: the query strings and path parameters of every GET route (and the ids of
 * every DELETE route), read from the app's route table. ra-data-simple-rest style parameters
 * (sort, range, filter) get broken JSON, wrong types, injections and huge values.
 */

const LIST_KEYS = [
  'sort',
  'range',
  'filter',
  'q',
  'page',
  'perPage',
  'limit',
  'offset',
  'ids',
  'id',
  '_start',
  '_end',
  '_sort',
  '_order',
];

const jsonish: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '["created_at","DESC"]',
    '["id","ASC"]',
    '["password_hash","ASC"]',
    '["created_at; DROP TABLE leads","DESC"]',
    '["id","SIDEWAYS"]',
    '["__proto__","ASC"]',
    '[0,24]',
    '[-1,5]',
    '[5,2]',
    '[0,1e9]',
    '[0,"a"]',
    '[1.5,2.5]',
    '[9007199254740993,9007199254740999]',
    '{"status":"new"}',
    '{"status":{"$ne":"x"}}',
    '{"q":"%"}',
    '{"q":"_"}',
    '{"q":"\\\\"}',
    '{"q":"\' OR 1=1 --"}',
    '{"id":[1,2,"x",null]}',
    '{"id":[]}',
    '{"destination_id":"abc"}',
    '{"created_at_gte":"not-a-date"}',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"unknown_field":1}',
    '[',
    '{',
    'null',
    '[]',
    '{}',
    '"text"',
  ),
  fc.json({ maxDepth: 3 }),
  // A control character as a JSON escape in a filter value ("\u0000"): past the raw query check.
  fc
    .tuple(fc.constantFrom('q', 'status', 'email', 'id', 'destination_id', 'created_at_gte'), controlString)
    .map(([key, value]) => JSON.stringify({ [key]: value })),
);

const queryValue = fc.oneof({ weight: 3, arbitrary: jsonish }, { weight: 2, arbitrary: nastyString });

/** Percent-encodes any string, lone surrogates included (their UTF-8 replacement bytes). */
const encode = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** Raw, deliberately malformed pieces of a query string. */
const RAW_QUERY_PIECES = [
  '%',
  '%zz',
  '%E0%A4%A',
  'filter=%7B',
  'sort',
  '&&&',
  '=',
  'range[]=1&range[]=2',
  'filter[status]=new',
  'a=1;b=2',
  // Wider than any route takes: a 400 before validation copies it.
  Array.from({ length: 65 }, (_, i) => `k${i}=1`).join('&'),
  Array.from({ length: 500 }, () => 'filter=1').join('&'),
  `filter=${encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 1]))))}`,
];

const queryString = fc
  .tuple(
    fc.array(
      fc.tuple(fc.oneof(fc.constantFrom(...LIST_KEYS), fc.string({ minLength: 1, maxLength: 10 })), queryValue),
      { minLength: 1, maxLength: 4 },
    ),
    fc.option(fc.constantFrom(...RAW_QUERY_PIECES), { nil: undefined }),
  )
  .map(([pairs, raw]) => [...pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`), ...(raw ? [raw] : [])].join('&'));

/** Path parameters that are not a plain id (so a DELETE cannot remove a fixture; '01' counts as plain: it is id 1). */
const badParam = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    ' 1',
    '1 ',
    '+1',
    '99999999999999999999',
    'NaN',
    'null',
    'undefined',
    '%00',
    '..',
    '%2e%2e',
    '1;DROP TABLE users',
    "1' OR '1'='1",
    '[1]',
    '{}',
    '<script>',
  ),
  fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !/^\d+$/.test(s.trim())),
  fc.string({ minLength: 400, maxLength: 600 }),
);

describe('bad input: query strings and path parameters', () => {
  jest.setTimeout(180_000);
  let t: TestApp;
  let admin: CreatedUser;
  let customer: CreatedUser;
  let routes: RouteInfo[];

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await createUser(t, { admin: true });
    customer = await createUser(t);
    const destination = await seedDestination(t);
    await seedPack(t, destination.id);
    await seedLead(t, destination.id);
    // The API's routes (/metrics, outside /api, answers Prometheus text to operators: observability tests).
    routes = listRoutes(t.app).filter((r) => r.path.startsWith('/api/'));
  });
  afterAll(async () => {
    await t.close();
  });

  const tokenFor = (route: RouteInfo) =>
    route.adminOnly || route.deskOpen ? admin.token : route.isPublic ? null : customer.token;
  const realId = (route: RouteInfo) => (route.path.startsWith('/api/users/user') ? customer.user.id : 1);

  /** Sends one request; returns what went wrong, or null. */
  const probe = async (route: RouteInfo, path: string): Promise<string | null> => {
    const req = t.http()[route.method.toLowerCase() as 'get' | 'delete'](path).set('Accept', 'application/json');
    const token = tokenFor(route);
    if (token) req.set('Authorization', `Bearer ${token}`);
    const res = await req;
    const where = `${route.method} ${path.slice(0, 300)}`;
    if (res.status >= 500) return `${where} -> ${res.status} ${res.text.slice(0, 200)}`;
    if (!/application\/json|text\/csv/.test(res.headers['content-type'] ?? ''))
      return `${where} -> ${res.status} as ${res.headers['content-type']}`;
    if (prototypePolluted()) return `${where} polluted Object.prototype`;
    return null;
  };

  it('finds the GET and DELETE routes in the app', () => {
    expect(routes.filter((r) => r.method === 'GET').length).toBeGreaterThanOrEqual(15);
    expect(routes.filter((r) => r.method === 'DELETE').length).toBeGreaterThanOrEqual(5);
  });

  it('answers hostile query strings on every GET route with 2xx or 4xx JSON', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const base = fillPath(route.path, (p) => (p === 'uidb64' ? 'MQ' : p === 'token' ? 'x' : realId(route)));
      const result = await fc.check(
        fc.asyncProperty(queryString, async (qs) => (await probe(route, `${base}?${qs}`)) === null),
        fuzzParams(),
      );
      if (result.failed) {
        const qs = String((result.counterexample as unknown[] | null)?.[0]);
        failures.push(`${(await probe(route, `${base}?${qs}`)) ?? 'flaky'} (seed ${result.seed})`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers hostile path parameters on every GET and DELETE route with 4xx JSON', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => ['GET', 'DELETE'].includes(r.method) && r.path.includes(':'))) {
      const result = await fc.check(
        fc.asyncProperty(
          badParam,
          async (param) =>
            (await probe(
              route,
              fillPath(route.path, () => param),
            )) === null,
        ),
        fuzzParams(Math.ceil(fuzzParams().numRuns! / 2)),
      );
      if (result.failed) {
        const param = String((result.counterexample as unknown[] | null)?.[0]);
        failures.push(
          `${
            (await probe(
              route,
              fillPath(route.path, () => param),
            )) ?? 'flaky'
          } (seed ${result.seed})`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a control character in any query value of every GET route, and in any list filter, with a 400 naming it', async () => {
    const failures: string[] = [];
    let lists = 0;
    /** Filter keys of the lists (an unknown one is refused too, but only after its value is read). */
    const filterKeys = ['q', 'status', 'email', 'destination_id', 'agent_id', 'is_priority', 'created_at_gte', 'id'];
    const expectRefused = async (route: RouteInfo, path: string) => {
      const req = t.http().get(path).set('Accept', 'application/json');
      const token = tokenFor(route);
      if (token) req.set('Authorization', `Bearer ${token}`);
      const res = await req;
      if (res.status !== 400 || res.body?.message !== QUERY_CONTROL_CHARACTERS)
        failures.push(`GET ${path.slice(0, 200)} -> ${res.status} ${res.text.slice(0, 120)}`);
    };
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const base = fillPath(route.path, (p) => (p === 'uidb64' ? 'MQ' : p === 'token' ? 'x' : realId(route)));
      // A list reads `filter` (and most also `sort`) as JSON, a broken one is refused as such; other routes have no use for them.
      const readsJson = async (param: string) => {
        const req = t.http().get(`${base}?${param}=%5B`).set('Accept', 'application/json');
        if (tokenFor(route)) req.set('Authorization', `Bearer ${tokenFor(route)}`);
        return new RegExp(`Invalid ${param} parameter`).test((await req).body?.message ?? '');
      };
      const isList = await readsJson('filter');
      if (isList) lists += 1;
      const isSorted = isList && (await readsJson('sort'));
      for (const [i, char] of CONTROL_CHARACTERS.entries()) {
        const where = (['start', 'middle', 'end'] as const)[i % 3];
        // Percent-encoded in the query string, as any parameter (`q`, or one the route does not know).
        await expectRefused(route, `${base}?q=${encodeURIComponent(withControlCharacter('punta', char, where))}`);
        await expectRefused(route, `${base}?page=1&utm_source=${encodeURIComponent(`x${char}`)}`);
        if (!isList) continue;
        // Inside the JSON of a list's filter and sort, written as a JSON escape.
        const key = filterKeys[i % filterKeys.length];
        const filter = JSON.stringify({ [key]: withControlCharacter(key === 'email' ? 'a@b.co' : 'new', char, where) });
        await expectRefused(route, `${base}?filter=${encodeURIComponent(filter)}`);
        await expectRefused(route, `${base}?filter=${encodeURIComponent(JSON.stringify({ q: `ab${char}cd` }))}`);
        if (isSorted)
          await expectRefused(route, `${base}?sort=${encodeURIComponent(JSON.stringify([`id${char}`, 'ASC']))}`);
      }
    }
    expect(failures).toEqual([]);
    expect(lists).toBeGreaterThanOrEqual(6);
  });

  it('answers the classic list-parameter attacks with 400, not with data', async () => {
    const attacks = [
      'sort=["password_hash","ASC"]',
      'sort=["created_at; DROP TABLE leads","DESC"]',
      'range=[0,"a"]',
      'filter={"status":{"$ne":"x"}}',
      'filter={',
      `filter=${encodeURIComponent(JSON.stringify({ q: 'x'.repeat(5000) }))}`,
      ...NASTY_STRINGS.slice(0, 5).map((v) => `filter=${encodeURIComponent(JSON.stringify({ q: v }))}`),
    ];
    for (const qs of attacks) {
      const res = await t.http().get(`/api/admin/leads?${qs}`).set('Authorization', `Bearer ${admin.token}`);
      expect([200, 400]).toContain(res.status);
      expect(res.text).not.toMatch(/\$argon2/);
    }
    const count = await t.dataSource.query('SELECT COUNT(*) AS n FROM leads');
    expect(Number(count[0].n)).toBeGreaterThan(0);
  });
});
