#!/usr/bin/env node
// The whole suite: type checks, server unit + e2e on SQLite, again on MySQL/MariaDB when
// TEST_DATABASE_URL is set, front-end unit tests, and browser tests when Chromium is present.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';

/** True when a Redis server answers PING at `url` within a second. */
function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
}

const bin = (name) => `node_modules/.bin/${name}`;
const steps = [];
const run = (label, cmd, args, env = {}) => {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = res.status === 0;
  steps.push({ label, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
};

run('type check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
run('type check (shared/: no Node, no DOM)', bin('tsc'), ['-p', 'shared/tsconfig.json', '--noEmit']);
run('type check (web/session: the shared session client)', bin('tsc'), ['-p', 'web/session/tsconfig.json', '--noEmit']);
run('type check (site)', bin('tsc'), ['-p', 'site/tsconfig.json', '--noEmit']);
run('type check (back-office)', bin('tsc'), ['-p', 'admin/tsconfig.json', '--noEmit']);
run('lint', bin('eslint'), ['.']);
run('format check', bin('prettier'), ['--check', '.']);
// Unused files, exports and dependencies, and packages imported without being declared (knip.json).
run('dead code and undeclared packages', bin('knip'), ['--include', 'files,exports,dependencies,unlisted']);
run('server unit + e2e (SQLite)', bin('jest'), ['--config', 'jest.config.js', '--selectProjects', 'unit', 'e2e'], {
  TEST_DIALECT: 'sqlite',
});
if (process.env.TEST_DATABASE_URL) {
  run('server e2e (MySQL/MariaDB)', bin('jest'), ['--config', 'jest.config.js', '--selectProjects', 'e2e'], {
    TEST_DIALECT: 'mysql',
  });
} else {
  console.log('\n(TEST_DATABASE_URL not set: the MySQL/MariaDB pass is skipped)');
}
// Several app processes on one MariaDB and one Redis (limits, sessions, caches and jobs across instances).
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
if (!process.env.TEST_DATABASE_URL) {
  console.log('\n(multi-instance suite skipped: it needs TEST_DATABASE_URL (MySQL/MariaDB) and a Redis server)');
} else if (!(await redisAnswers(redisUrl))) {
  console.log(
    `\n(multi-instance suite skipped: no Redis answers at ${redisUrl}; set TEST_REDIS_URL or start redis-server)`,
  );
} else {
  run('multi-instance (2 processes, MySQL/MariaDB + Redis)', bin('jest'), [
    '--config',
    'jest.config.js',
    '--selectProjects',
    'fleet',
    '--runInBand',
  ]);
}
if (existsSync('vitest.config.ts')) run('front-end unit tests', bin('vitest'), ['run', '--config', 'vitest.config.ts']);
if (existsSync('scripts/browser-tests.mjs')) {
  if (existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium'))
    run('browser tests', 'node', ['scripts/browser-tests.mjs']);
  else console.log('\n(Chromium not found at /usr/bin/chromium: browser tests skipped; apt-get install -y chromium)');
}

console.log('\n=== summary ===');
for (const s of steps) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.label} (${s.seconds}s)`);
const failed = steps.filter((s) => !s.ok).length;
console.log(`${steps.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
