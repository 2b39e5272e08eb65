import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, TestDatabase, testDialect } from '../support/test-db';
import { ensureBuilt, freePort, RunningApp, startBuiltApp } from './support/built-app';
import { insertDestination, insertVerifiedEmails, openRawDb, postLead, storedLeadEmails } from './support/leads-load';

const NOTIFY = 'ventas@agencia.example';

async function post(baseUrl: string, path: string, body: unknown) {
  const started = Date.now();
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    body: await res.json(),
    ms: Date.now() - started,
  };
}

async function waitForLog(app: RunningApp, pattern: RegExp, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (pattern.test(app.logs())) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return pattern.test(app.logs());
}

/** An SMTP "server" that accepts connections and never says a word. */
async function startSilentSmtp(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((r) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => r());
      }),
  };
}

describe.each([
  ['refuses connections', 'closed'],
  ['accepts connections and never answers', 'silent'],
] as const)(`fault: the mail server %s (${testDialect()})`, (_label, kind) => {
  jest.setTimeout(90_000);
  let db: TestDatabase;
  let app: RunningApp;
  let silent: { port: number; close(): Promise<void> } | null = null;
  let destination: number;
  const tmp = mkdtempSync(join(tmpdir(), 'fault-smtp-'));
  const tag = randomBytes(3).toString('hex');

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    silent = kind === 'silent' ? await startSilentSmtp() : null;
    const port = silent ? silent.port : await freePort();
    app = await startBuiltApp({
      DATABASE_URL: db.url,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      LEADS_NOTIFY_EMAIL: NOTIFY,
      UPLOAD_DIR: join(tmp, 'uploads'),
      OUTBOX_DIR: join(tmp, 'outbox'),
      LOG_LEVEL: 'info',
    });
    const raw = await openRawDb(db.url);
    destination = await insertDestination(raw, db.url);
    await raw.close();
  });

  afterAll(async () => {
    await app?.stop();
    await silent?.close();
    await db?.drop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('still accepts and stores leads at once, and logs the undelivered notice', async () => {
    const emails = Array.from({ length: 5 }, (_, i) => `mailless${i}-${tag}@faults.example`);
    const raw = await openRawDb(db.url);
    await insertVerifiedEmails(raw, db.url, emails);
    const attempts = await Promise.all(emails.map((e) => postLead(app.baseUrl, e, destination, 10_000)));
    expect(attempts.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(Math.max(...attempts.map((a) => a.ms))).toBeLessThan(1500);
    expect((await storedLeadEmails(raw, emails)).size).toBe(5);
    await raw.close();
    expect(await waitForLog(app, /New lead #\d+ notice: e-mail attempt 1 failed, retrying/, 15_000)).toBe(true);
  });

  it('still stores contact messages and logs the failed forwarding', async () => {
    const email = `writer-${tag}@faults.example`;
    const res = await post(app.baseUrl, '/api/contact/submit/', {
      firstName: 'Ana',
      lastName: 'Torres',
      phone: '5551234567',
      email,
      message: 'Quisiera información sobre Punta Cana.',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true });
    expect(res.ms).toBeLessThan(1500);
    const raw = await openRawDb(db.url);
    const rows = await raw.query<{ n: number }>('SELECT COUNT(*) AS n FROM "contact_messages" WHERE "email" = ?', [
      email,
    ]);
    await raw.close();
    expect(Number(rows[0].n)).toBe(1);
    expect(await waitForLog(app, /Contact message #\d+: e-mail attempt 1 failed, retrying/, 15_000)).toBe(true);
  });

  it('answers a code request at once: the code e-mail waits in the outbox', async () => {
    const res = await post(app.baseUrl, '/api/destination-lead/send-email-verification/', {
      email: `coder-${tag}@faults.example`,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    expect(res.ms).toBeLessThan(1500);
  });

  it('never lets a sign-up or reset waiting on the mail server stall the writes of other clients', async () => {
    const csrf = await fetch(`${app.baseUrl}/api/users/csrf/`);
    const token = ((await csrf.json()) as { csrfToken: string }).csrfToken;
    const cookie = `csrftoken=${token}`;
    const slow = [
      ...[0, 1, 2].map((i) =>
        fetch(`${app.baseUrl}/api/users/reset_password/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'x-csrftoken': token },
          body: JSON.stringify({ email: `reset${i}-${tag}@faults.example` }),
          signal: AbortSignal.timeout(30_000),
        }).then((r) => r.status),
      ),
      ...[0, 1, 2].map((i) =>
        post(app.baseUrl, '/api/users/sign-up/', {
          first_name: 'Ana',
          last_name: 'Torres',
          email: `signup${i}-${tag}@faults.example`,
          password: 'Mar-Caribe-2031!',
          phone: '5551234567',
        }).then((r) => r.status),
      ),
    ];
    // Another client's write, sent while those are in flight.
    await new Promise((r) => setTimeout(r, 50));
    const contact = await post(app.baseUrl, '/api/contact/submit/', {
      firstName: 'Luis',
      lastName: 'Pérez',
      phone: '5551234567',
      email: `other-${tag}@faults.example`,
      message: '¿Hay disponibilidad en diciembre?',
    });
    expect(contact.status).toBe(201);
    expect(contact.ms).toBeLessThan(2000);
    const statuses = await Promise.all(slow);
    expect(statuses).toEqual([200, 200, 200, 201, 201, 201]);
  });

  it('keeps the undelivered mails in the outbox at shutdown, and exits cleanly', async () => {
    app.child.kill('SIGTERM');
    const exit = await app.waitExit(30_000);
    expect(exit).toEqual({ code: 0, signal: null });
    const raw = await openRawDb(db.url);
    const rows = await raw.query<{ kind: string }>(
      'SELECT "kind" FROM "outbox" WHERE "sent_at" IS NULL AND "failed_at" IS NULL',
      [],
    );
    await raw.close();
    const kinds = new Set(rows.map((r) => r.kind));
    for (const kind of ['lead-notice', 'contact-forward', 'lead-code', 'verify-email']) expect(kinds).toContain(kind);
  });
});
