import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../../..');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's entry file: package.json's `main`, as scripts/lib/build.mjs names it. */
export const SERVER_ENTRY = join(
  ROOT,
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { main: string }).main,
);

/**
 * Builds the server when dist/ is missing or older than its sources: the same check, stamp and lock
 * as `npm start` (scripts/lib/build.mjs, run in a child process since jest cannot import it).
 */
export function ensureBuilt(): Promise<void> {
  const res = spawnSync(process.execPath, [join(ROOT, 'scripts/lib/build.mjs'), 'server'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (res.status !== 0) return Promise.reject(new Error(`the server build failed:\n${res.stdout}\n${res.stderr}`));
  return Promise.resolve();
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolvePort(port));
    });
  });
}

export interface RunningApp {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  logs(): string;
  exited(): { code: number | null; signal: NodeJS.Signals | null } | null;
  waitExit(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after a grace period. */
  stop(): Promise<void>;
}

/** Test defaults for a production-like child process; `env` overrides them. */
export function appEnv(env: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    // A fresh secret per run: a value written in the repository is refused by the server.
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://127.0.0.1:3000',
    SEED_DEMO: 'false',
    RATE_LIMIT_MULTIPLIER: '100000',
    LOG_LEVEL: 'info',
    WEATHER_API_URL: 'http://127.0.0.1:9',
    // Production refuses to start without a mail transport: the outbox folder, unless a test gives SMTP_URL.
    ...(env.SMTP_URL ? {} : { MAIL_TRANSPORT: 'outbox' }),
    ...env,
  };
}

/**
 * Starts `node dist/src/main.js` and waits until /api/health answers 200. `stderrFile`: the process's
 * stderr goes to that file instead of the logs. Node's native debug output (NODE_DEBUG_NATIVE) is
 * written with plain C writes that drop what a full non-blocking pipe refuses: a file keeps all of it.
 */
export async function startBuiltApp(
  env: Record<string, string>,
  timeoutMs = 60_000,
  { stderrFile }: { stderrFile?: string } = {},
): Promise<RunningApp> {
  const port = await freePort();
  const stderrFd = stderrFile ? openSync(stderrFile, 'w') : undefined;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...appEnv(env), PORT: String(port) },
    stdio: ['ignore', 'pipe', stderrFd ?? 'pipe'],
  });
  if (stderrFd !== undefined) closeSync(stderrFd);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exitPromise = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      done(exit);
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const app: RunningApp = {
    baseUrl,
    child,
    logs: () => output,
    exited: () => exit,
    waitExit: (ms = 30_000) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the app did not exit within ${ms} ms`)), ms);
      });
      return Promise.race([exitPromise, timeout]).finally(() => clearTimeout(timer));
    },
    async stop() {
      if (exit) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exitPromise;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exit) throw new Error(`the app exited during start-up (${JSON.stringify(exit)}):\n${output.slice(-4000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the app did not become healthy within ${timeoutMs} ms:\n${output.slice(-4000)}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.status === 200) return app;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
}
