import { Lead } from '../src/leads/entities/lead.entity';
import { LeadEvent } from '../src/leads/entities/lead-event.entity';
import {
  ageVerification,
  codeOf,
  createDestination,
  seedVerified,
  uniqueEmail,
  validLead,
  verifyThroughMail,
} from './support/leads';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, createUser, TestApp } from './support/test-app';

const LEADS = '/api/leads/';
const NOTIFY = 'ventas@agencia.example';

describe('public leads', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let destinationId: number;
  let otherDestinationId: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url, LEADS_NOTIFY_EMAIL: NOTIFY });
    destinationId = (await createDestination(t, { name: 'Punta Cana' })).id;
    otherDestinationId = (await createDestination(t, { name: 'Cancún' })).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function verified(email = uniqueEmail()): Promise<string> {
    await seedVerified(t, [email]);
    return email;
  }

  it('walks the whole flow: code e-mail, wrong code, right code, lead stored as new', async () => {
    const email = uniqueEmail('Flow').replace('@example.com', '@Example.com');
    const sent = await t.http().post('/api/destination-lead/send-email-verification/').send({ email });
    expect(sent.status).toBe(200);
    const code = codeOf(await smtp.waitFor(email));
    const wrong = await t
      .http()
      .post('/api/destination-lead/verify-code/')
      .send({ email, confirmation_code: code === '1111' ? '2222' : '1111' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Invalid confirmation code. Please try again.');
    const right = await t.http().post('/api/destination-lead/verify-code/').send({ email, confirmation_code: code });
    expect(right.status).toBe(200);

    const res = await t
      .http()
      .post(LEADS)
      .send(
        validLead(destinationId, email, {
          first_name: '  María ',
          last_name: ' Pérez  ',
          phone: '+1 (809) 555-1234',
          date: '2026-03-14',
          hour: '09:30',
        }),
      );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/),
      formatted_created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      first_name: 'María',
      last_name: 'Pérez',
      email: email.toLowerCase(),
      phone: '18095551234',
      date: '2026-03-14',
      hour: '09:30',
      status: 'new',
      source: 'email_verification',
      destination: { id: destinationId, name: 'Punta Cana' },
      is_priority: false,
    });

    const stored = await t.dataSource.getRepository(Lead).findOneByOrFail({ id: res.body.id });
    expect(stored).toMatchObject({
      status: 'new',
      email: email.toLowerCase(),
      phone: '18095551234',
      destination_id: destinationId,
    });
    const events = await t.dataSource.getRepository(LeadEvent).findBy({ lead_id: res.body.id });
    expect(events).toEqual([expect.objectContaining({ kind: 'created', to_value: 'new', actor_id: null })]);
  });

  it('notifies the agency of a new lead by e-mail, in Spanish', async () => {
    const email = await verified();
    const res = await t
      .http()
      .post(LEADS)
      .send(validLead(destinationId, email, { first_name: 'Lucía', last_name: '<b>Ruiz</b>' }));
    expect(res.status).toBe(201);
    const mail = await smtp.waitFor(NOTIFY, (m) => m.text.includes(email));
    expect(mail.subject).toBe('Nueva solicitud: Lucía <b>Ruiz</b> (Punta Cana)');
    expect(mail.text).toContain('Se recibió una nueva solicitud');
    expect(mail.text).toContain('Teléfono: 5551234567');
    expect(mail.text).toContain(`Solicitud: #${res.body.id}`);
    expect(mail.text).toContain(`/admin/leads/${res.body.id}/show`);
    expect(mail.html).toContain('&lt;b&gt;Ruiz&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Ruiz</b>');
  });

  it('refuses a lead whose e-mail was never verified', async () => {
    const res = await t.http().post(LEADS).send(validLead(destinationId, uniqueEmail()));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      success: false,
      error: 'Please verify your email before submitting your request.',
    });
  });

  it('refuses a lead whose e-mail asked for a code but never confirmed it', async () => {
    const email = uniqueEmail();
    await t.http().post('/api/destination-lead/send-email-verification/').send({ email }).expect(200);
    const res = await t.http().post(LEADS).send(validLead(destinationId, email));
    expect(res.status).toBe(403);
  });

  it('refuses a lead when the verification is older than 30 minutes', async () => {
    const email = await verified();
    await ageVerification(t, email, ['verified_at'], 31 * 60_000);
    const res = await t.http().post(LEADS).send(validLead(destinationId, email));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Please verify your email before submitting your request.');
    expect(await t.dataSource.getRepository(Lead).countBy({ email })).toBe(0);
  });

  it('accepts a lead verified through the real e-mail 29 minutes ago', async () => {
    const email = uniqueEmail();
    await verifyThroughMail(t, smtp, email);
    await ageVerification(t, email, ['verified_at'], 29 * 60_000);
    const res = await t.http().post(LEADS).send(validLead(destinationId, email));
    expect(res.status).toBe(201);
  });

  describe('validation', () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['a missing first name', { first_name: undefined }, 'first_name', 'First Name is required'],
      ['a blank first name', { first_name: '   ' }, 'first_name', 'First Name is required'],
      ['a long first name', { first_name: 'x'.repeat(51) }, 'first_name', 'First Name cannot exceed 50 characters'],
      ['a missing last name', { last_name: '' }, 'last_name', 'Last Name is required'],
      ['a long last name', { last_name: 'y'.repeat(51) }, 'last_name', 'Last Name cannot exceed 50 characters'],
      ['a missing e-mail', { email: '' }, 'email', 'Email is required'],
      ['a malformed e-mail', { email: 'ana@example' }, 'email', 'Invalid email format'],
      ['a missing phone', { phone: '' }, 'phone', 'Phone is required'],
      ['a short phone', { phone: '555123456' }, 'phone', 'Invalid phone number (10-15 digits)'],
      ['a long phone', { phone: '1234567890123456' }, 'phone', 'Invalid phone number (10-15 digits)'],
      ['a phone with letters', { phone: '555-123-ABCD' }, 'phone', 'Invalid phone number (10-15 digits)'],
      ['a date in another format', { date: '14/03/2026' }, 'date', 'Invalid date format (YYYY-MM-DD)'],
      ['an impossible date', { date: '2025-02-30' }, 'date', 'Invalid date format (YYYY-MM-DD)'],
      ['a 13th month', { date: '2026-13-01' }, 'date', 'Invalid date format (YYYY-MM-DD)'],
      ['an hour past 23', { hour: '24:00' }, 'hour', 'Invalid hour format (HH:MM, 24-hour format)'],
      ['an hour without a leading zero', { hour: '9:30' }, 'hour', 'Invalid hour format (HH:MM, 24-hour format)'],
      ['an hour with seconds', { hour: '09:30:00' }, 'hour', 'Invalid hour format (HH:MM, 24-hour format)'],
      ['a missing destination', { destination: undefined }, 'destination', 'Destination is required'],
      ['a destination that is not an id', { destination: 'abc' }, 'destination', 'Selected destination does not exist'],
      ['an unknown destination', { destination: 999999 }, 'destination', 'Selected destination does not exist'],
      ['another source', { source: 'admin' }, 'source', 'Invalid source'],
    ];

    it.each(cases)('refuses %s', async (_name, overrides, field, message) => {
      const email = await verified();
      const res = await t
        .http()
        .post(LEADS)
        .send(validLead(destinationId, email, overrides));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message, error: message });
      expect(res.body.errors).toMatchObject({ [field]: message });
    });

    it('reports every invalid field at once', async () => {
      const res = await t.http().post(LEADS).send({ email: 'nope', phone: '12', date: 'x', hour: 'y' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({
        first_name: 'First Name is required',
        last_name: 'Last Name is required',
        email: 'Invalid email format',
        phone: 'Invalid phone number (10-15 digits)',
        date: 'Invalid date format (YYYY-MM-DD)',
        hour: 'Invalid hour format (HH:MM, 24-hour format)',
        destination: 'Destination is required',
      });
    });

    it('refuses an inactive destination', async () => {
      const inactive = await createDestination(t, { name: 'Cerrado', status: 'inactive' });
      const res = await t
        .http()
        .post(LEADS)
        .send(validLead(inactive.id, await verified()));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ destination: 'Selected destination does not exist' });
    });

    it('accepts empty date and hour as not given, and a destination id sent as text', async () => {
      const email = await verified();
      const res = await t
        .http()
        .post(LEADS)
        .send(validLead(destinationId, email, { date: '', hour: '', destination: String(destinationId) }));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ date: null, hour: null, destination: { id: destinationId } });
    });

    it('accepts names of exactly 50 characters and a 15-digit phone', async () => {
      const email = await verified();
      const res = await t
        .http()
        .post(LEADS)
        .send(
          validLead(destinationId, email, {
            first_name: 'a'.repeat(50),
            last_name: 'b'.repeat(50),
            phone: '123456789012345',
          }),
        );
      expect(res.status).toBe(201);
    });

    it('refuses unknown fields', async () => {
      const res = await t
        .http()
        .post(LEADS)
        .send({ ...validLead(destinationId, await verified()), status: 'booked' });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    });
  });

  it('answers a repeat of the same e-mail and destination with the first lead', async () => {
    const email = await verified();
    const first = await t.http().post(LEADS).send(validLead(destinationId, email));
    expect(first.status).toBe(201);
    const repeat = await t
      .http()
      .post(LEADS)
      .send(validLead(destinationId, email.toUpperCase(), { first_name: 'Otra' }));
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(await t.dataSource.getRepository(Lead).countBy({ email })).toBe(1);
  });

  it('marks a second lead for another destination as a repeat customer', async () => {
    const email = await verified();
    const first = await t.http().post(LEADS).send(validLead(destinationId, email));
    const second = await t.http().post(LEADS).send(validLead(otherDestinationId, email));
    expect(first.body.is_priority).toBe(false);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ is_priority: true, destination: { id: otherDestinationId, name: 'Cancún' } });
  });

  it('creates a new priority lead when the earlier one for the same destination is older than 10 minutes', async () => {
    const email = await verified();
    const first = await t.http().post(LEADS).send(validLead(destinationId, email));
    await t.dataSource
      .getRepository(Lead)
      .update({ id: first.body.id }, { created_at: new Date(Date.now() - 11 * 60_000) });
    const later = await t.http().post(LEADS).send(validLead(destinationId, email));
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    expect(later.body.is_priority).toBe(true);
  });

  it('links the lead of an e-mail that has an account and marks it priority', async () => {
    const { user } = await createUser(t, { email: uniqueEmail('customer') });
    await seedVerified(t, [user.email]);
    const res = await t.http().post(LEADS).send(validLead(destinationId, user.email));
    expect(res.status).toBe(201);
    expect(res.body.is_priority).toBe(true);
    const stored = await t.dataSource.getRepository(Lead).findOneByOrFail({ id: res.body.id });
    expect(stored.user_id).toBe(user.id);
  });

  it('answers a malformed JSON body with a 400, never a 500', async () => {
    const res = await t.http().post(LEADS).set('Content-Type', 'application/json').send('{"first_name":');
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
  });
});
