#!/usr/bin/env node
// Ensures an active admin with the given credentials exists (creates, promotes, re-activates or
// resets the password of the account), on the database of DATABASE_URL (.env is read).
//   npm run create-admin -- --email admin@example.com --password 'a long passphrase'
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './lib/build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const USAGE = 'Usage: npm run create-admin -- --email <e-mail> --password <password (8-128 characters)>';

function fail(message, code = 1) {
  console.error(`create-admin: ${message}`);
  process.exit(code);
}

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    const match = arg.match(/^--(email|password)(?:=(.*))?$/s);
    if (!match) fail(`unknown argument "${arg}"\n${USAGE}`, 2);
    const value = match[2] ?? argv[++i];
    if (value === undefined || value.startsWith('--')) fail(`--${match[1]} needs a value\n${USAGE}`, 2);
    out[match[1]] = value;
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
if (!args.email || !args.password) fail(`both --email and --password are required\n${USAGE}`, 2);

const dist = (p) => join(root, 'dist', p);
// Builds the server when dist/ is missing or older than src/ (a stale build could miss migrations).
ensureBuilt('server');

process.chdir(root);
require('dotenv').config({ quiet: true });
const { loadConfig } = require(dist('config/app-config.js'));
const { buildDataSourceOptions, resolveDatabaseConfig } = require(dist('database/data-source.js'));
const { adminCredentialsProblem, ensureAdmin } = require(dist('users/admin-accounts.js'));
const { isCommonPassword } = require(dist('users/password-policy.js'));
const { User } = require(dist('users/entities/user.entity.js'));
const { DataSource } = require('typeorm');

const problem = adminCredentialsProblem(args.email, args.password);
if (problem) fail(problem, 2);
if (isCommonPassword(args.password)) fail('that password is in the list of commonly used passwords: choose another one', 2);

let config;
try {
  config = loadConfig(process.env);
} catch (err) {
  fail(err.message);
}
if (config.database.type === 'sqlite' && config.database.path !== ':memory:') {
  mkdirSync(dirname(config.database.path), { recursive: true });
}

const dataSource = new DataSource(buildDataSourceOptions(await resolveDatabaseConfig(config.database)));
try {
  await dataSource.initialize();
  const { outcome, userId } = await ensureAdmin(dataSource.getRepository(User), args.email, args.password);
  const email = args.email.trim().toLowerCase();
  const said = { created: 'created', updated: 'updated (now an active admin with this password)', unchanged: 'already an active admin with this password: nothing to do' };
  console.log(`Admin ${email} (id ${userId}): ${said[outcome]}.`);
} catch (err) {
  fail(`could not create the admin: ${err.message}`);
} finally {
  if (dataSource.isInitialized) await dataSource.destroy();
}
