import { CatalogueCacheService } from '../src/catalogue/catalogue-cache.service';
import { Destination } from '../src/catalogue/entities/destination.entity';
import { DestinationImage } from '../src/catalogue/entities/destination-image.entity';
import { ThingToDo } from '../src/catalogue/entities/thing-to-do.entity';
import { TravelPack } from '../src/catalogue/entities/travel-pack.entity';
import { bootTestApp, TestApp } from './support/test-app';

describe('public catalogue API', () => {
  let t: TestApp;
  let cancun: Destination;
  let orlando: Destination;
  let hidden: Destination;
  let tulum: Destination;
  let cancunPack: TravelPack;
  let orlandoPack: TravelPack;

  const dest = (values: Partial<Destination>) =>
    t.dataSource.getRepository(Destination).save(
      t.dataSource.getRepository(Destination).create({
        description: 'Playas de arena blanca.',
        status: 'active',
        is_priority: false,
        latitude: 21.16,
        longitude: -86.85,
        ...values,
      }),
    );
  const pack = (values: Partial<TravelPack>) =>
    t.dataSource.getRepository(TravelPack).save(
      t.dataSource.getRepository(TravelPack).create({
        description: 'Todo incluido.',
        features: ['Traslados'],
        amenities: ['Piscina', 'Wi-Fi gratis'],
        available_from: '2026-12-01',
        available_to: '2027-06-30',
        is_featured: false,
        discount_price: null,
        ...values,
      }),
    );

  beforeAll(async () => {
    t = await bootTestApp();
    orlando = await dest({ name: 'Orlando', location: 'Florida, Estados Unidos', main_image: 'seed/orlando.webp' });
    cancun = await dest({
      name: 'Cancún',
      location: 'Quintana Roo, México',
      is_priority: true,
      main_image: 'seed/cancun.webp',
    });
    tulum = await dest({ name: 'Tulum', location: 'Quintana Roo, México', latitude: null, longitude: null });
    hidden = await dest({ name: 'Borrador', location: 'Nowhere, México', status: 'inactive' });
    await t.dataSource.getRepository(DestinationImage).save([
      { destination_id: cancun.id, kind: 'gallery', image: 'seed/cancun-g2.webp', position: 2 },
      { destination_id: cancun.id, kind: 'gallery', image: 'seed/cancun-g1.webp', position: 1 },
      { destination_id: cancun.id, kind: 'hotel', image: 'seed/cancun-h1.webp', position: 1 },
    ]);
    await t.dataSource.getRepository(ThingToDo).save([
      { destination_id: cancun.id, title: 'Isla Mujeres', description: 'Paseo en catamarán.' },
      { destination_id: cancun.id, title: 'Chichén Itzá', description: 'Maravilla del mundo.' },
    ]);
    cancunPack = await pack({
      name: 'Cancún 5 días',
      destination_id: cancun.id,
      price: 1299.99,
      discount_price: 799.99,
      is_featured: true,
    });
    await pack({ name: 'Cancún lujo', destination_id: cancun.id, price: 2500, discount_price: 1999.5 });
    orlandoPack = await pack({ name: 'Orlando parques', destination_id: orlando.id, price: 999, discount_price: null });
    await pack({ name: 'Oculto', destination_id: hidden.id, price: 100, is_featured: true });
    await pack({
      name: 'Caducado',
      destination_id: cancun.id,
      price: 500,
      available_from: '2020-01-01',
      available_to: '2020-12-31',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists active destinations, priority first, with the documented fields', async () => {
    for (const path of ['/api/destinations/', '/api/destinations']) {
      const res = await t.http().get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body.map((d: { name: string }) => d.name)).toEqual(['Cancún', 'Orlando', 'Tulum']);
    }
    const res = await t.http().get('/api/destinations/');
    const c = res.body[0];
    expect(c).toMatchObject({
      id: cancun.id,
      name: 'Cancún',
      location: 'Quintana Roo, México',
      description: 'Playas de arena blanca.',
      status: 'active',
      main_image: '/uploads/seed/cancun.webp',
      is_priority: true,
      latitude: 21.16,
      longitude: -86.85,
      starting_price: 1299.99,
      starting_discount_price: 799.99,
      discount_percentage: 38,
    });
    expect(c.gallery_images.map((i: { image: string }) => i.image)).toEqual([
      '/uploads/seed/cancun-g1.webp',
      '/uploads/seed/cancun-g2.webp',
    ]);
    expect(c.hotel_images).toEqual([{ id: expect.any(Number), image: '/uploads/seed/cancun-h1.webp' }]);
    expect(c.things_to_do.map((x: { title: string }) => x.title)).toEqual(['Isla Mujeres', 'Chichén Itzá']);
  });

  it('answers one destination, its things to do and related destinations (same country first)', async () => {
    const one = await t.http().get(`/api/destinations/${cancun.id}/`);
    expect(one.status).toBe(200);
    expect(one.body.name).toBe('Cancún');
    const things = await t.http().get(`/api/destinations/${cancun.id}/things-to-do`);
    expect(things.body).toEqual([
      { id: expect.any(Number), title: 'Isla Mujeres', description: 'Paseo en catamarán.' },
      { id: expect.any(Number), title: 'Chichén Itzá', description: 'Maravilla del mundo.' },
    ]);
    const related = await t.http().get(`/api/destinations/${cancun.id}/related/`);
    expect(related.body.map((d: { name: string }) => d.name)).toEqual(['Tulum', 'Orlando']);
  });

  it('answers featured destinations (the priority ones)', async () => {
    const res = await t.http().get('/api/destinations-featured/');
    expect(res.body.map((d: { name: string }) => d.name)).toEqual(['Cancún']);
  });

  it('lists public packs, featured first, with destination {id, name} and destination_name', async () => {
    const res = await t.http().get('/api/travel-packs/');
    expect(res.status).toBe(200);
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(['Cancún 5 días', 'Cancún lujo', 'Orlando parques']);
    expect(res.body[0]).toEqual({
      id: cancunPack.id,
      name: 'Cancún 5 días',
      description: 'Todo incluido.',
      price: 1299.99,
      discount_price: 799.99,
      discount_percentage: 38,
      features: ['Traslados'],
      amenities: ['Piscina', 'Wi-Fi gratis'],
      destination: { id: cancun.id, name: 'Cancún' },
      destination_name: 'Cancún',
      available_from: '2026-12-01',
      available_to: '2027-06-30',
      is_featured: true,
      image: '/uploads/seed/cancun.webp',
      images: ['/uploads/seed/cancun.webp', '/uploads/seed/cancun-g1.webp', '/uploads/seed/cancun-g2.webp'],
    });
    const orlandoRow = res.body.find((p: { id: number }) => p.id === orlandoPack.id);
    expect(orlandoRow).toMatchObject({ price: 999, discount_price: null, discount_percentage: 0 });
  });

  it('answers one pack, featured packs and the packs of a destination', async () => {
    expect((await t.http().get(`/api/travel-packs/${orlandoPack.id}`)).body.name).toBe('Orlando parques');
    const featured = await t.http().get('/api/travel-packs-featured/');
    expect(featured.body.map((p: { name: string }) => p.name)).toEqual(['Cancún 5 días']);
    const ofCancun = await t.http().get(`/api/travel-pack/destination/${cancun.id}/`);
    expect(ofCancun.body.map((p: { name: string }) => p.name)).toEqual(['Cancún 5 días', 'Cancún lujo']);
    expect((await t.http().get(`/api/travel-pack/destination/${tulum.id}`)).body).toEqual([]);
  });

  it('hides inactive destinations and their packs (404)', async () => {
    expect((await t.http().get(`/api/destinations/${hidden.id}/`)).status).toBe(404);
    expect((await t.http().get(`/api/travel-pack/destination/${hidden.id}/`)).status).toBe(404);
    const packs = await t.http().get('/api/travel-packs/');
    expect(packs.body.some((p: { name: string }) => p.name === 'Oculto')).toBe(false);
  });

  it('no longer offers a pack whose availability has ended', async () => {
    const packs = await t.http().get('/api/travel-packs/');
    expect(packs.body.some((p: { name: string }) => p.name === 'Caducado')).toBe(false);
    const ofCancun = await t.http().get(`/api/travel-pack/destination/${cancun.id}/`);
    expect(ofCancun.body.some((p: { name: string }) => p.name === 'Caducado')).toBe(false);
  });

  it.each([
    ['/api/destinations/99999/', 'Destination not found.'],
    ['/api/destinations/99999/related/', 'Destination not found.'],
    ['/api/destinations/99999/things-to-do/', 'Destination not found.'],
    ['/api/travel-pack/destination/99999/', 'Destination not found.'],
    ['/api/travel-packs/99999/', 'Travel pack not found.'],
  ])('answers %s with a JSON 404', async (path, message) => {
    const res = await t.http().get(path);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, error: message, message });
  });

  it.each(['abc', '-1', '0', '01', '1.5', '99999999999', '1e3'])(
    'answers a malformed id (%s) with a JSON 400',
    async (id) => {
      for (const path of [`/api/destinations/${id}/`, `/api/travel-packs/${id}/`, `/api/destinations/${id}/related/`]) {
        const res = await t.http().get(path);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Invalid id.');
      }
    },
  );

  it('sends an ETag and answers 304 when the client has it', async () => {
    const first = await t.http().get('/api/travel-packs/');
    expect(first.headers.etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toContain('max-age');
    const again = await t.http().get('/api/travel-packs/').set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    expect(again.text).toBeFalsy();
    expect(again.headers.etag).toBe(first.headers.etag);
    const listed = await t.http().get('/api/travel-packs').set('If-None-Match', `"other", W/${first.headers.etag}`);
    expect(listed.status).toBe(304);
    const other = await t.http().get('/api/travel-packs/').set('If-None-Match', '"something-else"');
    expect(other.status).toBe(200);
    expect(other.body).toHaveLength(3);
  });

  it('answers a cached read exactly like the first one: same body, ETag and security headers', async () => {
    t.app.get(CatalogueCacheService).invalidate();
    const first = await t.http().get(`/api/destinations/${cancun.id}/`).set('Origin', 'http://example.test');
    const cached = await t.http().get(`/api/destinations/${cancun.id}`).set('Origin', 'http://example.test');
    expect(cached.status).toBe(200);
    expect(cached.text).toBe(first.text);
    for (const header of [
      'etag',
      'cache-control',
      'content-type',
      'content-length',
      'x-content-type-options',
      'content-security-policy',
      'vary',
    ]) {
      expect([header, cached.headers[header]]).toEqual([header, first.headers[header]]);
    }
    expect(cached.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(cached.headers['access-control-expose-headers']).toContain('ETag');
    const viaQuery = await t.http().get(`/api/destinations/${cancun.id}/?utm_source=x`);
    expect(viaQuery.text).toBe(first.text);
  });

  it('still refuses other methods and bad ids once answers are cached', async () => {
    await t.http().get('/api/travel-packs/');
    expect((await t.http().post('/api/travel-packs/').send({})).status).toBe(404);
    expect((await t.http().get('/api/travel-packs/0/')).status).toBe(400);
    const head = await t.http().head('/api/travel-packs/');
    expect(head.status).toBe(200);
    expect(head.text ?? '').toBe('');
  });

  it('documents the catalogue and weather answers in the OpenAPI document', async () => {
    const doc = (await t.http().get('/api/docs/openapi.json')).body;
    for (const path of [
      '/api/travel-packs',
      '/api/travel-packs/{id}',
      '/api/travel-pack/destination/{id}',
      '/api/travel-packs-featured',
      '/api/destinations',
      '/api/destinations/{id}',
      '/api/destinations/{id}/related',
      '/api/destinations-featured',
      '/api/destinations/{id}/things-to-do',
      '/api/destinations/{id}/weather',
    ]) {
      expect([path, doc.paths[path]?.get?.responses?.['200']?.content?.['application/json']?.schema]).toEqual([
        path,
        expect.anything(),
      ]);
    }
    expect(Object.keys(doc.components.schemas.PackSummaryDto.properties)).toEqual(
      expect.arrayContaining([
        'discount_percentage',
        'destination',
        'destination_name',
        'image',
        'images',
        'available_from',
      ]),
    );
    expect(Object.keys(doc.components.schemas.DestinationDetailDto.properties)).toEqual(
      expect.arrayContaining([
        'main_image',
        'gallery_images',
        'hotel_images',
        'things_to_do',
        'is_priority',
        'latitude',
      ]),
    );
    expect(Object.keys(doc.components.schemas.WeatherDto.properties)).toEqual(['current_weather', 'forecast']);
  });

  it('serves from memory until an admin write invalidates the cache', async () => {
    const before = await t.http().get(`/api/destinations/${orlando.id}/`);
    await t.dataSource.getRepository(Destination).update(orlando.id, { name: 'Orlando, FL' });
    const cached = await t.http().get(`/api/destinations/${orlando.id}/`);
    expect(cached.body.name).toBe('Orlando');
    expect(cached.headers.etag).toBe(before.headers.etag);

    t.app.get(CatalogueCacheService).invalidate();
    const fresh = await t.http().get(`/api/destinations/${orlando.id}/`);
    expect(fresh.body.name).toBe('Orlando, FL');
    expect(fresh.headers.etag).not.toBe(before.headers.etag);
    const stale = await t.http().get(`/api/destinations/${orlando.id}/`).set('If-None-Match', before.headers.etag);
    expect(stale.status).toBe(200);
    const packs = await t.http().get('/api/travel-packs/');
    expect(packs.body.find((p: { id: number }) => p.id === orlandoPack.id).destination_name).toBe('Orlando, FL');
  });
});
