import { Destination } from '../src/catalogue/entities/destination.entity';
import { TravelPack } from '../src/catalogue/entities/travel-pack.entity';
import { bearer, seedDestination, seedPack } from './support/admin-fixtures';
import { bootTestApp, createUser, TestApp } from './support/test-app';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
const lastmodOf = (xml: string, loc: string) =>
  new RegExp(`<loc>${loc.replace(/[.?*+^$()[\]\\/]/g, '\\$&')}</loc><lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];

describe('sitemap.xml and robots.txt', () => {
  let t: TestApp;
  let adminToken: string;
  let cancun: Destination;
  let hidden: Destination;
  let orlando: Destination;

  beforeAll(async () => {
    t = await bootTestApp({ PUBLIC_URL: 'https://viajes.example.com/' });
    adminToken = (await createUser(t, { admin: true })).token;
    cancun = await seedDestination(t, { name: 'Cancún Riviera', location: 'Cancún, Mexico' });
    orlando = await seedDestination(t, { name: 'Orlando', location: 'Florida, USA' });
    hidden = await seedDestination(t, { name: 'Hidden Bay', status: 'inactive' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the public pages and every active destination, absolute on PUBLIC_URL', async () => {
    const res = await t.http().get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(locs(res.text)).toEqual([
      'https://viajes.example.com/',
      'https://viajes.example.com/deals',
      'https://viajes.example.com/destinations',
      'https://viajes.example.com/contacto',
      'https://viajes.example.com/faqs-page',
      'https://viajes.example.com/terms',
      'https://viajes.example.com/privacy-policy',
      `https://viajes.example.com/destinations/${cancun.id}/canc%C3%BAn-riviera`,
      `https://viajes.example.com/destinations/${orlando.id}/orlando`,
    ]);
    expect(res.text).not.toContain('hidden-bay');
  });

  it('dates each destination by its newest change, and the catalogue pages by the newest of all', async () => {
    await t.dataSource.getRepository(Destination).update(cancun.id, { updated_at: new Date('2026-03-01T10:00:00Z') });
    await t.dataSource.getRepository(Destination).update(orlando.id, { updated_at: new Date('2026-02-01T10:00:00Z') });
    const pack = await seedPack(t, orlando.id);
    await t.dataSource.getRepository(TravelPack).update(pack.id, { updated_at: new Date('2026-04-05T06:07:08Z') });
    await t.http().put(`/api/admin/destinations/${hidden.id}/`).set(bearer(adminToken)).send({ name: 'Hidden Bay' });

    const xml = (await t.http().get('/sitemap.xml')).text;
    expect(lastmodOf(xml, `https://viajes.example.com/destinations/${cancun.id}/canc%C3%BAn-riviera`)).toBe(
      '2026-03-01T10:00:00Z',
    );
    expect(lastmodOf(xml, `https://viajes.example.com/destinations/${orlando.id}/orlando`)).toBe(
      '2026-04-05T06:07:08Z',
    );
    for (const page of ['/', '/deals', '/destinations'])
      expect(lastmodOf(xml, `https://viajes.example.com${page}`)).toBe('2026-04-05T06:07:08Z');
    // Pages whose text is not data carry no invented date.
    expect(xml).toContain('<url><loc>https://viajes.example.com/terms</loc></url>');
  });

  it('follows admin edits at once: a renamed, a deactivated and a new destination', async () => {
    const before = await t.http().get('/sitemap.xml');
    const again = await t.http().get('/sitemap.xml').set('If-None-Match', before.headers.etag);
    expect(again.status).toBe(304);

    const auth = bearer(adminToken);
    expect(
      (await t.http().put(`/api/admin/destinations/${orlando.id}/`).set(auth).send({ name: 'Orlando Parks' })).status,
    ).toBe(200);
    expect(
      (await t.http().put(`/api/admin/destinations/${cancun.id}/`).set(auth).send({ status: 'inactive' })).status,
    ).toBe(200);
    expect(
      (await t.http().put(`/api/admin/destinations/${hidden.id}/`).set(auth).send({ status: 'active' })).status,
    ).toBe(200);

    const after = await t.http().get('/sitemap.xml').set('If-None-Match', before.headers.etag);
    expect(after.status).toBe(200);
    const urls = locs(after.text);
    expect(urls).toContain(`https://viajes.example.com/destinations/${orlando.id}/orlando-parks`);
    expect(urls).toContain(`https://viajes.example.com/destinations/${hidden.id}/hidden-bay`);
    expect(urls.join(' ')).not.toContain(`/destinations/${cancun.id}/`);
    expect(urls).not.toContain(`https://viajes.example.com/destinations/${orlando.id}/orlando`);
  });

  it('robots.txt allows the site, keeps crawlers out of admin, API and account, and points to the sitemap', async () => {
    const res = await t.http().get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /api',
        'Disallow: /user-account',
        '',
        'Sitemap: https://viajes.example.com/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it('keeps both at the root only: no /api copies, and other methods are refused', async () => {
    expect((await t.http().get('/api/sitemap.xml')).status).toBe(404);
    expect((await t.http().get('/api/robots.txt')).status).toBe(404);
    expect((await t.http().post('/sitemap.xml').send({})).status).toBe(404);
    expect((await t.http().get('/sitemap.xml/')).status).toBe(200);
  });
});
