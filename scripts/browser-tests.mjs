#!/usr/bin/env node
// Browser tests: builds the app (server, site, back-office), then runs test/browser/*.test.mjs
// with node's test runner; each file starts the built server and drives Debian's Chromium.
import { spawnSync } from 'node:child_process';

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, SCARF_ANALYTICS: 'false' } });
if (build.status !== 0) process.exit(build.status ?? 1);
const res = spawnSync(process.execPath, ['--test', '--test-concurrency=1', 'test/browser/'], { stdio: 'inherit' });
process.exit(res.status ?? 1);
