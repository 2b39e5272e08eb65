#!/usr/bin/env node
// npm run backup [-- --out DIR]   |   npm run restore -- DIR
// A consistent copy of the SQLite database, the uploads and the generated signing secret, taken
// while the server runs; restore puts one back with the server stopped. See README: Backups.
import { CLI_ENTRIES, ensureBuilt, root } from './lib/build.mjs';

ensureBuilt('server');
process.chdir(root);
await import(CLI_ENTRIES.backup);
