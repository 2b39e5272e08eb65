// Starts the BUILT server (node dist/src/main.js) as a child process and stops it, for the benchmark.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { ensureBuilt as buildIfStale, SERVER_ENTRY } from '../../scripts/lib/build.mjs';
import { serverRuntime } from './runtime.mjs';

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

/**
 * Builds what the measured app serves when it is missing or older than its sources (the same
 * stamps as `npm start`): the server, and the site, whose server-rendered pages the catalogue suite
 * and Lighthouse load (without its build a page answers 404).
 */
export function ensureBuilt(log = console.log) {
  const server = buildIfStale('server', { quiet: false });
  const site = buildIfStale('site', { quiet: false });
  if (server || site) log('Built what was stale (server, site).');
  return server || site;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Spawns `node dist/src/main.js` with `env` (merged over a clean base: no inherited .env surprises)
 * and resolves once GET /api/health/ready answers 200. `bootMs` is spawn -> the first 200 of
 * /api/health; `readyMs` spawn -> ready (after the start-up warm-up).
 */
export async function startApp(env, { timeoutMs = 60_000, quiet = true } = {}) {
  const port = await freePort();
  const started = performance.now();
  // BENCH_NODE_ARGS profiles the measured app, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  // --expose-gc lets the heap check (BENCH_HEAP=1) run a full GC before reading the heap.
  const nodeArgs = ['--expose-gc', ...(process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [])];
  const child = spawn(serverRuntime().execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: ROOT,
    // Without a PUBLIC_URL the app is told its real address (canonical URLs and e-mailed links use it).
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // BENCH_APP_LOG=file: everything the app prints is also appended there (e.g. with BENCH_NODE_ARGS=--trace-gc).
  const logFile = process.env.BENCH_APP_LOG;
  const keep = (chunk) => {
    if (logFile) appendFileSync(logFile, chunk);
    output += chunk;
    if (output.length > 200_000) output = output.slice(-100_000);
    if (!quiet) process.stderr.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  /** Polls `path` until it answers 200; the time since spawn. */
  const answers = async (path) => {
    for (;;) {
      if (exited)
        throw new Error(`the app exited during start-up (${JSON.stringify(exited)}):\n${output.slice(-4000)}`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the app did not answer ${path} within ${timeoutMs} ms:\n${output.slice(-4000)}`);
      }
      // null: not listening yet
      const res = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(1000) }).catch(() => null);
      await res?.arrayBuffer();
      if (res?.status === 200) return performance.now() - started;
      await sleep(15);
    }
  };
  const bootMs = await answers('/api/health');
  // Then ready: after the start-up warm-up (src/common/http/warm-up.ts), which runs once the app
  // listens. Nothing is measured while it runs.
  const readyMs = await answers('/api/health/ready');
  return {
    baseUrl,
    port,
    bootMs,
    readyMs,
    child,
    output: () => output,
    async stop() {
      if (exited) return exited;
      const done = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await done;
      clearTimeout(timer);
      return result;
    },
  };
}

/**
 * Asks once for every picture the catalogue shows (not measured). A first start-up on an empty
 * database renders the demo pictures in the background, and a request for one waits until it is
 * on disk: after this, all of them are, and no rendering runs beside what is measured next.
 */
export async function settlePictures(baseUrl) {
  const res = await fetch(`${baseUrl}/api/destinations/`);
  if (!res.ok) return;
  const list = await res.json();
  const urls = [
    ...new Set(
      list.flatMap((d) => [
        d.main_image,
        ...(d.gallery_images ?? []).map((i) => i.image),
        ...(d.hotel_images ?? []).map((i) => i.image),
      ]),
    ),
  ].filter(Boolean);
  for (let i = 0; i < urls.length; i += 4)
    await Promise.all(urls.slice(i, i + 4).map((u) => fetch(new URL(u, baseUrl)).then((r) => r.arrayBuffer())));
}
