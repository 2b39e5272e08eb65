import { IsNull, Not } from 'typeorm';
import { runInTransaction } from '../src/database/transactions';
import { LeadEmailVerification } from '../src/leads/entities/lead-email-verification.entity';
import { Lead } from '../src/leads/entities/lead.entity';
import { MailService } from '../src/mail/mail.service';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { OUTBOX_RETRY_DELAYS_MS, OutboxWorker } from '../src/mail/outbox-worker.service';
import { OutboxRepository } from '../src/mail/outbox.repository';
import { OutboxService } from '../src/mail/outbox.service';
import {
  closedPort,
  createDestination,
  eventually,
  FlakySmtp,
  seedVerified,
  startFlakySmtp,
  uniqueEmail,
  validLead,
} from './support/leads';
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

  it('still stores the lead and answers 201 at once, its notice waiting in the outbox', async () => {
    const email = uniqueEmail();
    await seedVerified(t, [email]);
    const started = Date.now();
    const res = await t.http().post('/api/leads/').send(validLead(destinationId, email));
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await t.dataSource.getRepository(Lead).countBy({ email })).toBe(1);
    const notice = await t.dataSource
      .getRepository(OutboxMail)
      .findOneByOrFail({ kind: 'lead-notice', ref_id: res.body.id });
    expect(notice).toMatchObject({ to_address: NOTIFY, sent_at: null, failed_at: null });
  });

  it('answers a code request at once; the code is kept and its e-mail is queued for retries', async () => {
    const email = uniqueEmail();
    const started = Date.now();
    const res = await t.http().post(SEND).send({ email });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await t.dataSource.getRepository(LeadEmailVerification).findOneBy({ email })).not.toBeNull();
    const queued = await eventually(() =>
      t.dataSource
        .getRepository(OutboxMail)
        .findOneBy({ kind: 'lead-code', to_address: email, last_error: Not(IsNull()) }),
    );
    expect(queued).toMatchObject({ sent_at: null, failed_at: null });
    expect(queued!.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    expect(queued!.body_text).toMatch(/\b\d{4}\b/);
  });
});

describe('the outbox: retries, claims and leases', () => {
  let t: TestApp;
  let smtp: FlakySmtp;
  let destinationId: number;
  const savedDelays = [...OUTBOX_RETRY_DELAYS_MS];
  const outbox = () => t.dataSource.getRepository(OutboxMail);
  const worker = () => t.app.get(OutboxWorker);

  beforeAll(async () => {
    OUTBOX_RETRY_DELAYS_MS.splice(0, OUTBOX_RETRY_DELAYS_MS.length, 100, 200);
    smtp = await startFlakySmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url, LEADS_NOTIFY_EMAIL: NOTIFY });
    destinationId = (await createDestination(t)).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    OUTBOX_RETRY_DELAYS_MS.splice(0, OUTBOX_RETRY_DELAYS_MS.length, ...savedDelays);
  });

  /** Queues a plain mail the way every feature does, in a transaction. */
  async function queue(to: string, label = 'Test mail'): Promise<OutboxMail> {
    await runInTransaction(t.dataSource, (m) =>
      t.app.get(OutboxService).enqueue(
        m,
        { to, subject: 'Prueba', text: `Hola ${to}`, html: '<p>Hola</p>' },
        {
          kind: 'test',
          label,
          usefulForMs: 60_000,
        },
      ),
    );
    return outbox().findOneByOrFail({ to_address: to });
  }

  it('retries the agency notice until the mail server accepts it, then records it on the lead', async () => {
    const email = uniqueEmail();
    await seedVerified(t, [email]);
    smtp.failing = true;
    const res = await t.http().post('/api/leads/').send(validLead(destinationId, email));
    expect(res.status).toBe(201);
    await eventually(async () => smtp.refused >= 1);
    smtp.failing = false;
    const mail = await smtp.waitFor(NOTIFY, (m) => m.text.includes(email), 3000);
    expect(mail.subject).toContain('Nueva solicitud');
    const lead = await eventually(() =>
      t.dataSource.getRepository(Lead).findOneBy({ id: res.body.id, notified_at: Not(IsNull()) }),
    );
    expect(lead!.notified_at).toBeInstanceOf(Date);
    const row = await outbox().findOneByOrFail({ kind: 'lead-notice', ref_id: res.body.id });
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    // A delivered mail keeps no body: it may hold a one-time code or link.
    expect([row.body_text, row.body_html]).toEqual(['', '']);
  });

  it('gives up after the last retry, leaving the lead as it is', async () => {
    await worker().idle();
    smtp.failing = true;
    const refusedBefore = smtp.refused;
    const to = uniqueEmail('doomed');
    const row = await queue(to);
    const failed = await eventually(() => outbox().findOneBy({ id: row.id, failed_at: Not(IsNull()) }));
    expect(failed!.attempts).toBe(OUTBOX_RETRY_DELAYS_MS.length + 1);
    expect(smtp.refused - refusedBefore).toBe(3);
    smtp.failing = false;
  });

  it('sends a mail claimed by an instance that died once its lease is over, and leaves a live claim alone', async () => {
    const dead = await queue(uniqueEmail('dead'));
    const live = await queue(uniqueEmail('live'));
    await worker().idle();
    // Both were sent already: put them back as if other instances held them.
    await outbox().update(dead.id, {
      sent_at: null,
      claimed_by: 'a-dead-instance',
      claimed_until: new Date(Date.now() - 1000),
    });
    await outbox().update(live.id, {
      sent_at: null,
      claimed_by: 'a-live-instance',
      claimed_until: new Date(Date.now() + 60_000),
    });
    smtp.clear();
    worker().kick();
    await smtp.waitFor(dead.to_address);
    await worker().idle();
    expect(smtp.mails.some((m) => m.to.includes(live.to_address))).toBe(false);
    expect(await outbox().findOneByOrFail({ id: live.id })).toMatchObject({
      claimed_by: 'a-live-instance',
      sent_at: null,
    });
  });

  it('never sends one mail twice when two instances drain the same outbox', async () => {
    await worker().idle();
    smtp.clear();
    const other = new OutboxWorker(t.app.get(OutboxRepository), t.app.get(MailService));
    const addresses = Array.from({ length: 12 }, (_, i) => uniqueEmail(`twice${i}`));
    // Queued without waking the app's worker, then drained by both at the same moment.
    await t.dataSource.getRepository(OutboxMail).insert(
      addresses.map((to) => ({
        kind: 'test',
        label: 'Race',
        to_address: to,
        subject: 'Carrera',
        body_text: 'x',
        body_html: '<p>x</p>',
        next_attempt_at: new Date(),
        discard_after: new Date(Date.now() + 60_000),
      })),
    );
    other.kick();
    worker().kick();
    await Promise.all([other.idle(), worker().idle()]);
    await eventually(async () => addresses.every((a) => smtp.mails.some((m) => m.to.includes(a))));
    for (const a of addresses) expect(smtp.mails.filter((m) => m.to.includes(a))).toHaveLength(1);
    // Each worker recorded its deliveries together (a few statements for the 12): every row is
    // marked sent, released, and its bodies cleared.
    const rows = await outbox().find({ where: addresses.map((to_address) => ({ to_address })) });
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row.sent_at).toBeInstanceOf(Date);
      expect(row).toMatchObject({ claimed_by: null, claimed_until: null, body_text: '', body_html: '', attempts: 1 });
    }
    await other.onModuleDestroy();
  });
});
