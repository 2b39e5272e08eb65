import { LeadEmailVerification } from '../src/leads/entities/lead-email-verification.entity';
import { LeadsCleanupService } from '../src/leads/leads-cleanup.service';
import { ageVerification, codeOf, uniqueEmail } from './support/leads';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, TestApp } from './support/test-app';

const SEND = '/api/destination-lead/send-email-verification/';
const VERIFY = '/api/destination-lead/verify-code/';

describe('lead e-mail verification codes', () => {
  let t: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const rowOf = (email: string) =>
    t.dataSource.getRepository(LeadEmailVerification).findOneByOrFail({ email: email.toLowerCase() });

  /** Requests a code and returns it from the mail that request sent (it leaves in the background). */
  async function requestCode(email: string): Promise<string> {
    const before = smtp.mails.length;
    const res = await t.http().post(SEND).send({ email });
    expect(res.status).toBe(200);
    const mail = await smtp.waitFor(email, (m) => smtp.mails.indexOf(m) >= before);
    return codeOf(mail);
  }

  it('e-mails a Spanish message with the 4-digit code in the text and HTML bodies', async () => {
    const email = uniqueEmail();
    const res = await t.http().post(SEND).send({ email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'A verification code was sent to your email.' });
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Tu código de verificación');
    const code = codeOf(mail);
    expect(mail.text).toContain(`Tu código de verificación es: ${code}`);
    expect(mail.text).toContain('vence en 10 minutos');
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('lang="es"');
  });

  it('keeps only a keyed hash of the code, valid for 10 minutes', async () => {
    const email = uniqueEmail();
    const code = await requestCode(email);
    const row = await rowOf(email);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);
    const { createHash } = await import('node:crypto');
    expect(row.code_hash).not.toBe(createHash('sha256').update(code).digest('hex'));
    const ttl = row.expires_at.getTime() - row.last_sent_at.getTime();
    expect(ttl).toBeGreaterThan(590_000);
    expect(ttl).toBeLessThanOrEqual(601_000);
    expect(row.attempts).toBe(0);
    expect(row.verified_at).toBeNull();
  });

  it('stores the e-mail lower-cased and trimmed', async () => {
    const email = uniqueEmail('MiXeD').replace('@example.com', '@Example.COM');
    const res = await t
      .http()
      .post(SEND)
      .send({ email: `  ${email}  ` });
    expect(res.status).toBe(200);
    await expect(rowOf(email)).resolves.toMatchObject({ email: email.toLowerCase() });
  });

  it('refuses a missing or malformed e-mail with success false', async () => {
    const missing = await t.http().post(SEND).send({});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      success: false,
      message: 'Email is required',
      errors: { email: 'Email is required' },
    });
    for (const email of ['not-an-email', 'a@b', 'a b@c.de', 'a,b@c.de', '@x.com']) {
      const res = await t.http().post(SEND).send({ email });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        message: 'Invalid email format',
        error: 'Invalid email format',
      });
    }
    const long = await t
      .http()
      .post(SEND)
      .send({ email: `${'a'.repeat(310)}@example.com` });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Email cannot exceed 320 characters');
  });

  it('refuses a wrong code, then accepts the right one and marks the e-mail verified', async () => {
    const email = uniqueEmail();
    const code = await requestCode(email);
    const wrong = code === '0000' ? '0001' : '0000';
    const bad = await t.http().post(VERIFY).send({ email, confirmation_code: wrong });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: 'Invalid confirmation code. Please try again.' });
    const ok = await t.http().post(VERIFY).send({ email: email.toUpperCase(), confirmation_code: code });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: 'Email verified successfully.' });
    expect((await rowOf(email)).verified_at).toBeInstanceOf(Date);
    // A double submit of the same right code is harmless.
    const again = await t.http().post(VERIFY).send({ email, confirmation_code: code });
    expect(again.status).toBe(200);
  });

  it('requires the confirmation code and refuses one that is not 4 digits', async () => {
    const email = uniqueEmail();
    await requestCode(email);
    const missing = await t.http().post(VERIFY).send({ email });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      success: false,
      errors: { confirmation_code: 'Confirmation code is required' },
    });
    for (const code of ['12a4', '123', '12345']) {
      const res = await t.http().post(VERIFY).send({ email, confirmation_code: code });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Invalid confirmation code. Please try again.');
    }
    expect((await rowOf(email)).attempts).toBe(0);
  });

  it('accepts the code sent as a JSON number', async () => {
    const email = uniqueEmail();
    const code = await requestCode(email);
    const res = await t
      .http()
      .post(VERIFY)
      .send({ email, confirmation_code: Number(code) });
    expect(res.status).toBe(200);
  });

  it('refuses an expired code as a wrong one (the answer does not tell that a code was sent)', async () => {
    const email = uniqueEmail();
    const code = await requestCode(email);
    await ageVerification(t, email, ['expires_at'], 601_000);
    const res = await t.http().post(VERIFY).send({ email, confirmation_code: code });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Invalid confirmation code. Please try again.' });
  });

  it('answers a code for an e-mail that never asked for one like a wrong code', async () => {
    const res = await t.http().post(VERIFY).send({ email: uniqueEmail(), confirmation_code: '1234' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid confirmation code. Please try again.');
  });

  it('kills a code after 5 wrong attempts, even for the right code', async () => {
    const email = uniqueEmail();
    const code = await requestCode(email);
    const wrong = code === '9999' ? '9998' : '9999';
    for (let i = 1; i <= 4; i += 1) {
      const res = await t.http().post(VERIFY).send({ email, confirmation_code: wrong });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Invalid confirmation code. Please try again.');
    }
    const fifth = await t.http().post(VERIFY).send({ email, confirmation_code: wrong });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({
      success: false,
      error: 'Too many incorrect attempts. Please request a new confirmation code.',
    });
    const right = await t.http().post(VERIFY).send({ email, confirmation_code: code });
    expect(right.status).toBe(429);
    expect(right.body.error).toBe('Too many incorrect attempts. Please request a new confirmation code.');
    expect((await rowOf(email)).verified_at).toBeNull();

    // A new code starts over with fresh attempts.
    await ageVerification(t, email, ['last_sent_at'], 31_000);
    const fresh = await requestCode(email);
    expect((await rowOf(email)).attempts).toBe(0);
    const ok = await t.http().post(VERIFY).send({ email, confirmation_code: fresh });
    expect(ok.status).toBe(200);
  });

  it('gives a burst of 30 parallel guesses no more than 5 tries', async () => {
    const email = uniqueEmail();
    const code = await requestCode(email);
    const guesses = Array.from({ length: 30 }, (_, i) => String(i).padStart(4, '0')).filter((g) => g !== code);
    const results = await Promise.all(guesses.map((g) => t.http().post(VERIFY).send({ email, confirmation_code: g })));
    const judged = results.filter((r) => r.status === 400);
    expect(judged.length).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === 429).length).toBe(results.length - judged.length);
    expect((await rowOf(email)).attempts).toBe(5);
    const right = await t.http().post(VERIFY).send({ email, confirmation_code: code });
    expect(right.status).toBe(429);
  });

  it('replaces the earlier code with a new request', async () => {
    const email = uniqueEmail();
    const first = await requestCode(email);
    await ageVerification(t, email, ['last_sent_at'], 31_000);
    let second = await requestCode(email);
    while (second === first) {
      await ageVerification(t, email, ['last_sent_at'], 31_000);
      second = await requestCode(email);
    }
    const old = await t.http().post(VERIFY).send({ email, confirmation_code: first });
    expect(old.status).toBe(400);
    expect(old.body.error).toBe('Invalid confirmation code. Please try again.');
    const ok = await t.http().post(VERIFY).send({ email, confirmation_code: second });
    expect(ok.status).toBe(200);
  });

  it('allows one code per 30 seconds per e-mail', async () => {
    const email = uniqueEmail();
    await requestCode(email);
    const again = await t.http().post(SEND).send({ email });
    expect(again.status).toBe(429);
    expect(again.body.success).toBe(false);
    expect(again.body.error).toMatch(/^Please wait (30|29|28) seconds before requesting a new code\.$/);
  });

  it('allows 5 codes per 15 minutes per e-mail and client', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i += 1) {
      await requestCode(email);
      await ageVerification(t, email, ['last_sent_at'], 31_000);
    }
    const sixth = await t.http().post(SEND).send({ email });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({
      success: false,
      error: 'Too many codes were requested for this email. Please try again later.',
    });
    // Other clients keep their own budget, and the e-mail's cap over all of them answers as usual:
    // see owner-access.e2e-spec.ts.
  });

  it('sends one code when the same new e-mail asks several times at once', async () => {
    const email = uniqueEmail();
    const results = await Promise.all(Array.from({ length: 6 }, () => t.http().post(SEND).send({ email })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    await smtp.waitFor(email);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('purges codes whose validity and resend window are over, and keeps the others', async () => {
    const stale = uniqueEmail();
    const recent = uniqueEmail();
    await requestCode(stale);
    await requestCode(recent);
    await ageVerification(t, stale, ['last_sent_at', 'expires_at', 'window_started_at'], 2 * 3_600_000);
    const removed = await t.app.get(LeadsCleanupService).purgeExpiredVerifications();
    expect(removed).toBeGreaterThanOrEqual(1);
    const repo = t.dataSource.getRepository(LeadEmailVerification);
    expect(await repo.findOneBy({ email: stale })).toBeNull();
    expect(await repo.findOneBy({ email: recent })).not.toBeNull();
  });
});
