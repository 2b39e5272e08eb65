import { createConnection } from 'mysql2/promise';
import { loadSqliteDriver } from '../../../src/database/sqlite-driver';

/** The little of better-sqlite3 used here (the package ships no types). */
interface SqliteStatement {
  reader: boolean;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): unknown;
}
interface SqliteDatabase {
  pragma(sql: string): unknown;
  prepare(sql: string): SqliteStatement;
  close(): void;
}
const Database = loadSqliteDriver<new (path: string) => SqliteDatabase>();

/** Plain SQL access to the app's database from outside the app (SQLite file or MySQL URL). */
export interface RawDb {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openRawDb(databaseUrl: string): Promise<RawDb> {
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new Database(databaseUrl.slice('sqlite:'.length));
    db.pragma('busy_timeout = 10000');
    return {
      async query<T>(sql: string, params: unknown[] = []) {
        const stmt = db.prepare(sql);
        return (stmt.reader ? stmt.all(...params) : (stmt.run(...params), [])) as T[];
      },
      async close() {
        db.close();
      },
    };
  }
  const conn = await createConnection({ uri: databaseUrl.replace(/^mariadb:/, 'mysql:'), timezone: 'Z' });
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const [rows] = await conn.query(sql.replaceAll('"', '`'), params);
      return (Array.isArray(rows) ? rows : []) as T[];
    },
    async close() {
      await conn.end();
    },
  };
}

/** How the app stores datetimes: a Date for mysql2, 'YYYY-MM-DD HH:MM:SS.sss' (UTC) text on SQLite. */
function dbDate(databaseUrl: string, d: Date): Date | string {
  return databaseUrl.startsWith('sqlite:') ? d.toISOString().replace('T', ' ').replace('Z', '') : d;
}

/** An active destination to send leads for. */
export async function insertDestination(db: RawDb, databaseUrl: string): Promise<number> {
  const now = dbDate(databaseUrl, new Date());
  await db.query(
    'INSERT INTO "destinations" ("name", "location", "description", "status", "is_priority", "created_at", "updated_at") VALUES (?, ?, ?, ?, ?, ?, ?)',
    ['Punta Cana', 'República Dominicana', 'Playas', 'active', 0, now, now],
  );
  const rows = await db.query<{ id: number }>('SELECT MAX("id") AS id FROM "destinations"');
  return Number(rows[0].id);
}

/** Marks each e-mail as verified just now, as the verify-code step does. */
export async function insertVerifiedEmails(db: RawDb, databaseUrl: string, emails: string[]): Promise<void> {
  const now = new Date();
  const d = dbDate(databaseUrl, now);
  const expires = dbDate(databaseUrl, new Date(now.getTime() + 10 * 60_000));
  for (let i = 0; i < emails.length; i += 200) {
    const chunk = emails.slice(i, i + 200);
    await db.query(
      `INSERT INTO "lead_email_verifications" ("email", "code_hash", "expires_at", "attempts", "last_sent_at", "sends_in_window", "window_started_at", "verified_at", "created_at", "updated_at") VALUES ${chunk
        .map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .join(', ')}`,
      chunk.flatMap((email) => [email, 'c'.repeat(64), expires, 0, d, 1, d, d, d, d]),
    );
  }
}

/** A destination and a verified e-mail for each visitor, straight in the database; resolves to the destination. */
export async function prepareLeadVisitors(databaseUrl: string, emails: string[]): Promise<number> {
  const raw = await openRawDb(databaseUrl);
  try {
    const destination = await insertDestination(raw, databaseUrl);
    await insertVerifiedEmails(raw, databaseUrl, emails);
    return destination;
  } finally {
    await raw.close();
  }
}

export async function storedLeadEmails(db: RawDb, emails: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < emails.length; i += 500) {
    const chunk = emails.slice(i, i + 500);
    const rows = await db.query<{ email: string }>(
      `SELECT "email" FROM "leads" WHERE "email" IN (${chunk.map(() => '?').join(', ')})`,
      chunk,
    );
    rows.forEach((r) => found.add(r.email));
  }
  return found;
}

export interface LeadAttempt {
  email: string;
  startedAt: number;
  ms: number;
  status: number | null;
  contentType: string | null;
  body: unknown;
  error: string | null;
}

export async function postLead(
  baseUrl: string,
  email: string,
  destination: number,
  timeoutMs: number,
): Promise<LeadAttempt> {
  const startedAt = Date.now();
  try {
    const res = await fetch(`${baseUrl}/api/leads/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', connection: 'keep-alive' },
      body: JSON.stringify({
        first_name: 'Ana',
        last_name: 'Torres',
        email,
        phone: '5551234567',
        date: null,
        hour: null,
        source: 'email_verification',
        destination,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the assertion message
    }
    return {
      email,
      startedAt,
      ms: Date.now() - startedAt,
      status: res.status,
      contentType: res.headers.get('content-type'),
      body,
      error: null,
    };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return {
      email,
      startedAt,
      ms: Date.now() - startedAt,
      status: null,
      contentType: null,
      body: null,
      error: e.cause?.code ?? e.name ?? e.message,
    };
  }
}

/**
 * Submits leads from `concurrency` parallel visitors, one e-mail each, until the e-mails run out
 * or `stop()` is called. A visitor whose attempt failed (no 2xx) pauses `retryPauseMs` and tries
 * again later with the same e-mail, as a person would (null: no retries). Resolves with every attempt.
 */
export function leadLoad(
  baseUrl: string,
  emails: string[],
  destination: number,
  concurrency: number,
  timeoutMs = 20_000,
  retryPauseMs: number | null = 100,
) {
  const queue = [...emails];
  let stopped = false;
  const attempts: LeadAttempt[] = [];
  const worker = async () => {
    while (!stopped && queue.length) {
      const email = queue.shift()!;
      const attempt = await postLead(baseUrl, email, destination, timeoutMs);
      attempts.push(attempt);
      if (retryPauseMs !== null && (attempt.status === null || attempt.status >= 300)) {
        queue.push(email);
        await new Promise((r) => setTimeout(r, retryPauseMs));
      }
    }
  };
  const done = Promise.all(Array.from({ length: concurrency }, worker)).then(() => attempts);
  return {
    attempts,
    done,
    stop() {
      stopped = true;
      return done;
    },
  };
}
