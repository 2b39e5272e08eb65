import { destinationPath } from '../paths';
import { buildSitemapXml, sitemapDate } from './sitemap';

describe('sitemap builder', () => {
  it('escapes XML and joins paths to PUBLIC_URL whatever its trailing slash', () => {
    const xml = buildSitemapXml('https://a.example/', [{ path: '/x?a=1&b=<2>' }]);
    expect(xml).toContain('<loc>https://a.example/x?a=1&amp;b=&lt;2&gt;</loc>');
  });

  it('writes lastmod to the second in UTC and leaves out missing or invalid dates', () => {
    expect(sitemapDate(new Date('2026-05-06T07:08:09.123Z'))).toBe('2026-05-06T07:08:09Z');
    const xml = buildSitemapXml('https://a.example', [
      { path: '/a', lastmod: new Date('nope') },
      { path: '/b', lastmod: null },
    ]);
    expect(xml).not.toContain('lastmod');
  });

  it('builds destination paths from the shared slug, percent-encoding what a URL cannot hold', () => {
    expect(destinationPath({ id: 7, name: 'Punta  Cana' })).toBe('/destinations/7/punta-cana');
    expect(destinationPath({ id: 8, name: 'Cancún & Tulum' })).toBe('/destinations/8/canc%C3%BAn-%26-tulum');
  });
});
