import { TravelPack } from '../src/catalogue/entities/travel-pack.entity';
import { Lead } from '../src/leads/entities/lead.entity';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';
import { bearer, seedDestination, seedLead, seedPack } from './support/admin-fixtures';

describe('admin packs', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let destination: { id: number; name: string };
  let valid: Record<string, unknown>;
  const auth = () => bearer(admin.token);
  const create = (body: object) => t.http().post('/api/admin/packs/').set(auth()).send(body);

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await createUser(t, { admin: true });
    destination = await seedDestination(t, { name: 'Cabo San Lucas' });
    valid = {
      name: 'Cabo escape',
      description: 'Four nights, all inclusive.',
      price: 899.99,
      discount_price: 699.5,
      amenities: ['Pool', 'Spa'],
      features: ['Breakfast'],
      destination_id: destination.id,
      available_from: '2030-05-01',
      available_to: '2030-05-01',
    };
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a pack and answers it with its destination', async () => {
    const res = await create({ ...valid, name: '  Cabo escape  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Cabo escape',
      description: 'Four nights, all inclusive.',
      price: 899.99,
      discount_price: 699.5,
      features: ['Breakfast'],
      amenities: ['Pool', 'Spa'],
      destination_id: destination.id,
      destination: { id: destination.id, name: 'Cabo San Lucas' },
      destination_name: 'Cabo San Lucas',
      available_from: '2030-05-01',
      available_to: '2030-05-01',
      is_featured: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const read = await t.http().get(`/api/admin/packs/${res.body.id}/`).set(auth());
    expect(read.body).toEqual(res.body);
  });

  it("accepts `destination` (the original client's name) for the destination id, and a null discount", async () => {
    const { destination_id: _omit, ...rest } = valid;
    const res = await create({ ...rest, destination: destination.id, discount_price: null });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ destination_id: destination.id, discount_price: null });
    const empty = await create({ ...valid, discount_price: '' });
    expect(empty.body.discount_price).toBeNull();
  });

  it.each([
    ['name missing', { name: '   ' }, { name: 'Name is required' }],
    ['name too long', { name: 'n'.repeat(101) }, { name: 'Name cannot exceed 100 characters' }],
    ['description missing', { description: '' }, { description: 'Description is required' }],
    [
      'description too long',
      { description: 'd'.repeat(1501) },
      { description: 'Description cannot exceed 1500 characters' },
    ],
    [
      '11 amenities',
      { amenities: Array.from({ length: 11 }, (_, i) => `A${i}`) },
      { amenities: 'A pack can have at most 10 amenities' },
    ],
    ['an empty amenity', { amenities: ['Pool', '  '] }, { amenities: 'Amenity 2 must be a non-empty string' }],
    ['a non-string amenity', { amenities: [5] }, { amenities: 'Amenity 1 must be a non-empty string' }],
    ['price missing', { price: null }, { price: 'Price is required' }],
    ['price zero', { price: 0 }, { price: 'Price must be a positive number' }],
    ['price negative', { price: -5 }, { price: 'Price must be a positive number' }],
    ['price too high', { price: 10000 }, { price: 'Price cannot exceed 9999.99' }],
    [
      'price with 3 decimals',
      { price: 10.123, discount_price: null },
      { price: 'Price can have at most 2 decimal places' },
    ],
    ['price not a number', { price: 'cheap' }, { price: 'Price must be a positive number' }],
    ['discount zero', { discount_price: 0 }, { discount_price: 'Discount price must be a positive number' }],
    [
      'discount equal to price',
      { discount_price: 899.99 },
      { discount_price: 'Discount price must be less than price' },
    ],
    ['discount above price', { discount_price: 900 }, { discount_price: 'Discount price must be less than price' }],
    ['destination missing', { destination_id: undefined }, { destination_id: 'Destination is required' }],
    ['from missing', { available_from: '' }, { available_from: 'Available from date is required' }],
    ['to missing', { available_to: undefined }, { available_to: 'Available to date is required' }],
    ['impossible date', { available_from: '2030-02-30' }, { available_from: 'Invalid date format (YYYY-MM-DD)' }],
    [
      'to before from',
      { available_from: '2030-05-02' },
      { available_to: 'Available to date must be after available from date' },
    ],
    ['id sent', { id: 7 }, { id: 'property id should not exist' }],
    ['created_at sent', { created_at: '2020-01-01' }, { created_at: 'property created_at should not exist' }],
  ])('refuses %s', async (_name, change, errors) => {
    const res = await create({ ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(errors);
    expect(res.body.error).toBe(Object.values(errors)[0]);
  });

  it('accepts the limits themselves (9999.99, 10 amenities, 100/1500 characters)', async () => {
    const res = await create({
      ...valid,
      name: 'n'.repeat(100),
      description: 'd'.repeat(1500),
      price: 9999.99,
      discount_price: 9999.98,
      amenities: Array.from({ length: 10 }, (_, i) => `Amenity ${i}`),
    });
    expect(res.status).toBe(201);
  });

  it('refuses a destination that does not exist', async () => {
    const res = await create({ ...valid, destination_id: 424242 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ destination_id: 'Destination not found' });
  });

  it('replaces a pack on PUT, keeping lists the form did not send', async () => {
    const pack = await seedPack(t, destination.id, { features: ['Transfer'], amenities: ['Gym'] });
    const { features: _f, amenities: _a, ...form } = valid;
    const res = await t
      .http()
      .put(`/api/admin/packs/${pack.id}/`)
      .set(auth())
      .send({ ...form, name: 'Renamed', is_featured: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', is_featured: true, features: ['Transfer'], amenities: ['Gym'] });
    const invalid = await t
      .http()
      .put(`/api/admin/packs/${pack.id}`)
      .set(auth())
      .send({ ...valid, price: 0 });
    expect(invalid.status).toBe(400);
    expect((await t.http().put('/api/admin/packs/777777').set(auth()).send(valid)).status).toBe(404);
  });

  it('lists featured packs first by default', async () => {
    const other = await seedDestination(t, { name: 'Featured land' });
    await seedPack(t, other.id, { name: 'Plain', is_featured: false });
    await seedPack(t, other.id, { name: 'Star', is_featured: true });
    await seedPack(t, other.id, { name: 'Plain 2', is_featured: false });
    const res = await t
      .http()
      .get(`/api/admin/packs?filter=${encodeURIComponent(JSON.stringify({ destination_id: other.id }))}`)
      .set(auth());
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(['Star', 'Plain 2', 'Plain']);
    expect(res.headers['content-range']).toBe('packs 0-2/3');
  });

  it('deletes a pack, leaving leads that chose it with their destination', async () => {
    const pack = await seedPack(t, destination.id);
    const lead = await seedLead(t, destination.id, { travel_pack_id: pack.id });
    const res = await t.http().delete(`/api/admin/packs/${pack.id}`).set(auth());
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(pack.id);
    const kept = await t.dataSource.getRepository(Lead).findOneByOrFail({ id: lead.id });
    expect(kept).toMatchObject({ travel_pack_id: null, destination_id: destination.id });
  });

  it('bulk-deletes all or nothing', async () => {
    const a = await seedPack(t, destination.id);
    const b = await seedPack(t, destination.id);
    const missing = await t
      .http()
      .post('/api/admin/packs/bulk-delete')
      .set(auth())
      .send({ pack_ids: [a.id, 555555, b.id] });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ missing_ids: [555555] });
    expect(await t.dataSource.getRepository(TravelPack).countBy([{ id: a.id }, { id: b.id }])).toBe(2);
    const ok = await t
      .http()
      .post('/api/admin/packs/bulk-delete/')
      .set(auth())
      .send({ pack_ids: [a.id, b.id] });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ deleted: 2 });
    expect(await t.dataSource.getRepository(TravelPack).countBy([{ id: a.id }, { id: b.id }])).toBe(0);
  });
});
