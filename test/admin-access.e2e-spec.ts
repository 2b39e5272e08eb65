import request from 'supertest';
import { listRoutes, RouteInfo } from './support/route-table';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';
import { bearer, jpegBytes, pngBytes, seedDestination, seedLead, seedPack } from './support/admin-fixtures';

type Method = 'get' | 'post' | 'put' | 'delete';
interface Call {
  path: string;
  body?: object;
  /** Multipart fields and files instead of a JSON body. */
  form?: { fields: Record<string, string>; files: Record<string, Buffer> };
}
interface Route {
  method: Method;
  path: string;
  status: number;
  /** Builds a call that succeeds for an admin (fresh records for deletes). */
  prepare: () => Promise<Call>;
}

/** Every back-office route: anonymous 401, regular user 403, admin 2xx, with and without the trailing slash. */
describe('admin API access: every route is admin-only', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let customer: CreatedUser;
  let agent: CreatedUser;
  let registered: RouteInfo[];
  let destinationId: number;

  const freshDestination = async () => (await seedDestination(t, { name: `Dest ${Math.random()}` })).id;
  const freshAgent = async () => (await createUser(t, { agent: true })).user.id;
  const freshCustomer = async () => (await createUser(t)).user.id;
  const freshPack = async () => (await seedPack(t, destinationId)).id;
  const freshLead = async () => (await seedLead(t, destinationId)).id;
  const freshThing = async (id: number) =>
    (
      await t
        .http()
        .post(`/api/admin/destinations/${id}/things-to-do/`)
        .set(bearer(admin.token))
        .send({ title: 'Dive', description: 'Reef' })
    ).body.id;

  const packBody = () => ({
    name: 'Pack',
    description: 'Nice.',
    price: 100,
    destination_id: destinationId,
    available_from: '2030-01-01',
    available_to: '2030-01-10',
  });

  const routes: Route[] = [
    { method: 'get', path: '/api/admin/agents', status: 200, prepare: async () => ({ path: '/api/admin/agents' }) },
    {
      method: 'get',
      path: '/api/admin/agents/:id',
      status: 200,
      prepare: async () => ({ path: `/api/admin/agents/${await freshAgent()}` }),
    },
    {
      method: 'post',
      path: '/api/admin/agents',
      status: 201,
      prepare: async () => ({
        path: '/api/admin/agents',
        body: { first_name: 'A', last_name: 'B', email: `a${Math.random()}@x.com` },
      }),
    },
    {
      method: 'put',
      path: '/api/admin/agents/:id',
      status: 200,
      prepare: async () => ({ path: `/api/admin/agents/${await freshAgent()}`, body: { first_name: 'Ann' } }),
    },
    {
      method: 'delete',
      path: '/api/admin/agents/:id',
      status: 200,
      prepare: async () => ({ path: `/api/admin/agents/${await freshAgent()}` }),
    },
    {
      method: 'post',
      path: '/api/admin/agents/bulk-delete',
      status: 200,
      prepare: async () => ({ path: '/api/admin/agents/bulk-delete', body: { agent_ids: [await freshAgent()] } }),
    },
    { method: 'get', path: '/api/admin/users', status: 200, prepare: async () => ({ path: '/api/admin/users' }) },
    {
      method: 'get',
      path: '/api/admin/users/:id',
      status: 200,
      prepare: async () => ({ path: `/api/admin/users/${await freshCustomer()}` }),
    },
    {
      method: 'put',
      path: '/api/admin/users/:id',
      status: 200,
      prepare: async () => ({ path: `/api/admin/users/${await freshCustomer()}`, body: { last_name: 'Lopez' } }),
    },
    {
      method: 'delete',
      path: '/api/admin/users/:id',
      status: 200,
      prepare: async () => ({ path: `/api/admin/users/${await freshCustomer()}` }),
    },
    {
      method: 'post',
      path: '/api/admin/users/bulk-delete',
      status: 200,
      prepare: async () => ({ path: '/api/admin/users/bulk-delete', body: { user_ids: [await freshCustomer()] } }),
    },
    { method: 'get', path: '/api/admin/packs', status: 200, prepare: async () => ({ path: '/api/admin/packs' }) },
    {
      method: 'get',
      path: '/api/admin/packs/:id',
      status: 200,
      prepare: async () => ({ path: `/api/admin/packs/${await freshPack()}` }),
    },
    {
      method: 'post',
      path: '/api/admin/packs',
      status: 201,
      prepare: async () => ({ path: '/api/admin/packs', body: packBody() }),
    },
    {
      method: 'put',
      path: '/api/admin/packs/:id',
      status: 200,
      prepare: async () => ({ path: `/api/admin/packs/${await freshPack()}`, body: packBody() }),
    },
    {
      method: 'delete',
      path: '/api/admin/packs/:id',
      status: 200,
      prepare: async () => ({ path: `/api/admin/packs/${await freshPack()}` }),
    },
    {
      method: 'post',
      path: '/api/admin/packs/bulk-delete',
      status: 200,
      prepare: async () => ({ path: '/api/admin/packs/bulk-delete', body: { pack_ids: [await freshPack()] } }),
    },
    { method: 'get', path: '/api/admin/leads', status: 200, prepare: async () => ({ path: '/api/admin/leads' }) },
    {
      method: 'get',
      path: '/api/admin/leads/export',
      status: 200,
      prepare: async () => ({ path: '/api/admin/leads/export' }),
    },
    {
      method: 'get',
      path: '/api/admin/leads/:id',
      status: 200,
      prepare: async () => ({ path: `/api/admin/leads/${await freshLead()}` }),
    },
    {
      method: 'post',
      path: '/api/admin/leads',
      status: 201,
      prepare: async () => ({
        path: '/api/admin/leads',
        body: { first_name: 'L', last_name: 'M', email: 'l@m.com', phone: '5551112222', destination_id: destinationId },
      }),
    },
    {
      method: 'put',
      path: '/api/admin/leads/:id',
      status: 200,
      prepare: async () => ({ path: `/api/admin/leads/${await freshLead()}`, body: { status: 'contacted' } }),
    },
    {
      method: 'delete',
      path: '/api/admin/leads/:id',
      status: 200,
      prepare: async () => ({ path: `/api/admin/leads/${await freshLead()}` }),
    },
    {
      method: 'post',
      path: '/api/admin/leads/bulk-delete',
      status: 200,
      prepare: async () => ({ path: '/api/admin/leads/bulk-delete', body: { lead_ids: [await freshLead()] } }),
    },
    {
      method: 'post',
      path: '/api/admin/leads/:id/create-account',
      status: 201,
      prepare: async () => ({
        path: `/api/admin/leads/${(await seedLead(t, destinationId, { email: `acct${Math.random()}@x.com` })).id}/create-account`,
      }),
    },
    {
      method: 'get',
      path: '/api/admin/destinations',
      status: 200,
      prepare: async () => ({ path: '/api/admin/destinations' }),
    },
    {
      method: 'get',
      path: '/api/admin/destinations/:id',
      status: 200,
      prepare: async () => ({ path: `/api/admin/destinations/${await freshDestination()}` }),
    },
    {
      method: 'post',
      path: '/api/admin/destinations',
      status: 201,
      prepare: async () => ({
        path: '/api/admin/destinations',
        form: {
          fields: { name: 'Tulum', location: 'Mexico', description: 'Ruins.' },
          files: { main_image: await jpegBytes(400, 200) },
        },
      }),
    },
    {
      method: 'put',
      path: '/api/admin/destinations/:id',
      status: 200,
      prepare: async () => ({
        path: `/api/admin/destinations/${await freshDestination()}`,
        form: { fields: { name: 'Tulum Beach' }, files: { gallery_images: await pngBytes() } },
      }),
    },
    {
      method: 'delete',
      path: '/api/admin/destinations/:id',
      status: 200,
      prepare: async () => ({ path: `/api/admin/destinations/${await freshDestination()}` }),
    },
    {
      method: 'post',
      path: '/api/admin/destinations/bulk-delete',
      status: 200,
      prepare: async () => ({
        path: '/api/admin/destinations/bulk-delete',
        body: { destination_ids: [await freshDestination()] },
      }),
    },
    {
      method: 'get',
      path: '/api/admin/destinations/:id/things-to-do',
      status: 200,
      prepare: async () => ({ path: `/api/admin/destinations/${await freshDestination()}/things-to-do` }),
    },
    {
      method: 'post',
      path: '/api/admin/destinations/:id/things-to-do',
      status: 201,
      prepare: async () => ({
        path: `/api/admin/destinations/${await freshDestination()}/things-to-do`,
        body: { title: 'Snorkel', description: 'Reef tour.' },
      }),
    },
    {
      method: 'delete',
      path: '/api/admin/destinations/:id/thing-to-do/:thingId',
      status: 200,
      prepare: async () => {
        const id = await freshDestination();
        return { path: `/api/admin/destinations/${id}/thing-to-do/${await freshThing(id)}` };
      },
    },
  ];

  function send(method: Method, call: Call, token?: string): request.Test {
    let req = t.http()[method](call.path);
    if (token) req = req.set(bearer(token));
    if (call.form) {
      for (const [k, v] of Object.entries(call.form.fields)) req = req.field(k, v);
      for (const [k, v] of Object.entries(call.form.files)) req = req.attach(k, v, `${k}.img`);
      return req;
    }
    return call.body ? req.send(call.body) : req;
  }

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await createUser(t, { admin: true });
    customer = await createUser(t);
    agent = await createUser(t, { agent: true });
    registered = listRoutes(t.app);
    destinationId = (await seedDestination(t)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe.each(routes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))('%s', (_name, route) => {
    it('answers 401 without a token', async () => {
      const call = await route.prepare();
      const res = await send(route.method, call);
      expect(res.status).toBe(401);
      expect(res.body.statusCode).toBe(401);
    });

    it('answers 403 to a signed-in user who is not an admin', async () => {
      const call = await route.prepare();
      const res = await send(route.method, call, customer.token);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('You do not have permission to perform this action.');
    });

    it('works for an agent where the lead desk is open, and answers 403 elsewhere', async () => {
      const own = registered.find((r) => r.method === route.method.toUpperCase() && r.path === route.path);
      expect(own).toBeDefined();
      const call = await route.prepare();
      const res = await send(route.method, call, agent.token);
      if (own?.deskOpen) expect({ status: res.status, body: res.body }).toMatchObject({ status: route.status });
      else {
        expect(res.status).toBe(403);
        expect(res.body.error).toBe('You do not have permission to perform this action.');
      }
    });

    it('works for an admin, with and without the trailing slash', async () => {
      const plain = await route.prepare();
      const first = await send(route.method, plain, admin.token);
      expect({ status: first.status, body: first.body }).toMatchObject({ status: route.status });
      const slashed = await route.prepare();
      const second = await send(route.method, { ...slashed, path: `${slashed.path}/` }, admin.token);
      expect({ status: second.status, body: second.body }).toMatchObject({ status: route.status });
    });
  });

  it('refuses an expired or forged token with 401', async () => {
    const res = await t
      .http()
      .get('/api/admin/leads')
      .set(bearer(`${admin.token}x`));
    expect(res.status).toBe(401);
  });

  it('stops an admin who was demoted at once (rights are re-read on every request)', async () => {
    const other = await createUser(t, { admin: true });
    await t
      .http()
      .put(`/api/admin/users/${other.user.id}`)
      .set(bearer(admin.token))
      .send({ is_superuser: false })
      .expect(200);
    const res = await t.http().get('/api/admin/leads').set(bearer(other.token));
    expect(res.status).toBe(403);
  });

  it('documents every admin route in OpenAPI with the bearer scheme', async () => {
    const doc = (await t.http().get('/api/docs/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    };
    const toOpenApi = (path: string) => path.replace(/:(\w+)/g, '{$1}');
    for (const route of routes) {
      const operation = doc.paths[toOpenApi(route.path)]?.[route.method];
      expect({ route: `${route.method} ${route.path}`, documented: !!operation }).toEqual({
        route: `${route.method} ${route.path}`,
        documented: true,
      });
      expect(operation.tags).toContain('admin');
      expect(operation.security).toEqual([{ bearer: [] }]);
    }
  });
});
