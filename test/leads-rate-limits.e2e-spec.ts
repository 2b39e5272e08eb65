import { startSmtp, TestSmtp } from './support/smtp';
import { uniqueEmail } from './support/leads';
import { bootTestApp, TestApp } from './support/test-app';

describe('per-IP limits of the public lead and contact forms', () => {
  let t: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_MULTIPLIER: '1' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('allows 10 code requests per hour from one IP, whatever the e-mails', async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await t
        .http()
        .post('/api/destination-lead/send-email-verification/')
        .send({ email: uniqueEmail('ip') });
      expect(res.status).toBe(200);
    }
    const res = await t
      .http()
      .post('/api/destination-lead/send-email-verification/')
      .send({ email: uniqueEmail('ip') });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ success: false, error: 'Too many requests. Please try again later.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('allows 5 contact messages per 10 minutes from one IP', async () => {
    const body = (i: number) => ({ firstName: 'Ana', lastName: 'Ruiz', email: uniqueEmail(`c${i}`), message: 'Hola' });
    for (let i = 0; i < 5; i += 1) {
      const res = await t.http().post('/api/contact/submit/').send(body(i));
      expect(res.status).toBe(201);
    }
    const res = await t.http().post('/api/contact/submit/').send(body(6));
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ success: false, error: 'Too many requests. Please try again later.' });
  });

  it('limits code guesses per IP across e-mails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await t
        .http()
        .post('/api/destination-lead/verify-code/')
        .send({ email: uniqueEmail('guess'), confirmation_code: '1234' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
