import 'reflect-metadata';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as argon2 from 'argon2';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { SchedulerRegistry } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { createApp } from '../../src/configure-app';
import { User } from '../../src/users/entities/user.entity';
import { createTestDatabase, TestDatabase } from './test-db';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  dataSource: DataSource;
  /** supertest bound to the running app's HTTP server. */
  http: () => TestAgent;
  /** Base URL of the listening app (for clients that need a real URL, e.g. ra-data-simple-rest). */
  baseUrl: string;
  tmpDir: string;
  close(): Promise<void>;
}

/** Writes a tiny built site and back-office so static serving and SPA fallbacks can be tested. */
function writeFakeDist(dir: string, title: string): string {
  mkdirSync(join(dir, 'static/js'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><title>${title}</title></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(dir, 'static/js/main-AbCdEf12.js'), 'console.log("hello")');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/**
 * Boots the real application (same createApp() as production) on a fresh database:
 * a temp SQLite file, or a throw-away MariaDB database when TEST_DIALECT=mysql.
 * `env` overrides the test defaults (e.g. SMTP_URL, WEATHER_API_URL, SEED_DEMO).
 */
export async function bootTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  // A given DATABASE_URL (e.g. another TestApp's) is used as it is, and left for its owner to drop.
  const db: TestDatabase = env.DATABASE_URL
    ? { url: env.DATABASE_URL, drop: async () => undefined }
    : await createTestDatabase();
  const tmpDir = mkdtempSync(join(tmpdir(), 'travel-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: join(tmpDir, 'data'),
    UPLOAD_DIR: join(tmpDir, 'uploads'),
    OUTBOX_DIR: join(tmpDir, 'outbox'),
    SITE_DIST: writeFakeDist(join(tmpDir, 'site'), 'Site'),
    ADMIN_DIST: writeFakeDist(join(tmpDir, 'admin'), 'Admin'),
    SEED_DEMO: 'false',
    RATE_LIMIT_MULTIPLIER: '100',
    // Each MySQL/MariaDB pool is filled before the app listens: small pools keep a file's several
    // apps within the test server's max_connections (151 by default).
    DB_POOL_SIZE: '4',
    WEATHER_API_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...env,
  });
  const app = await createApp(config);
  // The scheduled jobs fire on the wall clock (every minute, every five…), so a run could fall inside
  // a test and race the job method the test calls itself (a follow-up claimed under its feet): the
  // tests call the jobs' methods directly, and the schedule is stopped.
  app
    .get(SchedulerRegistry)
    .getCronJobs()
    .forEach((job) => void job.stop());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address() as { port: number };
  const dataSource = app.get(DataSource);
  return {
    app,
    config,
    dataSource,
    http: () => request(app.getHttpServer()),
    baseUrl: `http://127.0.0.1:${address.port}`,
    tmpDir,
    async close() {
      await app.close();
      await db.drop();
      rmSync(tmpDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

export interface CreatedUser {
  user: User;
  password: string;
  /** A valid access token for this user, signed like the server signs them. */
  token: string;
}

/** Inserts a user straight into the database (active by default) and signs an access token for it. */
export async function createUser(
  t: TestApp,
  opts: { admin?: boolean; agent?: boolean; active?: boolean; email?: string; password?: string } = {},
): Promise<CreatedUser> {
  counter += 1;
  const password = opts.password ?? 'Str0ng!Passw0rd';
  const repo = t.dataSource.getRepository(User);
  const user = await repo.save(
    repo.create({
      email: (opts.email ?? `user${counter}-${Date.now()}@example.com`).toLowerCase(),
      first_name: 'Test',
      last_name: `User${counter}`,
      phone: '5551234567',
      password_hash: await argon2.hash(password, { type: argon2.argon2id }),
      is_active: opts.active ?? true,
      email_verified_at: (opts.active ?? true) ? new Date() : null,
      // Made like staff make accounts: the address is vouched for, leads sent before included.
      earlier_leads_claimed_at: (opts.active ?? true) ? new Date() : null,
      is_superuser: opts.admin ?? false,
      is_agent: opts.agent ?? false,
    }),
  );
  const token = t.app
    .get(JwtService)
    .sign({ user_id: user.id, is_admin: user.is_superuser, token_type: 'access' }, { expiresIn: '5m' });
  return { user, password, token };
}
