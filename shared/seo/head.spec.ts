import { canonicalUrl, headTags, SiteIdentity, summarize } from './head';

const site: SiteIdentity = {
  name: 'Ofertas de Viaje',
  publicUrl: 'https://viajes.example.com/',
  locale: 'es_LA',
  defaultImage: { url: '/img/og-default.jpg', width: 1200, height: 630, alt: 'Playa', type: 'image/jpeg' },
};
const content = (tags: string[], key: string) =>
  tags.map((t) => new RegExp(`^<meta (?:name|property)="${key}" content="([^"]*)" />$`).exec(t)?.[1]).find(Boolean);

describe('page head', () => {
  it('gives a page its title, description, canonical, Open Graph and Twitter tags', () => {
    const tags = headTags(
      {
        title: 'Cancún | Ofertas de Viaje',
        description: 'Sol y playa.',
        path: '/destinations/4/canc%C3%BAn?utm_source=x',
        type: 'article',
        image: { url: '/uploads/seed/cancun-main-og.jpg', width: 1200, height: 630, alt: 'Cancún', type: 'image/jpeg' },
      },
      site,
    );
    expect(tags[0]).toBe('<title>Cancún | Ofertas de Viaje</title>');
    expect(content(tags, 'description')).toBe('Sol y playa.');
    expect(tags).toContain('<link rel="canonical" href="https://viajes.example.com/destinations/4/canc%C3%BAn" />');
    expect(content(tags, 'og:url')).toBe('https://viajes.example.com/destinations/4/canc%C3%BAn');
    expect(content(tags, 'og:type')).toBe('article');
    expect(content(tags, 'og:locale')).toBe('es_LA');
    expect(content(tags, 'og:image')).toBe('https://viajes.example.com/uploads/seed/cancun-main-og.jpg');
    expect(content(tags, 'og:image:secure_url')).toBe('https://viajes.example.com/uploads/seed/cancun-main-og.jpg');
    expect(content(tags, 'og:image:type')).toBe('image/jpeg');
    expect(content(tags, 'og:image:width')).toBe('1200');
    expect(content(tags, 'og:image:height')).toBe('630');
    expect(content(tags, 'twitter:card')).toBe('summary_large_image');
    expect(content(tags, 'twitter:image')).toBe('https://viajes.example.com/uploads/seed/cancun-main-og.jpg');
    expect(content(tags, 'robots')).toBeUndefined();
  });

  it('falls back to the site image, and a page may say it has none', () => {
    expect(content(headTags({ title: 'T', description: 'D', path: '/' }, site), 'og:image')).toBe(
      'https://viajes.example.com/img/og-default.jpg',
    );
    const bare = headTags({ title: 'T', description: 'D', path: '/', image: null }, site);
    expect(content(bare, 'og:image')).toBeUndefined();
    expect(content(bare, 'twitter:card')).toBe('summary');
  });

  it('gives an error page robots noindex and no canonical', () => {
    const tags = headTags({ title: 'No encontrada', description: 'D', robots: 'noindex' }, site);
    expect(content(tags, 'robots')).toBe('noindex');
    expect(tags.join('')).not.toContain('canonical');
    expect(content(tags, 'og:url')).toBeUndefined();
  });

  it('escapes text from the data', () => {
    const tags = headTags({ title: '<script>"x" & y', description: '"quoted"', path: '/' }, site);
    expect(tags[0]).toBe('<title>&lt;script&gt;&quot;x&quot; &amp; y</title>');
    expect(tags[1]).toBe('<meta name="description" content="&quot;quoted&quot;" />');
  });

  it('makes canonical URLs without query, fragment or trailing slash (the root keeps its slash)', () => {
    expect(canonicalUrl('http://localhost:3000', '/')).toBe('http://localhost:3000/');
    expect(canonicalUrl('http://localhost:3000/', '/deals/?page=2#top')).toBe('http://localhost:3000/deals');
  });

  it('shortens descriptions at a word, with an ellipsis', () => {
    expect(summarize('  corto   texto ')).toBe('corto texto');
    const long = 'palabra '.repeat(40);
    const short = summarize(long, 50);
    expect(short.length).toBeLessThanOrEqual(50);
    expect(short).toMatch(/palabra…$/);
  });
});
