#!/usr/bin/env node
// Browser tests: builds the app (server, site, back-office), then runs test/browser/*.test.mjs
// with node's test runner; each file starts the built server and drives Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { ensureAllBuilt, root } from './lib/build.mjs';

process.chdir(root);
ensureAllBuilt();
// Files named one by one: Node 20 expands a directory given to --test, Node 22+ takes it as a file.
const files = readdirSync('test/browser')
  .filter((f) => f.endsWith('.test.mjs'))
  .sort()
  .map((f) => `test/browser/${f}`);
const res = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...files], { stdio: 'inherit' });
process.exit(res.status ?? 1);
