#!/usr/bin/env node
// Browser tests: builds the app (server, site, back-office), then runs test/browser/*.test.mjs
// with node's test runner; each file starts the built server and drives Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { ensureAllBuilt, root } from './lib/build.mjs';

process.chdir(root);
ensureAllBuilt();
const res = spawnSync(process.execPath, ['--test', '--test-concurrency=1', 'test/browser/'], { stdio: 'inherit' });
process.exit(res.status ?? 1);
