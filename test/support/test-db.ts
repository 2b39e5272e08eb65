import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';

/** Which database the suite runs on: TEST_DIALECT=mysql uses TEST_DATABASE_URL's server. */
export function testDialect(): 'sqlite' | 'mysql' {
  return process.env.TEST_DIALECT === 'mysql' ? 'mysql' : 'sqlite';
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DIALECT=mysql needs TEST_DATABASE_URL (mysql://user:pass@host:port/db)');
  const parsed = new URL(url.replace(/^mariadb:/, 'mysql:'));
  parsed.pathname = '';
  return parsed.toString().replace(/\/$/, '');
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A brand-new empty database for one app boot: a temp SQLite file, or a fresh MariaDB database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDialect() === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'travel-db-'));
    return {
      url: `sqlite:${join(dir, 'test.sqlite')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const server = serverUrl();
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const conn = await createConnection(server);
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await conn.end();
  return {
    url: `${server}/${name}`,
    drop: async () => {
      const c = await createConnection(server);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}
