import { DataProvider, fetchUtils, HttpError } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { bootTestApp, createUser, TestApp } from './support/test-app';
import { seedDestination, seedLead, seedPack } from './support/admin-fixtures';

/** The back-office's own data layer (ra-data-simple-rest, unchanged) against the running API. */
describe('admin API through ra-data-simple-rest', () => {
  let t: TestApp;
  let provider: DataProvider;
  let destinationId: number;
  let otherDestinationId: number;

  beforeAll(async () => {
    t = await bootTestApp();
    const admin = await createUser(t, { admin: true });
    const httpClient = (url: string, options: fetchUtils.Options = {}) => {
      const headers = new Headers(options.headers ?? { Accept: 'application/json' });
      headers.set('Authorization', `Bearer ${admin.token}`);
      return fetchUtils.fetchJson(url, { ...options, headers });
    };
    provider = simpleRestProvider(`${t.baseUrl}/api/admin`, httpClient);
    destinationId = (await seedDestination(t, { name: 'Cancún' })).id;
    otherDestinationId = (await seedDestination(t, { name: 'Orlando' })).id;
    for (let i = 1; i <= 7; i += 1) await seedPack(t, destinationId, { name: `Pack ${i}`, price: 100 + i });
    await seedPack(t, otherDestinationId, { name: 'Orlando parks', price: 900 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('getList pages, sorts and counts from Content-Range', async () => {
    const page = await provider.getList('packs', {
      pagination: { page: 2, perPage: 3 },
      sort: { field: 'price', order: 'DESC' },
      filter: { destination_id: destinationId },
    });
    expect(page.total).toBe(7);
    expect(page.data.map((p) => p.name)).toEqual(['Pack 4', 'Pack 3', 'Pack 2']);
  });

  it('getList searches with q', async () => {
    const page = await provider.getList('packs', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'orlando' },
    });
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      name: 'Orlando parks',
      destination: { id: otherDestinationId, name: 'Orlando' },
    });
  });

  it('getManyReference lists the packs of one destination', async () => {
    const page = await provider.getManyReference('packs', {
      target: 'destination_id',
      id: otherDestinationId,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(page.total).toBe(1);
  });

  it('getOne and getMany read records by id', async () => {
    const all = await provider.getList('packs', {
      pagination: { page: 1, perPage: 3 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    const one = await provider.getOne('packs', { id: all.data[0].id });
    expect(one.data).toEqual(all.data[0]);
    const many = await provider.getMany('packs', { ids: [all.data[0].id, all.data[2].id] });
    expect(many.data.map((p) => p.id).sort()).toEqual([all.data[0].id, all.data[2].id].sort());
  });

  it('creates, updates and deletes a pack', async () => {
    const created = await provider.create('packs', {
      data: {
        name: 'Weekend deal',
        description: 'Two nights by the sea.',
        price: 299.99,
        discount_price: null,
        amenities: ['Wi-Fi'],
        destination_id: destinationId,
        available_from: '2030-03-01',
        available_to: '2030-03-31',
      },
    });
    expect(created.data).toMatchObject({
      id: expect.any(Number),
      name: 'Weekend deal',
      price: 299.99,
      discount_price: null,
    });
    const updated = await provider.update('packs', {
      id: created.data.id,
      data: { ...pick(created.data, PACK_FIELDS), discount_price: 249.5, is_featured: true },
      previousData: created.data,
    });
    expect(updated.data).toMatchObject({ id: created.data.id, discount_price: 249.5, is_featured: true });
    const deleted = await provider.delete('packs', { id: created.data.id, previousData: updated.data });
    expect(deleted.data.id).toBe(created.data.id);
    await expect(provider.getOne('packs', { id: created.data.id })).rejects.toMatchObject({ status: 404 });
  });

  it('creates, updates and deletes leads, and deleteMany removes several', async () => {
    const lead = await provider.create('leads', {
      data: {
        first_name: 'Marta',
        last_name: 'Ruiz',
        email: 'marta@example.com',
        phone: '5557654321',
        destination_id: destinationId,
      },
    });
    expect(lead.data).toMatchObject({
      status: 'new',
      destination: { id: destinationId, name: 'Cancún' },
      source: 'admin',
    });
    const updated = await provider.update('leads', {
      id: lead.data.id,
      data: { status: 'contacted' },
      previousData: lead.data,
    });
    expect(updated.data.status).toBe('contacted');
    expect(updated.data.history.map((e: { kind: string }) => e.kind)).toEqual(['created', 'status']);
    const others = [await seedLead(t, destinationId), await seedLead(t, destinationId)];
    const removed = await provider.deleteMany('leads', { ids: [lead.data.id, ...others.map((l) => l.id)] });
    expect([...(removed.data ?? [])].sort()).toEqual([lead.data.id, ...others.map((l) => l.id)].sort());
    const left = await provider.getMany('leads', { ids: [lead.data.id, ...others.map((l) => l.id)] });
    expect(left.data).toEqual([]);
  });

  it('creates and edits an agent, and lists agents', async () => {
    const agent = await provider.create('agents', {
      data: { first_name: 'luis', last_name: 'Pérez', email: 'Luis@Agency.example', phone: '5550001111' },
    });
    expect(agent.data).toMatchObject({
      first_name: 'Luis',
      email: 'luis@agency.example',
      is_agent: true,
      is_active: false,
    });
    expect(agent.data).not.toHaveProperty('password_hash');
    const edited = await provider.update('agents', {
      id: agent.data.id,
      data: { last_name: 'Pérez Soto' },
      previousData: agent.data,
    });
    expect(edited.data.full_name).toBe('Luis Pérez Soto');
    const list = await provider.getList('agents', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(list.total).toBe(1);
  });

  it('surfaces validation errors per field, as react-admin shows them', async () => {
    const attempt = provider.create('packs', {
      data: {
        name: 'X',
        description: 'Y',
        price: 10,
        discount_price: 12,
        destination_id: destinationId,
        available_from: '2030-01-01',
        available_to: '2030-01-02',
      },
    });
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await attempt.catch((err: HttpError) => {
      expect(err.status).toBe(400);
      expect(err.message).toBe('Discount price must be less than price');
      expect((err.body as { errors: Record<string, string> }).errors).toEqual({
        discount_price: 'Discount price must be less than price',
      });
    });
  });
});

const PACK_FIELDS = [
  'name',
  'description',
  'price',
  'discount_price',
  'features',
  'amenities',
  'destination_id',
  'available_from',
  'available_to',
  'is_featured',
];

function pick(record: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f, record[f]]));
}
