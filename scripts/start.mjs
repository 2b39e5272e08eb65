#!/usr/bin/env node
// npm start: builds whatever is missing or older than its sources (server, site, back-office),
// then starts the one server process that serves /, /admin, /api and /uploads.
import { ensureAllBuilt, root, SERVER_ENTRY } from './lib/build.mjs';

process.chdir(root);
ensureAllBuilt();
await import(SERVER_ENTRY);
