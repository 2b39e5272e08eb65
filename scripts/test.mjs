#!/usr/bin/env node
// The whole suite: type checks, server unit + e2e on SQLite, again on MySQL/MariaDB when
// TEST_DATABASE_URL is set, front-end unit tests, and browser tests when Chromium is present.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
if (existsSync('vitest.config.ts')) run('front-end unit tests', bin('vitest'), ['run', '--config', 'vitest.config.ts']);
if (existsSync('scripts/browser-tests.mjs')) {
  if (existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')) run('browser tests', 'node', ['scripts/browser-tests.mjs']);
  else console.log('\n(Chromium not found at /usr/bin/chromium: browser tests skipped; apt-get install -y chromium)');
}

console.log('\n=== summary ===');
for (const s of steps) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.label} (${s.seconds}s)`);
const failed = steps.filter((s) => !s.ok).length;
console.log(`${steps.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
