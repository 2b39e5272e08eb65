import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, ROOT, startBuiltApp } from './faults/support/built-app';

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

// Node's compile cache exists from Node 22.1 (the image runs 24); on older runtimes main.ts skips it.
const hasCompileCache = Number(process.versions.node.split('.')[0]) >= 22;

/** The start-up compile cache (src/compile-cache.ts, the Dockerfile's fill step), on the built server. */
(hasCompileCache ? describe : describe.skip)('start-up compile cache', () => {
  jest.setTimeout(120_000);
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };

  beforeAll(() => ensureBuilt());
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** Starts the built server on a fresh SQLite database with `env`, waits for its health check, stops it. */
  const startAndStop = async (env: Record<string, string>) => {
    const work = tempDir('travel-cc-app-');
    const app = await startBuiltApp({
      DATABASE_URL: `sqlite:${join(work, 'db.sqlite')}`,
      UPLOAD_DIR: join(work, 'uploads'),
      OUTBOX_DIR: join(work, 'outbox'),
      WARM_UP: 'false',
      ...env,
    });
    await app.stop();
    return app.logs();
  };

  it('is turned on by the server itself: a start with no setting leaves its modules compiled in the temp folder', async () => {
    const temp = tempDir('travel-cc-tmp-');
    // os.tmpdir() follows TMPDIR: Node's default cache folder is <tmp>/node-compile-cache.
    await startAndStop({ TMPDIR: temp });
    const cached = filesUnder(join(temp, 'node-compile-cache'));
    // One entry per module compiled: the server's own, its libraries' (thousands in all).
    expect(cached.length).toBeGreaterThan(500);
  });

  it("is filled by the image's build step, and a start then reads the server's modules from it", async () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const folder = /NODE_COMPILE_CACHE=(\S+)/.exec(dockerfile)?.[1];
    expect(folder).toBe('/app/.compile-cache');
    // The fill step, run outside a container as the image runs it (from the app's folder).
    const fill = /^RUN node -e "(.+)"$/m.exec(dockerfile)?.[1];
    expect(fill).toContain("require('./dist/src/configure-app')");
    const cache = tempDir('travel-cc-image-');
    execFileSync(process.execPath, ['-e', fill!], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', NODE_COMPILE_CACHE: cache },
    });
    const filled = filesUnder(cache).length;
    expect(filled).toBeGreaterThan(500);

    // Node reports each module it reads from the cache (NODE_DEBUG_NATIVE=COMPILE_CACHE).
    const logs = await startAndStop({ NODE_COMPILE_CACHE: cache, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
    const accepted = logs.split('\n').filter((line) => / code cache for .* was accepted/.test(line));
    expect(accepted.some((line) => line.includes('/dist/src/app.module.js'))).toBe(true);
    expect(accepted.some((line) => line.includes('/node_modules/@nestjs/core/'))).toBe(true);
    expect(accepted.length).toBeGreaterThan(500);
  });
});
