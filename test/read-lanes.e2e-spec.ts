import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SLOTS } from '../src/ssr/ssr-bundle';
import { seedDestination } from './support/admin-fixtures';
import { bootTestApp, TestApp } from './support/test-app';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One GET with exactly these headers, the bytes as sent (supertest would decompress them). */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    get(base + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', fail);
  });
}

/** Every header but the ones that differ per answer by design (date) or per lane (the throttle's). */
const comparable = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'date' && !k.startsWith('x-ratelimit-')));

function metricValue(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

/**
 * The read lanes (src/common/http/fair-admission.ts): cached catalogue answers and cached site
 * pages leave from the raw request, before Fastify. They must be indistinguishable from the app's
 * own answers (bytes, encoding, ETag, security and CORS headers), counted in the metrics, and step
 * aside for everything they do not own.
 */
describe('read lanes: cached catalogue answers and pages sent before the app', () => {
  let t: TestApp;
  let destinationId: number;
  const dist = mkdtempSync(join(tmpdir(), 'site-dist-'));
  const renders: string[] = [];

  beforeAll(async () => {
    // A built site with a server bundle that renders a large page per path and logs each render.
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><html lang="es"><head>${SLOTS.head}</head><body><div id="root">${SLOTS.html}</div>${SLOTS.data}</body></html>`,
    );
    mkdirSync(`${dist}-ssr`, { recursive: true });
    (globalThis as { __readLaneRenders?: string[] }).__readLaneRenders = renders;
    writeFileSync(
      join(`${dist}-ssr`, 'entry-server.cjs'),
      `exports.createRenderer = () => async (url) => {
         globalThis.__readLaneRenders.push(url);
         if (url === '/old') return { kind: 'redirect', status: 301, location: '/new' };
         return { kind: 'page', status: 200, head: '<title>' + url + '</title>',
           html: '<main>' + 'Ofertas en el Caribe. '.repeat(200) + url + '</main>', data: '', cacheable: true };
       };\n`,
    );
    t = await bootTestApp({ SITE_DIST: dist });
    destinationId = (await seedDestination(t)).id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(`${dist}-ssr`, { recursive: true, force: true });
  });

  it('answers a cached catalogue read with the same bytes and headers as the app, without the throttle', async () => {
    const path = `/api/destinations/${destinationId}/`;
    const first = await rawGet(t.baseUrl, path);
    expect(first.status).toBe(200);
    // The app's own answer passed the per-IP throttle; the cached one leaves before it.
    expect(first.headers['x-ratelimit-limit']).toBeDefined();
    const cached = await rawGet(t.baseUrl, path);
    expect(cached.headers['x-ratelimit-limit']).toBeUndefined();
    expect(cached.status).toBe(200);
    expect(cached.body.equals(first.body)).toBe(true);
    expect(comparable(cached.headers)).toEqual(comparable(first.headers));
    expect(cached.headers['content-security-policy']).toEqual(expect.any(String));
    expect(cached.headers['access-control-expose-headers']).toBe('Content-Range, X-Total-Count, ETag');

    const revalidated = await rawGet(t.baseUrl, path, { 'if-none-match': `"x", ${first.headers.etag}` });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(revalidated.headers['x-content-type-options']).toBe('nosniff');
  });

  it('counts the cached answers in the request metrics under their route', async () => {
    const path = `/api/destinations/${destinationId}`;
    const label = (status: number) => `method="GET",route="/api/destinations/:id",status="${status}"`;
    const before = (await t.http().get('/metrics')).text;
    await rawGet(t.baseUrl, path);
    await rawGet(t.baseUrl, path);
    const etag = (await rawGet(t.baseUrl, path)).headers.etag as string;
    await rawGet(t.baseUrl, path, { 'if-none-match': etag });
    const after = (await t.http().get('/metrics')).text;
    expect(
      metricValue(after, 'http_requests_total', label(200)) - metricValue(before, 'http_requests_total', label(200)),
    ).toBe(3);
    expect(
      metricValue(after, 'http_requests_total', label(304)) - metricValue(before, 'http_requests_total', label(304)),
    ).toBe(1);
  });

  it('leaves to the app what it does not own: cross-origin reads, bad queries, HEAD, misses', async () => {
    const path = `/api/destinations/${destinationId}/`;
    await rawGet(t.baseUrl, path);
    // A cross-origin read gets CORS's answer for that origin (the app's route, throttled).
    const foreign = await rawGet(t.baseUrl, path, { origin: 'http://localhost:3000' });
    expect(foreign.status).toBe(200);
    expect(foreign.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(foreign.headers['x-ratelimit-limit']).toBeDefined();
    // A control character in the query is refused on every API route, cached or not.
    const bad = await rawGet(t.baseUrl, `${path}?q=%00`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString())).toMatchObject({ statusCode: 400 });
    const head = await t.http().head(path);
    expect(head.status).toBe(200);
    expect(head.headers['x-ratelimit-limit']).toBeDefined();
    const unknown = await rawGet(t.baseUrl, '/api/destinations/999999/');
    expect(unknown.status).toBe(404);
    expect((await rawGet(t.baseUrl, '/api/destinations/999999/')).headers['x-ratelimit-limit']).toBeDefined();
  });

  it('answers a rendered page from the cache: rendered once, same bytes, encoding and ETag per encoding', async () => {
    const path = '/destinations/7/punta-cana';
    const rendersBefore = renders.filter((u) => u === path).length;
    const first = await rawGet(t.baseUrl, path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const cached = await rawGet(t.baseUrl, `${path}?utm_source=tv`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(cached.body.equals(first.body)).toBe(true);
    expect(comparable(cached.headers)).toEqual(comparable(first.headers));
    expect(brotliDecompressSync(cached.body).toString()).toContain(`<title>${path}</title>`);
    expect(renders.filter((u) => u === path).length).toBe(rendersBefore + 1);

    const gzip = await rawGet(t.baseUrl, path, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe(first.headers.etag!.replace(/-br"$/, '-gzip"'));
    expect(gunzipSync(gzip.body).equals(brotliDecompressSync(first.body))).toBe(true);
    const plain = await rawGet(t.baseUrl, path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.body.equals(gunzipSync(gzip.body))).toBe(true);
    const revalidated = await rawGet(t.baseUrl, path, {
      'accept-encoding': 'br',
      'if-none-match': first.headers.etag!,
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(renders.filter((u) => u === path).length).toBe(rendersBefore + 1);

    const metrics = (await t.http().get('/metrics')).text;
    expect(metricValue(metrics, 'http_requests_total', 'method="GET",route="/*",status="304"')).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('does not answer redirects, the back-office or the API from the page cache', async () => {
    const moved = await rawGet(t.baseUrl, '/old');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/new');
    expect((await rawGet(t.baseUrl, '/old')).status).toBe(301);
    const admin = await rawGet(t.baseUrl, '/admin/leads');
    expect(admin.status).toBe(200);
    expect(admin.body.toString()).not.toContain('Ofertas en el Caribe');
  });
});
