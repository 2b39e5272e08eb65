// The public site as a visitor sees it: server-rendered pages that hydrate without a warning,
// the home page's popups, the FAQ accordion, the legal pages, phones, and the not-found page.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser } from './support.mjs';
import { open, startSiteServer, watchedPage } from './site-support.mjs';

let server;
let browser;
let destinations;
before(async () => {
  server = await startSiteServer();
  browser = await launchBrowser();
  destinations = (await server.api('/destinations/')).body;
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const slug = (name) => name.toLowerCase().replace(/\s+/g, '-');
const usd = (n) => `$${Math.round(n).toLocaleString('en-US')}`;

test('a destination page arrives as HTML holding its name, description and pack prices', async () => {
  const d = destinations[0];
  const packs = (await server.api(`/travel-pack/destination/${d.id}/`)).body;
  assert.ok(packs.length > 0);
  const res = await fetch(`${server.baseUrl}/destinations/${d.id}/${encodeURIComponent(slug(d.name))}`, {
    headers: { Accept: 'text/html' },
  });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /text\/html/);
  const html = await res.text();
  assert.ok(html.includes(`<h1 class="gallery__name">${d.name}</h1>`), 'name in the markup');
  assert.ok(html.includes(d.description.slice(0, 80)), 'description in the markup');
  for (const p of packs) {
    assert.ok(html.includes(usd(p.discount_price)), `offer price of ${p.name}`);
    assert.ok(html.includes(usd(p.price)), `price of ${p.name}`);
  }
  assert.ok(html.includes(`<title>${d.name}:`), 'the page title names the destination');
  assert.ok(html.includes('<meta name="description"'), 'meta description');
  assert.ok(html.includes('id="router-data"'), 'loader data for hydration');
  // The page's own styles arrive in it (not after the scripts ran, nor as requests of their own
  // before the first paint), so nothing moves as it loads; no style sheet link is left to wait for.
  const sheet = html.match(/<style data-href="(\/static\/css\/destination-[\w-]+\.css)">([\s\S]*?)<\/style>/);
  assert.ok(sheet && html.indexOf(sheet[0]) < html.indexOf('</head>'), 'the destination style sheet in <head>');
  const file = await fetch(server.baseUrl + sheet[1]);
  assert.equal(file.status, 200);
  assert.equal(sheet[2], await file.text(), 'the inlined sheet is the built file');
  assert.doesNotMatch(html, /<link[^>]+rel="stylesheet"/);
  // The hero's preload comes first in <head>, so the largest paint starts loading first; the site's
  // code is not in <head> at all: the start-up script at the end of <body> requests it after the paint.
  const head = html.slice(0, html.indexOf('</head>'));
  const preload = head.indexOf('<link rel="preload" as="image"');
  assert.ok(preload > 0 && preload < head.indexOf('<style'), 'the hero image preload precedes the styles');
  assert.doesNotMatch(html, /<script type="module"|<link rel="modulepreload"/);
  assert.match(html, /<script data-entry="\/static\/js\/index-[\w-]+\.js"[^>]*>[^]+?<\/script>\s*<\/body>/);
  // The page's own code is not hinted before the first paint (it competed with the document and the hero).
  assert.doesNotMatch(html, /<link rel="modulepreload" crossorigin href="\/static\/js\/destination-[\w-]+\.js">/);
});

test("the site's code is requested after the first screen has painted, then hydrates the page", async () => {
  const d = destinations[0];
  for (const path of ['/', `/destinations/${d.id}/${encodeURIComponent(slug(d.name))}`, '/contacto']) {
    const w = await watchedPage(browser, { width: 412, height: 823 });
    await open(w.page, server.baseUrl + path);
    const t = await w.page.evaluate(async () => {
      const paints = await new Promise((resolve) =>
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(list.getEntries());
        }).observe({ type: 'largest-contentful-paint', buffered: true }),
      );
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const entry = performance
        .getEntriesByType('resource')
        .find((e) => /\/static\/js\/index-[\w-]+\.js$/.test(e.name));
      const image = paints.find((p) => p.element?.tagName === 'IMG');
      return {
        fcp: fcp?.startTime,
        image: image?.startTime,
        preloadsImage: !!globalThis.document.querySelector('link[rel=preload][as=image]'),
        script: entry?.startTime,
      };
    });
    assert.ok(t.script > 0, `${path}: the entry script was loaded`);
    assert.ok(
      t.fcp > 0 && t.script >= t.fcp,
      `${path}: script requested at ${t.script} ms, first paint at ${t.fcp} ms`,
    );
    if (t.preloadsImage)
      assert.ok(
        t.image > 0 && t.script >= t.image,
        `${path}: script at ${t.script} ms, main picture painted at ${t.image} ms`,
      );
    w.assertClean(); // a refused inline script would be a console error
    await w.close();
  }
  // The start-up script runs under the page's Content-Security-Policy by its hash, not 'unsafe-inline'.
  const res = await fetch(server.baseUrl + '/', { headers: { Accept: 'text/html' } });
  const csp = res.headers.get('content-security-policy');
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
  assert.match(scriptSrc, /^\s*script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'\s*$/);
});

/** The home page's budget for the JavaScript it runs to become interactive (gzip bytes). */
const HOME_JS_BUDGET = 100_000;

test('the home page becomes interactive with at most 100 KB of JavaScript (gzip), none of it from another page', async () => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  const page = await context.newPage();
  const scripts = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r);
  });
  await open(page, server.baseUrl + '/');
  let total = 0;
  for (const r of scripts) {
    // gzip, or as is for a file too small to gain from it.
    assert.ok([undefined, 'gzip'].includes(r.headers()['content-encoding']), r.url());
    total += (await r.request().sizes()).responseBodySize;
  }
  const names = scripts.map((r) => new URL(r.url()).pathname.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, ''));
  for (const other of ['deals', 'destination', 'destinations', 'contact', 'faq', 'legal', 'lead-modal', 'rhf'])
    assert.ok(!names.includes(other), `the home page loaded ${other}: ${names.join(', ')}`);
  assert.ok(total > 50_000, `the scripts were measured (${total} bytes)`);
  assert.ok(total <= HOME_JS_BUDGET, `${total} bytes of JavaScript (gzip) before the home page is interactive`);
  await context.close();
});

test("an upright phone gets the hero's portrait crop, wider screens the full picture, each fetched once", async () => {
  const d = destinations[0];
  for (const path of ['/', `/destinations/${d.id}/${encodeURIComponent(slug(d.name))}`]) {
    for (const [width, height, file] of [
      [390, 844, /-portrait\.webp$/],
      [1280, 900, /\/[\w-]+-main(-\d+w)?\.webp$/],
    ]) {
      const w = await watchedPage(browser, { width, height });
      const fetched = [];
      w.page.on('request', (r) => r.resourceType() === 'image' && fetched.push(new URL(r.url()).pathname));
      await open(w.page, server.baseUrl + path);
      const hero = await w.page.evaluate(() => {
        const img = globalThis.document.querySelector('main img');
        return { src: img.currentSrc, painted: img.complete && img.naturalWidth > 0, width: img.naturalWidth };
      });
      assert.match(hero.src, file, `${path} at ${width}px shows ${hero.src}`);
      assert.ok(hero.painted, `${path} at ${width}px: the hero loaded`);
      if (width === 390) assert.equal(hero.width, 600, 'the 600×800 crop');
      const heroPath = new URL(hero.src).pathname;
      assert.equal(fetched.filter((u) => u === heroPath).length, 1, `${heroPath} fetched once`);
      // The other source of the same picture is not fetched as well (its preload is for other screens;
      // at 390 px the page's smaller pictures take the 400w files, so a larger one would be the hero's).
      const stem = heroPath.replace(/(-portrait|-\d+w)?\.webp$/, '');
      const other = width === 390 ? [`${stem}.webp`, `${stem}-800w.webp`] : [`${stem}-portrait.webp`];
      for (const o of other) assert.ok(!fetched.includes(o), `${o} also fetched at ${width}px`);
      w.assertClean();
      await w.close();
    }
  }
});

test('below the first screen of a destination page, a section answers the first click (hydrated in passes of its own)', async () => {
  const d = destinations[0];
  const w = await watchedPage(browser, { width: 1280, height: 900 });
  await open(w.page, `${server.baseUrl}/destinations/${d.id}/${encodeURIComponent(slug(d.name))}`);
  // At once, without waiting for the lower sections: the click hydrates its section and is replayed.
  await w.page.locator('.hotel__strip button').first().click();
  await w.page.getByRole('dialog').waitFor();
  await w.page.keyboard.press('Escape');
  await w.page.getByRole('dialog').waitFor({ state: 'detached' });
  w.assertClean();
  await w.close();
});

test('pages do not move as they load: no layout shift on any public page at phone width', async () => {
  for (const path of [
    '/',
    '/deals',
    '/destinations',
    `/destinations/${destinations[0].id}/${encodeURIComponent(slug(destinations[0].name))}`,
    '/contacto',
    '/faqs-page',
    '/terms',
  ]) {
    const w = await watchedPage(browser, { width: 412, height: 823 });
    await w.page.addInitScript(() => {
      globalThis.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) globalThis.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await open(w.page, server.baseUrl + path);
    await w.page.waitForLoadState('networkidle');
    await w.page.waitForTimeout(1500); // past the brand preloader
    const shift = await w.page.evaluate(() => globalThis.__shift);
    assert.ok(shift <= 0.02, `${path}: layout shift ${shift.toFixed(3)} (at most 0.02)`);
    await w.close();
  }
});

test('other spellings of a destination slug move to the one address', async () => {
  const d = destinations[0];
  const res = await fetch(`${server.baseUrl}/destinations/${d.id}/old-name`, { redirect: 'manual' });
  assert.equal(res.status, 301);
  assert.equal(res.headers.get('location'), `/destinations/${d.id}/${encodeURIComponent(slug(d.name))}`);
});

test('every public page renders on the server, hydrates without a console message and has its own title', async () => {
  const w = await watchedPage(browser);
  const titles = new Set();
  const d = destinations[1];
  for (const path of [
    '/',
    '/deals',
    '/destinations',
    `/destinations/${d.id}/${slug(d.name)}`,
    '/contact',
    '/contacto',
    '/faqs-page',
    '/terms',
    '/privacy-policy',
  ]) {
    const res = await open(w.page, server.baseUrl + path);
    assert.equal(res.status(), 200, path);
    titles.add(await w.page.title());
    const description = await w.page.locator('meta[name="description"]').getAttribute('content');
    assert.ok(description && description.length > 40, `description of ${path}`);
  }
  assert.equal(titles.size, 8, 'a title per page (/contact and /contacto share one)');
  w.assertClean();
  await w.close();
});

test('an unknown destination and an unknown page answer the not-found page with 404', async () => {
  const w = await watchedPage(browser);
  for (const path of ['/destinations/999999/nowhere', '/destinations/abc', '/no-such-page']) {
    const res = await open(w.page, server.baseUrl + path);
    assert.equal(res.status(), 404, path);
    await w.page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
    // Hydrated, not just server markup: the page's links are handled by the router.
    await w.page.getByRole('link', { name: 'Ver ofertas' }).click();
    await w.page.waitForURL(/\/deals$/);
    await w.page.getByRole('heading', { level: 1 }).first().waitFor();
  }
  // The 404 answer's own resource error is the only console line allowed (no hydration warning).
  w.assertClean([/status of 404/]);
  await w.close();
});

test('moving between pages in the browser: the page on screen stays until the next one is ready; a wrong slug moves; an unknown destination is the not-found page; back returns', async () => {
  const w = await watchedPage(browser);
  const { page } = w;
  const d = destinations[0];
  const dealsTitle = page.getByRole('heading', { level: 1, name: 'Ofertas de viaje por tiempo limitado' });
  const destinationTitle = page.getByRole('heading', { level: 1, name: d.name });
  // A navigation the browser's history makes (as a link or the back button does), without a page load.
  const go = (path) =>
    page.evaluate((p) => {
      globalThis.history.pushState(null, '', p);
      globalThis.dispatchEvent(new globalThis.PopStateEvent('popstate'));
    }, path);
  await open(page, server.baseUrl + '/destinations');

  // The destination's data is held back: the list stays on screen, then the destination replaces it.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  const destinationApi = new RegExp(`/api/destinations/${d.id}/$`);
  await page.route(destinationApi, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: `Ver Más: ${d.name}` }).click();
  await page.waitForURL(new RegExp(`/destinations/${d.id}/`));
  await page.waitForTimeout(300);
  assert.equal(await destinationTitle.count(), 0, 'the destination is not shown before its data is in');
  await page
    .getByRole('heading', { level: 1, name: /destinos/i })
    .first()
    .waitFor();
  release();
  await destinationTitle.waitFor();
  await page.unroute(destinationApi);
  assert.match(await page.title(), new RegExp(`^${d.name}:`));

  // Back: the list again, from the browser's history.
  await page.goBack();
  await page.waitForURL(/\/destinations$/);
  await page.getByRole('link', { name: `Ver Más: ${d.name}` }).waitFor();

  // Another spelling of the slug is replaced by the one address (its loader's redirect).
  await go(`/destinations/${d.id}/otra-forma`);
  await page.waitForURL(new RegExp(`/destinations/${d.id}/${encodeURIComponent(slug(d.name))}$`));
  await destinationTitle.waitFor();

  // An unknown destination: the not-found page in the shell, and its own title.
  await go('/destinations/999999/nowhere');
  await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
  assert.match(await page.title(), /^Página no encontrada/);

  // Then a page again: the error is gone with the navigation.
  await go('/deals');
  await dealsTitle.waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Página no encontrada' }).count(), 0);
  w.assertClean([/status of 404/]);
  await w.close();
});

test("a page whose code fails to arrive shows 'Loading chunk N failed' and a way to reload", async () => {
  const w = await watchedPage(browser);
  const { page } = w;
  await open(page, server.baseUrl + '/');
  // The FAQ page's own chunk cannot be fetched (a network failure, or a file a new deployment replaced).
  await page.route(/\/static\/js\/faq-[^/]*\.js$/, (route) => route.abort('failed'));
  await page
    .locator('footer')
    .getByRole('link', { name: /preguntas frecuentes/i })
    .first()
    .click();
  await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
  assert.equal(await page.locator('.error-page__detail').textContent(), 'Loading chunk faq failed');
  await page.unroute(/\/static\/js\/faq-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Recargar la página' }).click();
  await page
    .getByRole('heading', { name: /preguntas frecuentes/i })
    .first()
    .waitFor();
  w.assertClean([/net::ERR_FAILED/, /Loading chunk faq failed/, /Failed to fetch dynamically imported module/]);
  await w.close();
});

test('home: sections in order, the packs grid, testimonials and the exclusive offer after 5 s', async () => {
  const w = await watchedPage(browser);
  const { page } = w;
  await open(page, server.baseUrl + '/');
  await page.getByRole('heading', { level: 1, name: 'Tú próxima aventura comienza aquí' }).waitFor();
  await page.getByText('Explora nuestros destinos y comienza tu aventura hoy').waitFor();
  assert.equal(
    await page.getByRole('link', { name: 'Destinos', exact: true }).first().getAttribute('href'),
    '/destinations',
  );
  const packs = (await server.api('/travel-packs/')).body;
  assert.equal(await page.locator('.pack-card').count(), Math.min(6, packs.length));
  assert.equal(await page.getByRole('link', { name: 'Ver todas las ofertas' }).getAttribute('href'), '/deals');
  const row = await page
    .locator('.pack-card')
    .evaluateAll((cards) => cards.slice(0, 4).map((c) => c.getBoundingClientRect().top));
  assert.equal(row[0], row[2], 'three cards in the first row');
  assert.ok(row[3] > row[0], 'the fourth starts the next row');
  assert.equal(await page.locator('.service-card').count(), 4);
  assert.equal(await page.locator('.testimonial').count(), 3);
  await page.getByRole('button', { name: 'Cargar más' }).click();
  assert.equal(await page.locator('.testimonial').count(), 6);
  await page.getByRole('button', { name: 'Cargar más' }).click();
  assert.equal(await page.locator('.testimonial').count(), 9);
  assert.equal(await page.getByRole('button', { name: 'Cargar más' }).count(), 0);

  const offer = page.getByRole('dialog', { name: '¡Oferta exclusiva!' });
  await offer.waitFor({ timeout: 8000 });
  const first = await offer.locator('.offer__name').textContent();
  const seen = await page.evaluate(() => JSON.parse(globalThis.localStorage.getItem('seenExclusiveOffers')));
  assert.equal(seen.length, 1);
  await offer.getByRole('link', { name: 'Ver Promoción' }).click();
  await page.waitForURL(/\/destinations\/\d+\//);
  await page.locator('.gallery__name').waitFor();

  // Next visit: a pack not seen yet.
  await open(page, server.baseUrl + '/');
  await offer.waitFor({ timeout: 8000 });
  assert.notEqual(await offer.locator('.offer__name').textContent(), first);
  await page.keyboard.press('Escape');
  await offer.waitFor({ state: 'detached' });
  w.assertClean();
  await w.close();
});

test('FAQ: eighteen questions in two columns, one answer open at a time', async () => {
  const w = await watchedPage(browser);
  const { page } = w;
  await open(page, server.baseUrl + '/faqs-page');
  const questions = page.locator('.faq__question');
  assert.equal(await questions.count(), 18);
  assert.equal(await page.locator('.faq__column').count(), 2);
  const [a, b] = [questions.nth(0), questions.nth(12)];
  await a.click();
  assert.equal(await a.getAttribute('aria-expanded'), 'true');
  await page.getByRole('region', { name: await a.textContent() }).waitFor();
  await b.click();
  assert.equal(await b.getAttribute('aria-expanded'), 'true');
  assert.equal(await a.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.locator('.faq__answer:not([hidden])').count(), 1);
  await b.click();
  assert.equal(await page.locator('.faq__answer:not([hidden])').count(), 0);
  assert.ok(await page.getByText('18 meses').first().count());
  w.assertClean();
  await w.close();
});

test('terms and privacy pages carry their content', async () => {
  const w = await watchedPage(browser);
  const { page } = w;
  await open(page, server.baseUrl + '/terms');
  await page.getByRole('heading', { level: 1, name: 'Términos y condiciones' }).waitFor();
  for (const text of ['transferencias bancarias', 'pueden cambiar', 'al menos 7 días', 'pueden no ser reembolsables'])
    assert.ok(await page.getByText(text).count(), text);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidad' }).click();
  await page.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor();
  for (const heading of [
    'Datos que recopilamos',
    'Cómo usamos tus datos',
    'Con quién los compartimos',
    'Cookies',
    'Tus derechos',
  ])
    assert.ok(await page.getByRole('heading', { name: new RegExp(heading) }).count(), heading);
  w.assertClean();
  await w.close();
});

test('at 390 px wide no page scrolls sideways and the menu opens from its button', async () => {
  const w = await watchedPage(browser, { width: 390, height: 844 });
  const { page } = w;
  const d = destinations[0];
  for (const path of [
    '/',
    '/deals',
    '/destinations',
    `/destinations/${d.id}/${slug(d.name)}`,
    '/contact',
    '/faqs-page',
    '/terms',
    '/privacy-policy',
  ]) {
    await open(page, server.baseUrl + path);
    const width = await page.evaluate(() => globalThis.document.documentElement.scrollWidth);
    assert.ok(width <= 390, `${path} is ${width}px wide`);
  }
  await open(page, server.baseUrl + '/');
  const toggle = page.getByRole('button', { name: 'Menú' });
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Deals' }).click();
  await page.waitForURL(/\/deals$/);
  w.assertClean();
  await w.close();
});
