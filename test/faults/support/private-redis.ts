import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { freePort } from './built-app';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether redis-server is installed (the Redis fault test is skipped with a notice otherwise). */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;
}

export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  /** SIGKILL: the server is gone, connections drop. */
  kill(): Promise<void>;
  /** SIGSTOP / SIGCONT: the server keeps its connections but answers nothing. */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

/** A redis-server of this test alone, on a free port, without persistence; never the machine's Redis. */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const ping = () =>
    spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8', timeout: 2000 }).stdout?.trim() === 'PONG';
  const handle: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      for (let i = 0; i < 100 && !ping(); i++) await sleep(50);
      if (!ping()) throw new Error(`private redis-server did not start on port ${port}`);
    },
    async kill() {
      const c = child;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
      child = null;
    },
    freeze() {
      child?.kill('SIGSTOP');
    },
    thaw() {
      child?.kill('SIGCONT');
    },
    async stop() {
      handle.thaw();
      await handle.kill();
    },
  };
  await handle.start();
  return handle;
}
