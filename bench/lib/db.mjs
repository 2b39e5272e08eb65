// Direct database access for the benchmark: fresh databases, verification rows, bulk lead seeding, counts.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** 'YYYY-MM-DD HH:MM:SS.sss' in UTC: how TypeORM stores datetimes on SQLite. */
const sqliteDate = (d) => d.toISOString().replace('T', ' ').replace('Z', '');

/** A fresh SQLite file (in a temp dir) or a fresh database on BENCH_DATABASE_URL's server. */
export async function createBenchDatabase(dialect, serverUrl) {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-db-'));
    const path = join(dir, 'bench.sqlite');
    // BENCH_KEEP_DB=1 leaves the file for a look afterwards (its path is printed).
    const drop = async () =>
      process.env.BENCH_KEEP_DB ? console.log(`kept ${path}`) : rmSync(dir, { recursive: true, force: true });
    return { dialect, url: `sqlite:${path}`, path, drop };
  }
  const mysql = require('mysql2/promise');
  const server = new URL(serverUrl.replace(/^mariadb:/, 'mysql:'));
  server.pathname = '';
  const base = server.toString().replace(/\/$/, '');
  const name = `bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const conn = await mysql.createConnection(base);
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await conn.end();
  return {
    dialect,
    url: `${base}/${name}`,
    drop: async () => {
      if (process.env.BENCH_KEEP_DB) return console.log(`kept database ${name}`);
      const c = await mysql.createConnection(base);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

/** A small uniform interface over better-sqlite3 and mysql2 for the few statements the bench needs. */
export async function openDatabase(db) {
  if (db.dialect === 'sqlite') {
    // The build of better-sqlite3 for this Node.js (src/database/sqlite-driver.ts says why there are two).
    const Database = require(
      Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20',
    );
    const conn = new Database(db.path);
    conn.pragma('busy_timeout = 10000');
    return {
      dialect: 'sqlite',
      date: sqliteDate,
      async all(sql, params = []) {
        return conn.prepare(sql).all(...params);
      },
      async run(sql, params = []) {
        return conn.prepare(sql).run(...params);
      },
      /** Inserts rows (arrays of values for `columns`) in one transaction. */
      async insertMany(table, columns, rows) {
        const stmt = conn.prepare(
          `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        );
        conn.transaction((all) => all.forEach((r) => stmt.run(...r)))(rows);
      },
      async close() {
        conn.close();
      },
    };
  }
  const mysql = require('mysql2/promise');
  const conn = await mysql.createConnection({
    uri: db.url,
    timezone: 'Z',
    dateStrings: true,
    multipleStatements: false,
  });
  return {
    dialect: 'mysql',
    date: (d) => d,
    async all(sql, params = []) {
      const [rows] = await conn.query(sql.replaceAll('"', '`'), params);
      return rows;
    },
    async run(sql, params = []) {
      const [res] = await conn.query(sql.replaceAll('"', '`'), params);
      return res;
    },
    /** Multi-row INSERTs of 2,000 rows each inside one transaction. */
    async insertMany(table, columns, rows) {
      await conn.beginTransaction();
      for (let i = 0; i < rows.length; i += 2000) {
        await conn.query(`INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ?`, [
          rows.slice(i, i + 2000),
        ]);
      }
      await conn.commit();
    },
    async close() {
      await conn.end();
    },
  };
}

/** Marks each e-mail as verified just now, as the verify-code step would. */
export async function insertVerifiedEmails(conn, emails) {
  const now = new Date();
  const d = conn.date(now);
  const expires = conn.date(new Date(now.getTime() + 10 * 60_000));
  const hash = 'b'.repeat(64);
  const rows = emails.map((email) => [email, hash, expires, 0, d, 1, d, d, d, d]);
  await conn.insertMany(
    'lead_email_verifications',
    [
      'email',
      'code_hash',
      'expires_at',
      'attempts',
      'last_sent_at',
      'sends_in_window',
      'window_started_at',
      'verified_at',
      'created_at',
      'updated_at',
    ],
    rows,
  );
}

const FIRST = [
  'María',
  'José',
  'Ana',
  'Luis',
  'Carmen',
  'Jorge',
  'Lucía',
  'Pedro',
  'Sofía',
  'Miguel',
  'Elena',
  'Diego',
];
const LAST = [
  'García',
  'Rodríguez',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Torres',
  'Flores',
];
const STATUSES = ['new', 'new', 'new', 'contacted', 'qualified', 'proposal_sent', 'booked', 'lost'];

/** Seeds `total` leads spread over the last year across the given destinations. */
/**
 * Seeds `total` leads over the destinations; with `agentIds`, a share of them is assigned round-robin
 * (one lead in agentIds.length + 1 stays unassigned), as a working desk's list is.
 */
export async function seedLeads(conn, total, destinationIds, agentIds = []) {
  const columns = [
    'created_at',
    'updated_at',
    'first_name',
    'last_name',
    'email',
    'phone',
    'date',
    'hour',
    'status',
    'source',
    'destination_id',
    'is_priority',
    'agent_id',
  ];
  const now = Date.now();
  const batch = 10_000;
  for (let start = 0; start < total; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(total, start + batch); i += 1) {
      const created = conn.date(new Date(now - (total - i) * 300_000 - (i % 997)));
      const first = FIRST[i % FIRST.length];
      const last = LAST[(i * 7) % LAST.length];
      rows.push([
        created,
        created,
        first,
        last,
        `seed${i}@bench.example`,
        String(5550000000 + i),
        null,
        null,
        STATUSES[i % STATUSES.length],
        'email_verification',
        destinationIds[i % destinationIds.length],
        i % 50 === 0 ? 1 : 0,
        agentIds.length ? (agentIds[i % (agentIds.length + 1)] ?? null) : null,
      ]);
    }
    await conn.insertMany('leads', columns, rows);
  }
}
