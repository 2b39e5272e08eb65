import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as argon2 from 'argon2';
import { createConnection } from 'mysql2/promise';
import { startSmtp, TestSmtp } from '../../support/smtp';
import { ensureBuilt, RunningApp, startBuiltApp } from '../../faults/support/built-app';
import { openRawDb, RawDb } from '../../faults/support/leads-load';

/** MariaDB/MySQL server of the multi-instance suites (a throw-away database is made on it). */
export const FLEET_DATABASE_SERVER = (process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/test')
  .replace(/^mariadb:/, 'mysql:')
  .replace(/\/[^/:@]*$/, '');
export const FLEET_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

export interface Fleet {
  apps: RunningApp[];
  smtp: TestSmtp;
  db: RawDb;
  databaseUrl: string;
  redisPrefix: string;
  /** Env every instance got (for starting another one). */
  env: Record<string, string>;
  start(extra?: Record<string, string>): Promise<RunningApp>;
  close(): Promise<void>;
}

/** Processes started by startFleet, stopped by stopStrays() even when start-up failed half-way. */
const started = new Set<RunningApp>();

export async function stopStrays(): Promise<void> {
  await Promise.all([...started].map((app) => app.stop()));
  started.clear();
}

/**
 * Several `node dist/src/main.js` processes on one fresh MariaDB database and one Redis (a key prefix of
 * their own), behind no proxy: TRUST_PROXY lets a test act as several clients via X-Forwarded-For.
 */
export async function startFleet(size: number, env: Record<string, string> = {}): Promise<Fleet> {
  await ensureBuilt();
  const name = `fleet_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await createConnection(FLEET_DATABASE_SERVER);
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const databaseUrl = `${FLEET_DATABASE_SERVER}/${name}`;
  const tmp = mkdtempSync(join(tmpdir(), 'fleet-'));
  const smtp = await startSmtp();
  const redisPrefix = `fleet-test:${name}:`;
  const common = {
    // One signing secret for the fleet: a token or a code made by one instance is checked by another.
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: FLEET_REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    SMTP_URL: smtp.url,
    LEADS_NOTIFY_EMAIL: 'agency@fleet.example',
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_MULTIPLIER: '1',
    DB_POOL_SIZE: '8',
    UPLOAD_DIR: join(tmp, 'uploads'),
    OUTBOX_DIR: join(tmp, 'outbox'),
    DATA_DIR: tmp,
    ...env,
  };
  const apps: RunningApp[] = [];
  const start = async (extra: Record<string, string> = {}) => {
    const app = await startBuiltApp({ ...common, INSTANCE_ID: `app-${apps.length + 1}`, ...extra }, 120_000);
    started.add(app);
    apps.push(app);
    return app;
  };
  // Started together: the second must wait for the first one's migrations, not trip over them.
  await Promise.all(Array.from({ length: size }, (_, i) => start({ INSTANCE_ID: `app-${i + 1}` })));
  const db = await openRawDb(databaseUrl);
  return {
    apps,
    smtp,
    db,
    databaseUrl,
    redisPrefix,
    env: common,
    start,
    async close() {
      await Promise.all(apps.map((a) => a.stop()));
      await db.close();
      await smtp.close();
      const c = await createConnection(FLEET_DATABASE_SERVER);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

let seq = 0;

/** An active user straight in the database; returns its e-mail and password. */
export async function insertUser(db: RawDb, opts: { admin?: boolean } = {}) {
  seq += 1;
  const email = `fleet-user-${seq}-${randomBytes(3).toString('hex')}@fleet.example`;
  const password = 'Fleet-Passw0rd-2031!';
  const hash = await argon2.hash(password, { type: argon2.argon2id });
  await db.query(
    'INSERT INTO "users" ("email", "first_name", "last_name", "phone", "password_hash", "is_active", "is_superuser", "is_agent") VALUES (?, ?, ?, ?, ?, 1, ?, 0)',
    [email, 'Fleet', 'User', '5551234567', hash, opts.admin ? 1 : 0],
  );
  return { email, password };
}

function parseJson(text: string): Record<string, unknown> {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return { raw: text };
  }
}

/** JSON request to one instance, acting as the client `ip`. */
export async function call(
  app: RunningApp,
  method: string,
  path: string,
  opts: { ip?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? '192.0.2.1' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, body: parseJson(text), headers: res.headers };
}

export interface LeadPost {
  email: string;
  status: number | null;
}

/**
 * Posts one lead per e-mail to `app` from `concurrency` visitors, each e-mail from an IP of its own
 * (so per-IP limits stay out of the way), until the e-mails run out or `stop()` is called.
 */
export function postLeads(app: RunningApp, emails: string[], destination: number, concurrency: number) {
  const queue = emails.map((email, i) => ({ email, ip: `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` }));
  const posts: LeadPost[] = [];
  let stopped = false;
  const visitor = async () => {
    for (let next = queue.shift(); next && !stopped; next = queue.shift()) {
      const body = { first_name: 'Ana', last_name: 'Torres', email: next.email, phone: '5551234567', destination };
      const res = await call(app, 'POST', '/api/leads/', {
        ip: next.ip,
        body: { ...body, date: null, hour: null, source: 'email_verification' },
      }).catch(() => null);
      posts.push({ email: next.email, status: res?.status ?? null });
    }
  };
  const done = Promise.all(Array.from({ length: concurrency }, visitor)).then(() => posts);
  return { posts, done, stop: () => ((stopped = true), done) };
}
