// Builds the server, the site and the back-office when their output is missing or older than
// their sources. Used by npm start, create-admin, the browser tests and the benchmark.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const TARGETS = {
  server: {
    stamp: 'dist/.built',
    sources: ['src', 'shared', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'],
    script: 'build:server',
  },
  site: {
    stamp: 'site/dist/.built',
    sources: [
      'site/src',
      'site/public',
      'site/index.html',
      'site/vite.config.ts',
      'vite.base.ts',
      'shared',
      'web/session',
      'package-lock.json',
    ],
    script: 'build:site',
  },
  admin: {
    stamp: 'admin/dist/.built',
    sources: [
      'admin/src',
      'admin/index.html',
      'admin/vite.config.ts',
      'vite.base.ts',
      'shared',
      'web/session',
      'package-lock.json',
    ],
    script: 'build:admin',
  },
};

function newest(paths) {
  let latest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') walk(join(p, entry));
    } else latest = Math.max(latest, st.mtimeMs);
  };
  paths.forEach((p) => walk(join(root, p)));
  return latest;
}

/** Returns true when `name` had to be (and was) rebuilt; exits the process if a build fails. */
export function ensureBuilt(name, { quiet = false } = {}) {
  const t = TARGETS[name];
  const stamp = join(root, t.stamp);
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  if (built && built >= newest(t.sources)) return false;
  if (!quiet) console.log(`Building ${name}...`);
  const res = spawnSync('npm', ['run', t.script], {
    cwd: root,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    env: { ...process.env, SCARF_ANALYTICS: 'false' },
  });
  if (res.status !== 0) {
    console.error(`Build of ${name} failed.`);
    process.exit(res.status ?? 1);
  }
  writeFileSync(stamp, new Date().toISOString());
  return true;
}

export function ensureAllBuilt(options) {
  for (const name of Object.keys(TARGETS)) ensureBuilt(name, options);
}
