import { IsNull, Not } from 'typeorm';
import { BACKGROUND_MAIL_RETRY_DELAYS_MS, BackgroundMailService } from '../src/leads/background-mail.service';
import { LeadEmailVerification } from '../src/leads/entities/lead-email-verification.entity';
import { Lead } from '../src/leads/entities/lead.entity';
import { LeadNotifierService } from '../src/leads/lead-notifier.service';
import { closedPort, createDestination, eventually, FlakySmtp, seedVerified, startFlakySmtp, uniqueEmail, validLead } from './support/leads';
import { bootTestApp, TestApp } from './support/test-app';

const NOTIFY = 'ventas@agencia.example';
const SEND = '/api/destination-lead/send-email-verification/';

describe('lead flow when the mail server is down', () => {
  let t: TestApp;
  let destinationId: number;

  beforeAll(async () => {
    t = await bootTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, LEADS_NOTIFY_EMAIL: NOTIFY });
    destinationId = (await createDestination(t)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('still stores the lead and answers 201 at once', async () => {
    const email = uniqueEmail();
    await seedVerified(t, [email]);
    const started = Date.now();
    const res = await t.http().post('/api/leads/').send(validLead(destinationId, email));
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await t.dataSource.getRepository(Lead).countBy({ email })).toBe(1);
  });

  it('answers a code request with the Spanish send error and does not keep the code', async () => {
    const email = uniqueEmail();
    const res = await t.http().post(SEND).send({ email });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, error: 'Ocurrió un error al enviar el email. Intenta más tarde.' });
    expect(await t.dataSource.getRepository(LeadEmailVerification).findOneBy({ email })).toBeNull();
    // The failed send did not start the 30-second wait.
    const again = await t.http().post(SEND).send({ email });
    expect(again.status).toBe(503);
  });

  it('does not count a failed send against the resend limits of an existing code', async () => {
    const email = uniqueEmail();
    await seedVerified(t, [email]);
    const repo = t.dataSource.getRepository(LeadEmailVerification);
    await repo.update({ email }, { last_sent_at: new Date(Date.now() - 60_000), sends_in_window: 2 });
    const before = await repo.findOneByOrFail({ email });
    const res = await t.http().post(SEND).send({ email });
    expect(res.status).toBe(503);
    const after = await repo.findOneByOrFail({ email });
    expect(after).toMatchObject({
      code_hash: before.code_hash,
      sends_in_window: 2,
      attempts: before.attempts,
    });
    expect(after.last_sent_at.getTime()).toBe(before.last_sent_at.getTime());
    expect(after.verified_at?.getTime()).toBe(before.verified_at?.getTime());
  });
});

describe('lead notification retries', () => {
  let t: TestApp;
  let smtp: FlakySmtp;
  let destinationId: number;
  const savedDelays = [...BACKGROUND_MAIL_RETRY_DELAYS_MS];

  beforeAll(async () => {
    BACKGROUND_MAIL_RETRY_DELAYS_MS.splice(0, BACKGROUND_MAIL_RETRY_DELAYS_MS.length, 100, 200);
    smtp = await startFlakySmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url, LEADS_NOTIFY_EMAIL: NOTIFY });
    destinationId = (await createDestination(t)).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    BACKGROUND_MAIL_RETRY_DELAYS_MS.splice(0, BACKGROUND_MAIL_RETRY_DELAYS_MS.length, ...savedDelays);
  });

  it('retries the agency notice until the mail server accepts it', async () => {
    const email = uniqueEmail();
    await seedVerified(t, [email]);
    smtp.failing = true;
    const res = await t.http().post('/api/leads/').send(validLead(destinationId, email));
    expect(res.status).toBe(201);
    await eventually(async () => smtp.refused >= 1);
    smtp.failing = false;
    const mail = await smtp.waitFor(NOTIFY, (m) => m.text.includes(email), 3000);
    expect(mail.subject).toContain('Nuevo lead');
  });

  it('gives up after 3 attempts without affecting the stored lead', async () => {
    const email = uniqueEmail();
    await seedVerified(t, [email]);
    await t.app.get(BackgroundMailService).idle();
    smtp.failing = true;
    const refusedBefore = smtp.refused;
    const res = await t.http().post('/api/leads/').send(validLead(destinationId, email));
    expect(res.status).toBe(201);
    await t.app.get(BackgroundMailService).idle();
    expect(smtp.refused - refusedBefore).toBe(3);
    smtp.failing = false;
    expect(await t.dataSource.getRepository(Lead).countBy({ email })).toBe(1);
  });

  it('records the delivered notice on the lead', async () => {
    const email = uniqueEmail();
    await seedVerified(t, [email]);
    const res = await t.http().post('/api/leads/').send(validLead(destinationId, email));
    expect(res.status).toBe(201);
    await smtp.waitFor(NOTIFY, (m) => m.text.includes(email));
    await t.app.get(BackgroundMailService).idle();
    const lead = await eventually(() => t.dataSource.getRepository(Lead).findOneBy({ id: res.body.id, notified_at: Not(IsNull()) }));
    expect(lead?.notified_at).toBeInstanceOf(Date);
  });

  it('sends a notice that was never delivered again from the scheduled job (mail server down, or a restart)', async () => {
    const email = uniqueEmail();
    await seedVerified(t, [email]);
    await t.app.get(BackgroundMailService).idle();
    smtp.failing = true;
    const res = await t.http().post('/api/leads/').send(validLead(destinationId, email));
    expect(res.status).toBe(201);
    await t.app.get(BackgroundMailService).idle();
    smtp.failing = false;
    const notifier = t.app.get(LeadNotifierService);
    // Too recent: the lead's own attempts may still be running.
    expect(await notifier.retryUnnotified()).toBe(0);
    const fiveMinutesLater = new Date(Date.now() + 5 * 60_000);
    // This lead, and the one whose attempts ran out in the test above.
    const unnotified = await t.dataSource.getRepository(Lead).countBy({ notified_at: IsNull(), source: 'email_verification' });
    expect(unnotified).toBeGreaterThanOrEqual(1);
    expect(await notifier.retryUnnotified(fiveMinutesLater)).toBe(unnotified);
    await smtp.waitFor(NOTIFY, (m) => m.text.includes(email));
    await t.app.get(BackgroundMailService).idle();
    await eventually(() => t.dataSource.getRepository(Lead).findOneBy({ id: res.body.id, notified_at: Not(IsNull()) }));
    expect(await notifier.retryUnnotified(fiveMinutesLater)).toBe(0);
  });
});
