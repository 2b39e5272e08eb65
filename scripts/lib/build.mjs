// Builds the server, the site and the back-office when their output is missing or older than
// their sources, and names the files the server build emits. Used by npm start, create-admin,
// backup, the browser, fault and fleet tests and the benchmark; `node scripts/lib/build.mjs server`
// runs it from a process that cannot import it (the jest harnesses).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The server's entry file: package.json's `main` (`node .` runs it too). */
export const SERVER_ENTRY = join(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).main);

/** The command-line entry files the server build emits (src/cli/*.ts). */
export const CLI_ENTRIES = {
  createAdmin: join(root, 'dist/src/cli/main.js'),
  backup: join(root, 'dist/src/cli/backup-main.js'),
  migrate: join(root, 'dist/src/cli/migrate-main.js'),
};

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

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Holds a lock directory while `work` runs, so that processes started together (jest workers, a
 * browser run beside a bench) build one at a time; a lock older than 5 minutes belongs to a build
 * that died.
 */
function withBuildLock(name, work) {
  const lock = join(tmpdir(), `build-lock-${name}-${root.replace(/\W+/g, '_')}`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 300_000)
        rmSync(lock, { recursive: true, force: true });
      sleep(250);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Returns true when `name` had to be (and was) rebuilt; exits the process if a build fails. */
export function ensureBuilt(name, { quiet = false } = {}) {
  const t = TARGETS[name];
  const stamp = join(root, t.stamp);
  const fresh = () => existsSync(stamp) && statSync(stamp).mtimeMs >= newest(t.sources);
  if (fresh()) return false;
  const status = withBuildLock(name, () => (fresh() ? null : build(name, t, stamp, quiet)));
  if (status) {
    console.error(`Build of ${name} failed.`);
    process.exit(status);
  }
  return status === 0;
}

/** Runs the target's npm script; its exit status (0: built, and the stamp written). */
function build(name, t, stamp, quiet) {
  if (!quiet) console.log(`Building ${name}...`);
  const res = spawnSync('npm', ['run', t.script], {
    cwd: root,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    // Production builds whoever asks: a NODE_ENV=test inherited from jest would make Vite emit React's
    // development JSX calls, which the production runtime the server loads does not have.
    env: { ...process.env, NODE_ENV: 'production', SCARF_ANALYTICS: 'false' },
  });
  if (res.status === 0) writeFileSync(stamp, new Date().toISOString());
  return res.status ?? 1;
}

export function ensureAllBuilt(options) {
  for (const name of Object.keys(TARGETS)) ensureBuilt(name, options);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  for (const name of names.length ? names : Object.keys(TARGETS)) {
    if (!TARGETS[name]) {
      console.error(`Unknown build target ${name} (${Object.keys(TARGETS).join(', ')}).`);
      process.exit(2);
    }
    ensureBuilt(name, { quiet: true });
  }
}
