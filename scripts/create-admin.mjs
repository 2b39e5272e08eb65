#!/usr/bin/env node
// npm run create-admin -- --email admin@example.com --password 'a long passphrase'
// Builds the server when dist/ is missing or older than src/, then runs the command-line
// entry point (src/cli/main.ts, nest-commander) with the same arguments.
import { CLI_ENTRIES, ensureBuilt, root } from './lib/build.mjs';

ensureBuilt('server');
process.chdir(root);
await import(CLI_ENTRIES.createAdmin);
