import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { OutboxWorker } from '../src/mail/outbox-worker.service';
import { csrf, linkParts, signUpBody } from './support/account-helpers';
import { captureOutput, CapturedOutput } from './support/capture-output';
import { codeOf } from './support/leads';
import { ReceivedMail } from './support/smtp';
import { bootTestApp, TestApp } from './support/test-app';

/**
 * E-mail in production: it goes through SMTP_URL, or to the outbox folder only when
 * MAIL_TRANSPORT=outbox says so (with a warning at start); without either the server refuses to
 * start. Codes and links never reach a production log line. The app logs at info level here
 * while a visitor asks for a lead code, signs up and resets a password.
 */

const PUBLIC_URL = 'https://viajes.example';
const production = () => ({
  NODE_ENV: 'production',
  PUBLIC_URL,
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'info',
  // A fixed name: the generated one holds the process id, digits a 4-digit code could match by chance.
  INSTANCE_ID: 'mail-test',
});

/** Reads the outbox folder: the mails to `to` written so far, oldest first. */
async function outboxMails(t: TestApp, to: string): Promise<ReceivedMail[]> {
  await t.app.get(OutboxWorker).idle();
  const mails: ReceivedMail[] = [];
  const files = readdirSync(t.config.outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  for (const file of files) {
    const parsed = await PostalMime.parse(readFileSync(join(t.config.outboxDir, file)));
    const recipients = (parsed.to ?? []).map((a) => String(a.address).toLowerCase());
    if (!recipients.includes(to.toLowerCase())) continue;
    mails.push({
      to: recipients,
      from: String(parsed.from?.address ?? ''),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: parsed.html ?? '',
    });
  }
  return mails;
}

async function waitForOutboxMail(t: TestApp, to: string, subject: string): Promise<ReceivedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = (await outboxMails(t, to)).find((m) => m.subject === subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no "${subject}" e-mail to ${to} in the outbox`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A code request, a sign-up and a password reset; returns what their e-mails held that is secret. */
async function mailFlows(t: TestApp): Promise<Record<string, string>> {
  const visitor = `visitante-${randomBytes(3).toString('hex')}@example.com`;
  const sent = await t.http().post('/api/destination-lead/send-email-verification/').send({ email: visitor });
  expect(sent.status).toBe(200);
  const code = codeOf(await waitForOutboxMail(t, visitor, 'Tu código de verificación'));

  const body = signUpBody();
  const email = String(body.email);
  expect((await t.http().post('/api/users/sign-up/').send(body)).status).toBe(201);
  const welcome = await waitForOutboxMail(t, email, 'Verifica tu cuenta');
  const verify = linkParts(welcome, `${t.config.publicUrl}/email-verification`);
  // The link as the browser opens it (the site's page), then the page's call to the API.
  const page = await t.http().get(`/email-verification/${verify.uidb64}/${verify.token}`).set('Accept', 'text/html');
  expect(page.status).toBe(200);
  expect((await t.http().get(`/api/users/verify-email/${verify.uidb64}/${verify.token}/`)).status).toBe(200);

  const { cookie, token: csrfToken } = await csrf(t);
  const asked = await t
    .http()
    .post('/api/users/reset_password/')
    .set('Cookie', cookie)
    .set('X-CSRFToken', csrfToken)
    .send({ email });
  expect(asked.status).toBe(200);
  const resetMail = await waitForOutboxMail(t, email, 'Restablece tu contraseña');
  const reset = linkParts(resetMail, `${t.config.publicUrl}/api/users/reset`);
  const resetPage = await t.http().get(`/api/users/reset/${reset.uidb64}/${reset.token}`).set('Accept', 'text/html');
  expect(resetPage.status).toBe(200);
  const valid = await t
    .http()
    .get(`/api/users/reset/${reset.uidb64}/${reset.token}/`)
    .set('Accept', 'application/json');
  expect(valid.status).toBe(200);
  return {
    'lead code': code,
    'verification token': verify.token,
    'verification link': verify.link,
    'reset token': reset.token,
    'reset link': reset.link,
  };
}

/** Names the secrets found in the log (a code counts only as a standalone 4-digit number). */
function leakedInto(log: string, secrets: Record<string, string>): string[] {
  return Object.entries(secrets)
    .filter(([name, value]) =>
      name === 'lead code' ? new RegExp(`(?<!\\d)${value}(?!\\d)`).test(log) : log.includes(value),
    )
    .map(([name]) => name);
}

describe('production e-mail: SMTP, or the outbox by explicit choice; never codes or links in the log', () => {
  jest.setTimeout(120_000);
  let output: CapturedOutput;
  let t: TestApp;

  beforeAll(async () => {
    output = captureOutput();
    t = await bootTestApp({ ...production(), MAIL_TRANSPORT: 'outbox' });
  });
  afterAll(async () => {
    await t?.close();
    output.restore();
  });

  it('warns at start that e-mails are written to files, not sent', () => {
    expect(t.config.mailTransport).toBe('outbox');
    const warning = output
      .text()
      .split('\n')
      .find((line) => line.includes('MAIL_TRANSPORT=outbox'));
    expect(warning).toBeDefined();
    expect(JSON.parse(warning!)).toMatchObject({ level: 40 });
    expect(warning).toContain(t.config.outboxDir);
  });

  it('writes the code, verification and reset e-mails to the outbox, and logs none of their codes or links', async () => {
    const secrets = await mailFlows(t);
    await t.app.get(OutboxWorker).idle();
    const log = output.text();
    // The mails went through the outbox and its log lines were captured: only their text is missing.
    expect(log.match(/E-mail written to /g)?.length).toBeGreaterThanOrEqual(3);
    expect(leakedInto(log, secrets)).toEqual([]);
    expect(log).not.toContain(`${PUBLIC_URL}/email-verification/`);
    expect(log).not.toContain(`${PUBLIC_URL}/api/users/reset/`);
    expect(log).not.toMatch(/Tu código|Restablece tu contraseña/);
  });

  it('keeps the outbox files readable by the server user only', () => {
    const files = readdirSync(t.config.outboxDir).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) expect(statSync(join(t.config.outboxDir, file)).mode & 0o077).toBe(0);
  });

  it('makes the outbox folder again when it was removed while the app ran', async () => {
    await t.app.get(OutboxWorker).idle();
    rmSync(t.config.outboxDir, { recursive: true, force: true });
    const email = `again-${randomBytes(3).toString('hex')}@example.com`;
    expect((await t.http().post('/api/destination-lead/send-email-verification/').send({ email })).status).toBe(200);
    const mails = await outboxMails(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/\b\d{4}\b/);
    expect(statSync(t.config.outboxDir).mode & 0o077).toBe(0);
  });
});

describe('the outbox outside production', () => {
  jest.setTimeout(120_000);
  let output: CapturedOutput;
  let t: TestApp;

  beforeAll(async () => {
    output = captureOutput();
    t = await bootTestApp({ LOG_LEVEL: 'info', INSTANCE_ID: 'mail-test-dev' });
  });
  afterAll(async () => {
    await t?.close();
    output.restore();
  });

  it('still logs each e-mail with its text, so the links can be clicked locally', async () => {
    const secrets = await mailFlows(t);
    expect(leakedInto(output.text(), secrets).sort()).toEqual(Object.keys(secrets).sort());
    expect(output.text()).not.toContain('MAIL_TRANSPORT=outbox');
  });
});

describe('production without a mail transport', () => {
  jest.setTimeout(120_000);

  it('refuses to start, naming SMTP_URL and MAIL_TRANSPORT', () => {
    const dir = mkdtempSync(join(tmpdir(), 'no-mail-'));
    try {
      const root = join(__dirname, '..');
      // The real entry point, as an operator starts it (compiled on the fly; it stops before the app is built).
      const res = spawnSync(
        process.execPath,
        [
          join(root, 'node_modules/tsx/dist/cli.mjs'),
          '--tsconfig',
          join(root, 'tsconfig.json'),
          join(root, 'src/main.ts'),
        ],
        {
          cwd: dir,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: process.env.HOME ?? dir,
            ...production(),
            DATA_DIR: join(dir, 'data'),
            DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
          },
          encoding: 'utf8',
          timeout: 100_000,
        },
      );
      const said = `${res.stdout}${res.stderr}`;
      expect(res.status).toBe(1);
      expect(said).toMatch(/Invalid configuration/);
      expect(said).toMatch(/NODE_ENV=production needs SMTP_URL .* or MAIL_TRANSPORT=outbox/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
