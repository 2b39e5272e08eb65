// Starts the built server on a free port with a fresh SQLite database, and launches Chromium.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { settlePictures } from '../../bench/lib/app-process.mjs';
import { SERVER_ENTRY } from '../../scripts/lib/build.mjs';

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

export async function startServer(env = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'travel-browser-'));
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      DATA_DIR: join(dir, 'data'),
      UPLOAD_DIR: join(dir, 'uploads'),
      OUTBOX_DIR: join(dir, 'outbox'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'true',
      // The demo desk (agents, leads, notes, tasks) only for the tests that ask for it.
      DEMO_DESK: 'false',
      RATE_LIMIT_MULTIPLIER: '100',
      WEATHER_API_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not become healthy in 30 s');
    await new Promise((r) => setTimeout(r, 150));
  }
  // The demo pictures are drawn after start-up: every test page finds them on disk, as it did before.
  if ((env.SEED_DEMO ?? 'true') === 'true') await settlePictures(baseUrl);
  return {
    baseUrl,
    dir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
