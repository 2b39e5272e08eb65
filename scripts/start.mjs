#!/usr/bin/env node
// npm start: builds whatever is missing or older than its sources (server, site, back-office),
// then starts the one server process that serves /, /admin, /api and /uploads.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newest(paths) {
  let latest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') walk(join(p, entry));
    } else latest = Math.max(latest, st.mtimeMs);
  };
  paths.forEach(walk);
  return latest;
}

const targets = [
  { name: 'server', stamp: 'dist/.built', sources: ['src', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'], cmd: ['run', 'build:server'] },
  { name: 'site', stamp: 'site/dist/.built', sources: ['site/src', 'site/public', 'site/index.html', 'site/vite.config.ts', 'src/shared', 'package-lock.json'], cmd: ['run', 'build:site'] },
  { name: 'admin', stamp: 'admin/dist/.built', sources: ['admin/src', 'admin/index.html', 'admin/vite.config.ts', 'src/shared', 'package-lock.json'], cmd: ['run', 'build:admin'] },
];

for (const t of targets) {
  const built = existsSync(t.stamp) ? statSync(t.stamp).mtimeMs : 0;
  if (built && built >= newest(t.sources)) continue;
  console.log(`Building ${t.name}...`);
  const res = spawnSync('npm', t.cmd, { stdio: 'inherit', env: { ...process.env, SCARF_ANALYTICS: 'false' } });
  if (res.status !== 0) {
    console.error(`Build of ${t.name} failed.`);
    process.exit(res.status ?? 1);
  }
  writeFileSync(t.stamp, new Date().toISOString());
}

await import(join(root, 'dist/main.js'));
