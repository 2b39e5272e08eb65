import { spawnSync } from 'node:child_process';
import { get } from 'node:http';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CatalogueCacheService } from '../src/catalogue/catalogue-cache.service';
import { captureOutput } from './support/capture-output';
import { seedDestination, seedPack } from './support/admin-fixtures';
import { bootTestApp, TestApp } from './support/test-app';

const ROOT = join(__dirname, '..');
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** One GET with the path exactly as given (supertest and fetch would normalise it). */
function rawGet(base: string, path: string): Promise<{ status: number; location?: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    get({ hostname, port, path, headers: { accept: 'text/html' } }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode!, location: res.headers.location }));
    }).on('error', fail);
  });
}

/** Every spelling of `word` with its letters' case flipped by the bits of `n`. */
const caseVariant = (word: string, n: number) => [...word].map((c, i) => ((n >> i) & 1 ? c.toUpperCase() : c)).join('');

const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/**
 * The server-rendered page cache is keyed by the page's own address, never by the path a caller
 * sent: unknown paths and `//…` are 404s and never stored, other spellings of a page (case,
 * trailing slash, percent-encoding, queries) are rendered but add nothing, and the cache is bounded
 * (its size in the metrics). Runs the site's real server bundle (built when missing or stale).
 */
describe('page cache: hostile paths cannot fill it', () => {
  let t: TestApp;
  let output: ReturnType<typeof captureOutput>;
  let destinationPath: string;

  beforeAll(async () => {
    const built = spawnSync(process.execPath, [join(ROOT, 'scripts/lib/build.mjs'), 'site'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('The site build failed');
    output = captureOutput();
    t = await bootTestApp({ SITE_DIST: join(ROOT, 'site/dist'), LOG_LEVEL: 'info' });
    const destination = await seedDestination(t, { name: 'Punta Cana' });
    await seedPack(t, destination.id);
    destinationPath = `/destinations/${destination.id}/punta-cana`;
  }, 180_000);
  afterAll(async () => {
    output?.restore();
    await t?.close();
  });

  const entries = () => t.app.get(CatalogueCacheService).size().entries;

  it('answers `//anything` and unknown paths 404 and stores none of them', async () => {
    t.app.get(CatalogueCacheService).invalidate();
    expect((await rawGet(t.baseUrl, '//anything')).status).toBe(404);
    expect((await rawGet(t.baseUrl, '//a-1/b')).status).toBe(404);
    expect((await rawGet(t.baseUrl, '/no-such-page')).status).toBe(404);
    expect(entries()).toBe(0);
    // `//` and `//deals` are the pages Fastify routes them to, each stored once under its address.
    expect((await rawGet(t.baseUrl, '//')).status).toBe(200);
    expect((await rawGet(t.baseUrl, '//deals')).status).toBe(200);
    expect((await rawGet(t.baseUrl, '/deals/')).status).toBe(200);
    expect((await rawGet(t.baseUrl, '/deals')).status).toBe(200);
    expect(entries()).toBe(2);
  });

  it('keeps one entry per page whatever its spelling (case, percent-encoding, query)', async () => {
    t.app.get(CatalogueCacheService).invalidate();
    expect((await rawGet(t.baseUrl, '/destinations')).status).toBe(200);
    const stored = entries();
    for (let n = 1; n < 64; n++) {
      const answer = await rawGet(t.baseUrl, `/${caseVariant('destinations', n)}?v=${n}`);
      expect(answer.status).toBe(200);
    }
    expect((await rawGet(t.baseUrl, '/%64estinations')).status).toBe(200);
    expect((await rawGet(t.baseUrl, destinationPath)).status).toBe(200);
    expect(await rawGet(t.baseUrl, destinationPath.toUpperCase())).toEqual({ status: 301, location: destinationPath });
    const otherSlug = await rawGet(t.baseUrl, destinationPath.replace('punta-cana', 'PUNTA-cana'));
    expect(otherSlug).toEqual({ status: 301, location: destinationPath });
    expect(entries()).toBe(stored + 1);
  });

  it('5,000 distinct hostile paths leave the heap within 20 MB and the cache at its bound', async () => {
    const cache = t.app.get(CatalogueCacheService);
    // Warm: every page once, so what follows adds no first-use allocations of its own.
    for (const path of ['/', '/deals', '/destinations', destinationPath, '//x', '/DEALS'])
      await rawGet(t.baseUrl, path);
    const before = heapUsed();
    const entriesBefore = cache.size().entries;
    const paths = Array.from({ length: 5_000 }, (_, i) => {
      switch (i % 5) {
        case 0:
          return `//a-${i}`;
        case 1:
          return `/${caseVariant('destinations', i)}`;
        case 2:
          return `/${caseVariant('deals', i)}/?utm=${i}`;
        case 3:
          return `${destinationPath}/${i}`;
        default:
          return `/page-${i}`;
      }
    });
    for (let i = 0; i < paths.length; i += 10)
      await Promise.all(paths.slice(i, i + 10).map((path) => rawGet(t.baseUrl, path)));
    const grown = heapUsed() - before;
    expect(grown).toBeLessThan(20 * 1024 * 1024);
    expect(cache.size().entries).toBeLessThanOrEqual(entriesBefore);
    const metrics = (await t.http().get('/metrics')).text;
    expect(metrics).toMatch(new RegExp(`^catalogue_cache_entries ${cache.size().entries}$`, 'm'));
    expect(metrics).toMatch(/^catalogue_cache_bytes \d+$/m);
  }, 180_000);

  it('writes page GETs to the access log, rendered or answered from the cache', async () => {
    await rawGet(t.baseUrl, '/deals');
    await rawGet(t.baseUrl, '/deals');
    await rawGet(t.baseUrl, '//probe-404');
    const lines = output
      .text()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { req?: { url: string; method: string }; res?: { statusCode: number } });
    const logged = (url: string, status: number) =>
      lines.filter((l) => l.req?.url === url && l.req.method === 'GET' && l.res?.statusCode === status).length;
    expect(logged('/deals', 200)).toBeGreaterThanOrEqual(2);
    expect(logged('//probe-404', 404)).toBe(1);
  });
});
