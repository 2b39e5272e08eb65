import { IsNull } from 'typeorm';
import { Lead } from '../src/leads/entities/lead.entity';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { OutboxWorker } from '../src/mail/outbox-worker.service';
import { AccountLimitsService } from '../src/users/account-limits.service';
import { User } from '../src/users/entities/user.entity';
import { csrf, linkParts, login, signUpAndVerify, signUpBody, uniqueEmail } from './support/account-helpers';
import { createDestination, seedVerified, validLead } from './support/leads';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, createUser, TestApp } from './support/test-app';

/** Security review, part 4: caching, CORS, body types, reset links and unverified sign-ups. */
describe('security hardening', () => {
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

  const resetRequest = async (email: string) => {
    const { cookie, token } = await csrf(t);
    return t.http().post('/api/users/reset_password/').set('Cookie', cookie).set('X-CSRFToken', token).send({ email });
  };

  describe('Cache-Control: no-store', () => {
    it('is sent on token, profile, admin and export answers, and not on the public catalogue', async () => {
      const admin = await createUser(t, { admin: true });
      const auth = { Authorization: `Bearer ${admin.token}` };
      const answers = [
        await login(t, admin.user.email, admin.password),
        await t.http().get(`/api/users/user/${admin.user.id}/`).set(auth),
        await t.http().get('/api/admin/leads').set(auth),
        await t.http().get('/api/admin/leads/export/').set(auth),
        await t.http().get('/api/users/user/1/'),
      ];
      for (const res of answers)
        expect({ status: res.status, cc: res.headers['cache-control'] }).toMatchObject({ cc: 'no-store' });
      expect((await t.http().get('/api/destinations/')).headers['cache-control']).not.toBe('no-store');
    });
  });

  describe('CORS outside production', () => {
    it.each(['https://evil.example', 'http://localhost.evil.example', 'null'])(
      'gives no grant to %s',
      async (origin) => {
        const res = await t.http().get('/api/health').set('Origin', origin);
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      },
    );

    it('grants local development servers', async () => {
      const res = await t.http().get('/api/health').set('Origin', 'http://localhost:5173');
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    });
  });

  describe('JSON only', () => {
    it.each([
      [
        'a form-encoded body',
        'application/x-www-form-urlencoded',
        'firstName=Eve&lastName=X&email=eve%40x.com&message=hi',
      ],
      ['a text/plain body', 'text/plain', '{"firstName":"Eve","lastName":"X","email":"eve@x.com","message":"hi"}'],
      [
        'a multipart body',
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      ],
    ])('refuses %s with 415 on a JSON route, storing nothing', async (_what, type, body) => {
      const res = await t.http().post('/api/contact/submit/').set('Content-Type', type).send(body);
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ statusCode: 415, error: expect.stringContaining('application/json') });
      const login415 = await t.http().post('/api/users/token/').set('Content-Type', type).send(body);
      expect(login415.status).toBe(415);
    });
  });

  describe('password reset', () => {
    it('answers known and unknown addresses alike, each with one queued mail', async () => {
      const known = await createUser(t);
      const unknown = uniqueEmail('nobody');
      const a = await resetRequest(known.user.email);
      const b = await resetRequest(unknown);
      expect([a.status, a.body]).toEqual([b.status, b.body]);
      const outbox = t.dataSource.getRepository(OutboxMail);
      expect(await outbox.countBy({ kind: 'password-reset', to_address: known.user.email })).toBe(1);
      expect(await outbox.countBy({ kind: 'password-reset', to_address: unknown })).toBe(1);
      await smtp.waitFor(known.user.email, (m) => m.subject === 'Restablece tu contraseña');
      await t.app.get(OutboxWorker).idle();
      expect(smtp.mails.some((m) => m.to.includes(unknown))).toBe(false);
    });

    it('voids the older links when a new one is sent', async () => {
      const me = await createUser(t);
      await resetRequest(me.user.email);
      const first = await smtp.waitFor(me.user.email, (m) => m.subject === 'Restablece tu contraseña');
      await resetRequest(me.user.email);
      const second = await smtp.waitFor(me.user.email, (m) => m.subject === 'Restablece tu contraseña' && m !== first);
      const base = 'http://localhost:3000/api/users/reset';
      const old = linkParts(first, base);
      const fresh = linkParts(second, base);
      expect((await t.http().get(`/api/users/reset/${old.uidb64}/${old.token}/`)).status).toBe(400);
      expect((await t.http().get(`/api/users/reset/${fresh.uidb64}/${fresh.token}/`)).status).toBe(200);
    });

    it('limits the links sent per address, whether or not it has an account, with the usual answer', async () => {
      const known = await createUser(t);
      const usual = {
        success: true,
        message: 'If an account exists for this email, we have sent a link to reset the password.',
      };
      for (const email of [known.user.email, uniqueEmail('ghost')]) {
        for (let i = 0; i < 5; i++) expect((await resetRequest(email)).status).toBe(200);
        const limited = await resetRequest(email);
        expect(limited.status).toBe(200);
        expect(limited.body).toEqual(usual);
      }
      const queued = await t.dataSource.getRepository(OutboxMail).countBy({ to_address: known.user.email });
      expect(queued).toBe(5);
    });
  });

  describe('unverified sign-ups', () => {
    it('lets the owner of the address sign up again: a new verification link goes to the mailbox', async () => {
      const body = signUpBody();
      expect((await t.http().post('/api/users/sign-up/').send(body)).status).toBe(201);
      await smtp.waitFor(body.email as string, (m) => m.subject === 'Verifica tu cuenta');
      smtp.clear();
      // One sign-up mail per address every 5 minutes: the mail given back stands for those minutes.
      await t.app.get(AccountLimitsService).returnSignUpMail(body.email as string);
      const again = await t.http().post('/api/users/sign-up/').send(body);
      expect(again.status).toBe(201);
      const mail = await smtp.waitFor(body.email as string, (m) => m.subject === 'Verifica tu cuenta');
      const { uidb64, token } = linkParts(mail, 'http://localhost:3000/email-verification');
      expect((await t.http().get(`/api/users/verify-email/${uidb64}/${token}/`)).status).toBe(200);
      expect((await login(t, body.email as string, body.password as string)).status).toBe(200);
    });

    it('does not let a second sign-up choose the password of an account it cannot prove is its own', async () => {
      const owner = signUpBody();
      expect((await t.http().post('/api/users/sign-up/').send(owner)).status).toBe(201);
      const mail = await smtp.waitFor(owner.email as string, (m) => m.subject === 'Verifica tu cuenta');
      smtp.clear();
      const intruder = { ...signUpBody(), email: owner.email, password: 'Intruso-Clave-2031!' };
      const res = await t.http().post('/api/users/sign-up/').send(intruder);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ success: true, message: expect.any(String) });
      // Within 5 minutes of the first, no second mail: the link already sent is still the live one.
      const { uidb64, token } = linkParts(mail, 'http://localhost:3000/email-verification');
      await t.http().get(`/api/users/verify-email/${uidb64}/${token}/`).expect(200);
      expect((await login(t, owner.email as string, intruder.password)).status).toBe(401);
      expect((await login(t, owner.email as string, owner.password as string)).status).toBe(401);
      // The mailbox owner sets the password through the reset link.
      smtp.clear();
      await resetRequest(owner.email as string);
      const reset = await smtp.waitFor(owner.email as string, (m) => m.subject === 'Restablece tu contraseña');
      const link = linkParts(reset, 'http://localhost:3000/api/users/reset');
      const c = await csrf(t);
      await t
        .http()
        .post(`/api/users/reset/${link.uidb64}/${link.token}/`)
        .set('Cookie', c.cookie)
        .set('X-CSRFToken', c.token)
        .send({ password: 'Duena-Clave-2031!' })
        .expect(200);
      expect((await login(t, owner.email as string, 'Duena-Clave-2031!')).status).toBe(200);
    });

    it('answers an address whose account is verified as a new one, and changes nothing', async () => {
      const { email, password } = await signUpAndVerify(t, smtp);
      const fresh = await t.http().post('/api/users/sign-up/').send(signUpBody());
      const taken = await t
        .http()
        .post('/api/users/sign-up/')
        .send(signUpBody({ email, password: 'Otra-Clave-2031!' }));
      expect({ status: taken.status, body: taken.body }).toEqual({ status: 201, body: fresh.body });
      expect(await t.dataSource.getRepository(User).countBy({ email })).toBe(1);
      expect((await login(t, email, password)).status).toBe(200);
    });

    it('attaches leads to an account only once its address is verified', async () => {
      const destination = await createDestination(t);
      const body = signUpBody();
      const email = body.email as string;
      const signedUp = await t.http().post('/api/users/sign-up/').send(body).expect(201);
      // The browser that signed up keeps the sign-up's cookie and opens the link (see pre-registration).
      const browser = ([] as string[])
        .concat(signedUp.headers['set-cookie'] ?? [])
        .map((c) => c.split(';')[0])
        .join('; ');
      await seedVerified(t, [email]);
      const lead = await t.http().post('/api/leads/').send(validLead(destination.id, email));
      expect(lead.status).toBe(201);
      expect(lead.body.is_priority).toBe(false);
      const leads = t.dataSource.getRepository(Lead);
      expect(await leads.countBy({ id: lead.body.id, user_id: IsNull() })).toBe(1);
      const mail = await smtp.waitFor(email, (m) => m.subject === 'Verifica tu cuenta');
      const { uidb64, token } = linkParts(mail, 'http://localhost:3000/email-verification');
      await t.http().get(`/api/users/verify-email/${uidb64}/${token}/`).set('Cookie', browser).expect(200);
      const user = await t.dataSource.getRepository(User).findOneByOrFail({ email });
      expect((await leads.findOneByOrFail({ id: lead.body.id })).user_id).toBe(user.id);
    });
  });
});
