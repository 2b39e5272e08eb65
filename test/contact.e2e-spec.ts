import { ContactMessage } from '../src/contact/entities/contact-message.entity';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { OUTBOX_RETRY_DELAYS_MS, OutboxWorker } from '../src/mail/outbox-worker.service';
import { closedPort, eventually, FlakySmtp, startFlakySmtp, uniqueEmail } from './support/leads';
import { bootTestApp, TestApp } from './support/test-app';

const SUBMIT = '/api/contact/submit/';
const AGENCY = 'hola@agencia.example';

function contact(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Carlos',
    lastName: 'Méndez',
    phone: '5559876543',
    email: uniqueEmail('contact'),
    message: '¿El paquete a Cancún incluye traslados?\nGracias.',
    ...overrides,
  };
}

describe('contact messages', () => {
  let t: TestApp;
  let smtp: FlakySmtp;
  const savedDelays = [...OUTBOX_RETRY_DELAYS_MS];
  const messages = () => t.dataSource.getRepository(ContactMessage);

  beforeAll(async () => {
    OUTBOX_RETRY_DELAYS_MS.splice(0, OUTBOX_RETRY_DELAYS_MS.length, 50, 50);
    smtp = await startFlakySmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url, LEADS_NOTIFY_EMAIL: AGENCY });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    OUTBOX_RETRY_DELAYS_MS.splice(0, OUTBOX_RETRY_DELAYS_MS.length, ...savedDelays);
  });

  it('stores the message, answers 201 and forwards it to the agency', async () => {
    const body = contact({
      firstName: ' Carlos ',
      email: uniqueEmail('Contact').toUpperCase(),
      phone: '(555) 987-6543',
    });
    const res = await t.http().post(SUBMIT).send(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: 'Your message has been sent.' });
    const email = String(body.email).toLowerCase();
    const stored = await messages().findOneByOrFail({ email });
    expect(stored).toMatchObject({
      first_name: 'Carlos',
      last_name: 'Méndez',
      phone: '5559876543',
      message: body.message,
    });

    const mail = await smtp.waitFor(AGENCY, (m) => m.text.includes(email));
    expect(mail.subject).toBe('Nuevo mensaje de contacto: Carlos Méndez');
    expect(mail.text).toContain('¿El paquete a Cancún incluye traslados?\nGracias.');
    expect(mail.text).toContain('Teléfono: 5559876543');
    await eventually(async () => (await messages().findOneByOrFail({ email })).forwarded_at);
  });

  it('escapes the visitor text in the HTML copy', async () => {
    const email = uniqueEmail('xss');
    await t
      .http()
      .post(SUBMIT)
      .send(contact({ email, message: '<script>alert(1)</script>' }))
      .expect(201);
    const mail = await smtp.waitFor(AGENCY, (m) => m.text.includes(email));
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it('accepts a message without a phone', async () => {
    for (const phone of [undefined, '', null]) {
      const email = uniqueEmail('nophone');
      const res = await t.http().post(SUBMIT).send(contact({ email, phone }));
      expect(res.status).toBe(201);
      expect((await messages().findOneByOrFail({ email })).phone).toBeNull();
    }
  });

  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['a missing first name', { firstName: '' }, 'firstName', 'First Name is required'],
    ['a long first name', { firstName: 'n'.repeat(51) }, 'firstName', 'First Name cannot exceed 50 characters'],
    ['a missing last name', { lastName: '  ' }, 'lastName', 'Last Name is required'],
    ['a long last name', { lastName: 'm'.repeat(51) }, 'lastName', 'Last Name cannot exceed 50 characters'],
    ['a missing e-mail', { email: undefined }, 'email', 'Email is required'],
    ['a malformed e-mail', { email: 'carlos.example.com' }, 'email', 'Invalid email format'],
    ['a short phone', { phone: '12345' }, 'phone', 'Invalid phone number (10-15 digits)'],
    ['a long phone', { phone: '1'.repeat(16) }, 'phone', 'Invalid phone number (10-15 digits)'],
    ['a missing message', { message: '' }, 'message', 'Message is required'],
    ['a blank message', { message: ' \n ' }, 'message', 'Message is required'],
    ['a long message', { message: 'z'.repeat(1501) }, 'message', 'Message cannot exceed 1500 characters'],
  ];

  it.each(cases)('refuses %s', async (_name, overrides, field, message) => {
    const before = await messages().count();
    const res = await t.http().post(SUBMIT).send(contact(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message, error: message });
    expect(res.body.errors).toMatchObject({ [field]: message });
    expect(await messages().count()).toBe(before);
  });

  it('accepts a message of exactly 1500 characters', async () => {
    const res = await t
      .http()
      .post(SUBMIT)
      .send(contact({ message: 'k'.repeat(1500) }));
    expect(res.status).toBe(201);
  });

  it('keeps a message whose forwarding failed and forwards it once the mail server is back', async () => {
    await t.app.get(OutboxWorker).idle();
    OUTBOX_RETRY_DELAYS_MS.splice(0, OUTBOX_RETRY_DELAYS_MS.length, 400, 400);
    smtp.failing = true;
    const email = uniqueEmail('later');
    const res = await t.http().post(SUBMIT).send(contact({ email }));
    expect(res.status).toBe(201);
    await eventually(async () => smtp.refused > 0);
    const stored = await messages().findOneByOrFail({ email });
    expect(stored.forwarded_at).toBeNull();
    smtp.failing = false;
    await smtp.waitFor(AGENCY, (m) => m.text.includes(email));
    await eventually(async () => (await messages().findOneByOrFail({ email })).forwarded_at);
    const row = await t.dataSource
      .getRepository(OutboxMail)
      .findOneByOrFail({ kind: 'contact-forward', ref_id: stored.id });
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    OUTBOX_RETRY_DELAYS_MS.splice(0, OUTBOX_RETRY_DELAYS_MS.length, 50, 50);
  });
});

describe('contact when the mail server is down', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
  });
  afterAll(async () => {
    await t.close();
  });

  it('still stores the message and answers 201', async () => {
    const email = uniqueEmail('down');
    const res = await t.http().post(SUBMIT).send(contact({ email }));
    expect(res.status).toBe(201);
    expect(await t.dataSource.getRepository(ContactMessage).countBy({ email })).toBe(1);
  });
});
