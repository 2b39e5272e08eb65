import { SqliteWriteQueueInterceptor } from '../src/common/interceptors/sqlite-write-queue.interceptor';
import { LeadsService } from '../src/leads/leads.service';
import { uniqueEmail } from './support/leads';
import { bootTestApp, TestApp } from './support/test-app';

/**
 * The public form POSTs (@LeanRoute()) skip Nest's routed pipeline but must answer exactly as the
 * rest of the API does; the lead, code and rate-limit suites check their answers in detail.
 */
describe('lean routes: the public form POSTs', () => {
  let t: TestApp;
  const intercept = jest.spyOn(SqliteWriteQueueInterceptor.prototype, 'intercept');

  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    intercept.mockRestore();
    await t.close();
  });
  beforeEach(() => intercept.mockClear());

  it('serve the three form POSTs outside Nest’s interceptor chain, which every other route still passes', async () => {
    for (const path of [
      '/api/leads/',
      '/api/leads',
      '/api/destination-lead/send-email-verification/',
      '/api/destination-lead/verify-code/',
    ]) {
      const res = await t.http().post(path).send({});
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, statusCode: 400 });
    }
    expect(intercept).not.toHaveBeenCalled();
    // The control: the contact form is an ordinary route, and its request goes through the chain.
    const contact = await t.http().post('/api/contact/submit/').send({});
    expect(contact.status).toBe(400);
    expect(intercept).toHaveBeenCalledTimes(1);
  });

  it('answer with the validation messages of the global pipe, the field errors included', async () => {
    const res = await t.http().post('/api/leads/').send({
      first_name: 'Ana',
      last_name: 'Ruiz',
      email: 'not-an-email',
      phone: '5551234567',
      destination: 1,
      extra: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('email');
    expect(res.body.errors).toHaveProperty('extra');
  });

  it('answer the statuses Nest would: 200 where the handler says @HttpCode(200)', async () => {
    const res = await t
      .http()
      .post('/api/destination-lead/send-email-verification/')
      .send({ email: uniqueEmail('lean') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
  });

  it('turn an unexpected failure into the same 500 JSON, with no detail leaked', async () => {
    const fail = jest
      .spyOn(LeadsService.prototype, 'submitPublicLead')
      .mockRejectedValueOnce(new Error('disk on fire at /var/lib/secret'));
    const res = await t
      .http()
      .post('/api/leads/')
      .send({
        first_name: 'Ana',
        last_name: 'Ruiz',
        email: uniqueEmail('boom'),
        phone: '5551234567',
        date: null,
        hour: null,
        source: 'email_verification',
        destination: 1,
      });
    fail.mockRestore();
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ success: false, statusCode: 500 });
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('keep the hooks every request passes: security headers and CORS for the site’s origin only', async () => {
    const own = await t.http().post('/api/leads/').set('Origin', 'http://localhost:3000').send({});
    expect(own.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(own.headers['content-security-policy']).toContain("default-src 'self'");
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    const other = await t.http().post('/api/leads/').set('Origin', 'https://elsewhere.example').send({});
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t
      .http()
      .options('/api/leads/')
      .set('Origin', 'http://localhost:3000')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type');
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it('refuse a body that is not JSON with 415 before it is read', async () => {
    const res = await t.http().post('/api/leads/').set('Content-Type', 'text/plain').send('first_name=Ana');
    expect(res.status).toBe(415);
  });
});
