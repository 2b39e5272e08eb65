import { AddressInfo, createServer } from 'node:net';
import { Destination } from '../../src/catalogue/entities/destination.entity';
import { LeadEmailVerification } from '../../src/leads/entities/lead-email-verification.entity';
import { ReceivedMail, startSmtp, TestSmtp } from './smtp';
import { TestApp } from './test-app';

let seq = 0;

/** A unique e-mail for one test. */
export function uniqueEmail(tag = 'visitor'): string {
  seq += 1;
  return `${tag}${seq}-${Date.now()}@example.com`;
}

export async function createDestination(
  t: TestApp,
  opts: { name?: string; status?: string } = {},
): Promise<Destination> {
  const repo = t.dataSource.getRepository(Destination);
  return repo.save(
    repo.create({
      name: opts.name ?? 'Punta Cana',
      location: 'República Dominicana',
      description: 'Playas de arena blanca.',
      status: opts.status ?? 'active',
    }),
  );
}

/** The 4-digit code of a confirmation e-mail (the only standalone 4-digit number of its text). */
export function codeOf(mail: ReceivedMail): string {
  const codes = mail.text.match(/(?<!\d)\d{4}(?!\d)/g) ?? [];
  if (codes.length !== 1) throw new Error(`expected exactly one 4-digit number in the mail text, got ${codes.length}`);
  return codes[0];
}

/** Inserts verification rows straight into the database, verified at `verifiedAt`. */
export async function seedVerified(t: TestApp, emails: string[], verifiedAt = new Date()): Promise<void> {
  const now = new Date();
  const rows = emails.map((email) => ({
    email: email.toLowerCase(),
    code_hash: 'seeded',
    expires_at: new Date(now.getTime() + 600_000),
    attempts: 0,
    last_sent_at: now,
    sends_in_window: 1,
    window_started_at: now,
    verified_at: verifiedAt,
  }));
  for (let i = 0; i < rows.length; i += 50) {
    await t.dataSource.getRepository(LeadEmailVerification).insert(rows.slice(i, i + 50));
  }
}

/** Moves an e-mail's verification timestamps back, as if `ms` had passed. */
export async function ageVerification(
  t: TestApp,
  email: string,
  fields: Array<'last_sent_at' | 'expires_at' | 'verified_at' | 'window_started_at'>,
  ms: number,
): Promise<void> {
  const repo = t.dataSource.getRepository(LeadEmailVerification);
  const row = await repo.findOneByOrFail({ email: email.toLowerCase() });
  const patch: Partial<LeadEmailVerification> = {};
  for (const f of fields) {
    const value = row[f];
    if (value) patch[f] = new Date(value.getTime() - ms);
  }
  await repo.update({ id: row.id }, patch);
}

export function validLead(
  destinationId: number,
  email: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    first_name: 'Ana',
    last_name: 'García',
    email,
    phone: '5551234567',
    date: null,
    hour: null,
    source: 'email_verification',
    destination: destinationId,
    ...overrides,
  };
}

/** Goes through the real code e-mail to verify an address. */
export async function verifyThroughMail(t: TestApp, smtp: TestSmtp, email: string): Promise<void> {
  const sent = await t.http().post('/api/destination-lead/send-email-verification/').send({ email });
  if (sent.status !== 200) throw new Error(`code request failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const mail = await smtp.waitFor(email, (m) => /código/i.test(m.subject));
  const ok = await t
    .http()
    .post('/api/destination-lead/verify-code/')
    .send({ email, confirmation_code: codeOf(mail) });
  if (ok.status !== 200) throw new Error(`verification failed: ${ok.status} ${JSON.stringify(ok.body)}`);
}

/** A loopback port with nothing listening (an SMTP server that is down). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Kept for the tests that name it: every test SMTP server can be switched to refuse messages. */
export type FlakySmtp = TestSmtp;
export const startFlakySmtp = startSmtp;

/** Polls until `check` returns a truthy value. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
