import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
    // Node's own reports go to stderr, apart from the server's log lines on stdout; into a file, since
    // a pipe the test reads too slowly drops some of them (startBuiltApp says why).
    const stderrFile = join(work, 'stderr.txt');
    const app = await startBuiltApp(
      {
        DATABASE_URL: `sqlite:${join(work, 'db.sqlite')}`,
        UPLOAD_DIR: join(work, 'uploads'),
        OUTBOX_DIR: join(work, 'outbox'),
        WARM_UP: 'false',
        ...env,
      },
      undefined,
      { stderrFile },
    );
    await app.stop();
    return readFileSync(stderrFile, 'utf8');
  };

  it('is turned on by the server itself: a start with no setting leaves its modules compiled in the temp folder', async () => {
    const temp = tempDir('travel-cc-tmp-');
    // os.tmpdir() follows TMPDIR: Node's default cache folder is <tmp>/node-compile-cache.
    await startAndStop({ TMPDIR: temp });
    const cached = filesUnder(join(temp, 'node-compile-cache'));
    // One entry per module compiled: the server's own, its libraries' (thousands in all).
    expect(cached.length).toBeGreaterThan(500);
  });

  /** What Node's compile cache said of one start (NODE_DEBUG_NATIVE=COMPILE_CACHE), by module. */
  const readReport = (debug: string) => {
    const lines = debug.split('\n');
    const accepted = lines.filter((line) => / code cache for .* was accepted/.test(line));
    // The server's own modules the start loaded, and which of them came from the cache.
    const own = lines.filter((line) => /\[compile cache\] V8 code cache for CommonJS \S*\/dist\/src\//.test(line));
    const ownAccepted = own.filter((line) => line.includes(' was accepted'));
    return {
      accepted,
      own,
      ownAccepted,
      // Printed when a check fails: every line about the app module, and what was not accepted.
      summary: () =>
        [
          `accepted ${accepted.length}; the server's own modules ${ownAccepted.length} of ${own.length}`,
          ...lines.filter((line) => line.includes('/dist/src/app.module.js')),
          ...own.filter((line) => !line.includes(' was accepted')).slice(0, 20),
          ...lines.filter((line) => /mismatch|rejected|failed/.test(line)).slice(0, 20),
        ].join('\n'),
    };
  };

  it("is filled by the image's build step, and a start then reads the server's modules from it", async () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const folder = /NODE_COMPILE_CACHE=(\S+)/.exec(dockerfile)?.[1];
    expect(folder).toBe('/app/.compile-cache');
    // The fill step, run outside a container as the image runs it (from the app's folder).
    const fill = /^RUN node -e "(.+)"$/m.exec(dockerfile)?.[1];
    expect(fill).toContain("require('./dist/src/configure-app')");

    // Node's report of what it wrote (NODE_DEBUG_NATIVE=COMPILE_CACHE) goes to a file, as the start's does.
    const cache = tempDir('travel-cc-image-');
    const fillLog = join(tempDir('travel-cc-fill-'), 'stderr.txt');
    const fd = openSync(fillLog, 'w');
    const fillRun = spawnSync(process.execPath, ['-e', fill!], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        NODE_COMPILE_CACHE: cache,
        NODE_DEBUG_NATIVE: 'COMPILE_CACHE',
      },
      stdio: ['ignore', 'ignore', fd],
    });
    closeSync(fd);
    expect(fillRun.status).toBe(0);
    const filled = filesUnder(cache).length;
    expect(filled).toBeGreaterThan(500);

    const start = readReport(await startAndStop({ NODE_COMPILE_CACHE: cache, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' }));
    const fillLines = readFileSync(fillLog, 'utf8')
      .split('\n')
      .filter((line) => line.includes('/dist/src/app.module.js'));
    const diagnosis = `filled ${filled} files; the fill on the app module:\n${fillLines.join('\n')}\nthe start:\n${start.summary()}`;
    // Node reports each module it reads from the cache: the app module, Nest's core, and hundreds more.
    const served =
      start.accepted.length > 500 &&
      start.accepted.some((line) => line.includes('/dist/src/app.module.js')) &&
      start.accepted.some((line) => line.includes('/node_modules/@nestjs/core/'));
    if (!served) throw new Error(`the compile cache did not serve the start:\n${diagnosis}`);
    // Every one of the server's own modules the start loaded came from the folder, but the two the fill
    // cannot load without starting a server: the entry file and the module it imports first.
    expect(start.own.length).toBeGreaterThan(50);
    const compiled = start.own.filter((line) => !line.includes(' was accepted'));
    expect(compiled.map((line) => /\/dist\/(src\/\S+\.js)/.exec(line)?.[1]).sort()).toEqual([
      'src/compile-cache.js',
      'src/main.js',
    ]);
  });
});
