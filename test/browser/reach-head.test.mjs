// What crawlers and link previews read: each public page's server-rendered head, the 404s, the
// sitemap and robots.txt, and the link-preview image, fetched from the built server as a crawler would.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { startServer } from './support.mjs';
import { firstDestination } from './reach-support.mjs';

const ADMIN = { email: 'reach-admin@example.com', password: 'Reach!Admin2026' };
let server;
before(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
after(async () => {
  await server?.stop();
});

const decode = (s) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The head as a crawler sees it (no script runs): title, metas by name/property, canonical, JSON-LD blocks. */
async function head(path) {
  const res = await fetch(server.baseUrl + path, { headers: { accept: 'text/html' }, redirect: 'manual' });
  const html = await res.text();
  const headHtml = html.slice(0, html.indexOf('</head>'));
  const metas = {};
  for (const m of headHtml.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)) metas[m[1]] = decode(m[2]);
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
    JSON.parse(m[1]),
  );
  return {
    status: res.status,
    html,
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    title: decode(/<title>([^<]*)<\/title>/.exec(headHtml)?.[1] ?? ''),
    metas,
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(headHtml)?.[1],
    jsonLd,
    types: jsonLd.flatMap((d) => (d['@graph'] ?? [d]).map((n) => n['@type'])),
  };
}

test('each public page has its own title, description, canonical, preview tags and lang="es"', async () => {
  const destination = await firstDestination(server.baseUrl);
  const pages = [
    '/',
    '/deals',
    '/destinations',
    destination.path,
    '/contacto',
    '/faqs-page',
    '/terms',
    '/privacy-policy',
  ];
  const seen = { titles: new Set(), descriptions: new Set() };
  for (const path of pages) {
    const h = await head(path);
    assert.equal(h.status, 200, path);
    assert.equal(h.lang, 'es', path);
    assert.ok(h.title.length >= 10 && h.title.length <= 70, `${path}: title "${h.title}"`);
    const description = h.metas.description ?? '';
    assert.ok(description.length >= 50 && description.length <= 160, `${path}: description "${description}"`);
    assert.equal(h.canonical, server.baseUrl + (path === '/' ? '/' : path), path);
    assert.equal(h.metas['og:url'], h.canonical, path);
    assert.equal(h.metas['og:title'], h.title, path);
    assert.equal(h.metas['og:description'], description, path);
    assert.equal(h.metas['og:locale'], 'es_LA', path);
    assert.match(h.metas['og:image'] ?? '', /^http:\/\/127\.0\.0\.1:\d+\/.+\.jpg$/, path);
    assert.equal(h.metas['twitter:card'], 'summary_large_image', path);
    assert.equal(h.metas.robots, undefined, `${path} must be indexable`);
    seen.titles.add(h.title);
    seen.descriptions.add(description);
  }
  assert.equal(seen.titles.size, pages.length, 'titles are unique');
  assert.equal(seen.descriptions.size, pages.length, 'descriptions are unique');
});

test('pages are sent compressed (brotli, else gzip), each encoding with its own ETag', async () => {
  const br = await fetch(`${server.baseUrl}/deals`, {
    headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
  });
  assert.equal(br.headers.get('content-encoding'), 'br');
  assert.match(br.headers.get('vary') ?? '', /accept-encoding/i);
  assert.match(await br.text(), /<title>/);
  const gz = await fetch(`${server.baseUrl}/deals`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
  assert.equal(gz.headers.get('content-encoding'), 'gzip');
  assert.notEqual(gz.headers.get('etag'), br.headers.get('etag'));
  const again = await fetch(`${server.baseUrl}/deals`, {
    headers: { accept: 'text/html', 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag') },
  });
  assert.equal(again.status, 304);
  const missing = await fetch(`${server.baseUrl}/no-such-page`, {
    headers: { accept: 'text/html', 'accept-encoding': 'br' },
  });
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('content-encoding'), 'br');
});

test('/contact is the same page as /contacto: its canonical points there', async () => {
  const h = await head('/contact');
  assert.equal(h.status, 200);
  assert.equal(h.canonical, `${server.baseUrl}/contacto`);
});

test('the home page describes the agency as a TravelAgency', async () => {
  const h = await head('/');
  const agency = h.jsonLd.find((d) => d['@type'] === 'TravelAgency');
  assert.ok(agency, `types: ${h.types}`);
  assert.equal(agency.url, `${server.baseUrl}/`);
  assert.ok(agency.name && agency.telephone && agency.email);
});

test('a destination page: its main image as a 1200×630 JPEG preview, and its packs as USD offers in JSON-LD', async () => {
  const destination = await firstDestination(server.baseUrl);
  const packs = await (await fetch(`${server.baseUrl}/api/travel-pack/destination/${destination.id}/`)).json();
  assert.ok(packs.length > 0, 'the demo destination has packs');
  const h = await head(destination.path);

  const image = h.metas['og:image'];
  assert.equal(image, server.baseUrl + destination.main_image.replace(/\.webp$/, '-og.jpg'));
  assert.equal(h.metas['og:image:width'], '1200');
  assert.equal(h.metas['og:image:height'], '630');
  assert.equal(h.metas['og:image:type'], 'image/jpeg');
  const res = await fetch(image);
  assert.equal(res.headers.get('content-type'), 'image/jpeg');
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 1200, 630]);

  const graph = h.jsonLd.find((d) => d['@graph'])?.['@graph'] ?? [];
  const place = graph.find((n) => n['@type'] === 'TouristDestination');
  assert.equal(place?.name, destination.name);
  assert.equal(place?.url, h.canonical);
  const offers = graph.filter((n) => n['@type'] === 'TouristTrip').map((n) => n.offers);
  assert.equal(offers.length, packs.length);
  for (const pack of packs) {
    const offer = offers.find((o) => o.name === pack.name);
    assert.ok(offer, `offer for ${pack.name}`);
    assert.equal(offer.priceCurrency, 'USD');
    assert.equal(offer.price, pack.discount_price ?? pack.price);
    assert.equal(offer.availabilityStarts, pack.available_from);
    assert.equal(offer.availabilityEnds, pack.available_to);
    if (pack.discount_price !== null) {
      const list = offer.priceSpecification.find((p) => p.priceType === 'https://schema.org/StrikethroughPrice');
      assert.equal(list?.price, pack.price);
    }
  }
  const trail = h.jsonLd.find((d) => d['@type'] === 'BreadcrumbList');
  assert.deepEqual(
    trail?.itemListElement.map((i) => i.item),
    [`${server.baseUrl}/`, `${server.baseUrl}/destinations`, h.canonical],
  );
});

test('the FAQ page carries a FAQPage with every question answered', async () => {
  const h = await head('/faqs-page');
  const faq = h.jsonLd.find((d) => d['@type'] === 'FAQPage');
  assert.ok(faq, `types: ${h.types}`);
  assert.equal(faq.mainEntity.length, 18);
  for (const q of faq.mainEntity) {
    assert.equal(q['@type'], 'Question');
    assert.ok(q.name.endsWith('?') && q.acceptedAnswer.text.length > 20, q.name);
  }
  assert.ok(h.types.includes('BreadcrumbList'));
});

test('unknown pages and unknown or inactive destinations are real 404s with the not-found page, kept out of the index', async () => {
  const destination = await firstDestination(server.baseUrl);
  for (const path of [
    '/no-such-page',
    '/destinations/999999/nowhere',
    '/destinations/abc/x',
    '/deals/extra/segments',
  ]) {
    const h = await head(path);
    assert.equal(h.status, 404, path);
    assert.match(h.metas.robots ?? '', /noindex/, path);
    assert.equal(h.canonical, undefined, path);
  }
  // A wrong slug is not a second address of the page: it moves to the right one.
  const moved = await fetch(`${server.baseUrl}/destinations/${destination.id}/wrong-slug`, { redirect: 'manual' });
  assert.equal(moved.status, 301);
  assert.equal(new URL(moved.headers.get('location'), server.baseUrl).pathname, destination.path);
});

test('a destination an admin deactivates answers 404 and leaves the sitemap', async () => {
  const login = await fetch(`${server.baseUrl}/api/users/admin/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { access } = await login.json();
  const destinations = await (await fetch(`${server.baseUrl}/api/destinations/`)).json();
  const target = destinations.at(-1);
  const path = `/destinations/${target.id}/${encodeURIComponent(target.name.toLowerCase().replace(/\s+/g, '-'))}`;
  assert.equal((await head(path)).status, 200);
  const edit = await fetch(`${server.baseUrl}/api/admin/destinations/${target.id}/`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: JSON.stringify({ status: 'inactive' }),
  });
  assert.equal(edit.status, 200);
  const h = await head(path);
  assert.equal(h.status, 404);
  assert.match(h.metas.robots ?? '', /noindex/);
  const xml = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
  assert.ok(!xml.includes(`/destinations/${target.id}/`));
});

test('sitemap.xml lists the destination pages the site serves, and robots.txt points to it', async () => {
  const destination = await firstDestination(server.baseUrl);
  const xml = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
  assert.ok(xml.includes(`<loc>${server.baseUrl}${destination.path}</loc>`));
  for (const loc of [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])) {
    const res = await fetch(loc, { headers: { accept: 'text/html' }, redirect: 'manual' });
    assert.equal(res.status, 200, loc);
  }
  const robots = await (await fetch(`${server.baseUrl}/robots.txt`)).text();
  assert.ok(robots.includes(`Sitemap: ${server.baseUrl}/sitemap.xml`));
});
