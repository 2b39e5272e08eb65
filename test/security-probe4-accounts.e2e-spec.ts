import { randomBytes } from 'node:crypto';
import { IsNull } from 'typeorm';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { OutboxWorker } from '../src/mail/outbox-worker.service';
import { User } from '../src/users/entities/user.entity';
import { UserToken } from '../src/users/entities/user-token.entity';
import { login, signUpBody, uniqueEmail } from './support/account-helpers';
import { ageVerification, codeOf } from './support/leads';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, createUser, TestApp } from './support/test-app';

const SIGN_UP = '/api/users/sign-up/';
const VERIFY_CODE = '/api/destination-lead/verify-code/';

// The per-address counters live in this process, or in Redis (shared by every instance) when set.
const redisUrl = process.env.TEST_REDIS_URL;
const variants: Array<[string, Record<string, string>]> = [['in memory', {}]];
if (redisUrl)
  variants.push(['with Redis', { REDIS_URL: redisUrl, REDIS_PREFIX: `t${randomBytes(4).toString('hex')}:` }]);

/**
 * Probe 4, accounts: verification mails limited per recipient address whatever the number of
 * clients, and no route telling which addresses have an account (login, sign-up) or a live lead
 * code (verify-code). The clients are told apart by X-Forwarded-For behind a trusted proxy
 * (TRUST_PROXY loopback), and every per-IP limit is at its production value.
 */
describe.each(variants)('probe 4: verification-mail bombing and account enumeration (%s)', (_name, env) => {
  jest.setTimeout(60_000);
  let t: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: 'loopback', RATE_LIMIT_MULTIPLIER: '1', ...env });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  let client = 0;
  /** A request from a client address of its own (one per call), so no per-IP limit is what stops it. */
  const fromNewClient = () => {
    client += 1;
    return `198.51.${Math.floor(client / 250)}.${(client % 250) + 1}`;
  };
  const signUpFrom = (body: Record<string, unknown>, ip = fromNewClient()) =>
    t.http().post(SIGN_UP).set('X-Forwarded-For', ip).send(body);

  /** Every mail queued to the address has left (or was given up), and the SMTP server has them. */
  const mailsTo = async (email: string) => {
    const outbox = t.dataSource.getRepository(OutboxMail);
    const worker = t.app.get(OutboxWorker);
    const deadline = Date.now() + 10_000;
    while ((await outbox.countBy({ to_address: email, sent_at: IsNull(), failed_at: IsNull() })) > 0) {
      if (Date.now() > deadline) throw new Error(`mails to ${email} still queued`);
      worker.kick();
      await new Promise((r) => setTimeout(r, 50));
    }
    await worker.idle();
    return smtp.mails.filter((m) => m.to.includes(email.toLowerCase()));
  };

  /** What a client can see of a sign-up's answer: status, body, and the cookie's name, attributes and shape. */
  const seen = (res: { status: number; body: unknown; headers: Record<string, unknown> }) => ({
    status: res.status,
    body: res.body,
    cookies: ([] as string[])
      .concat((res.headers['set-cookie'] as string[] | undefined) ?? [])
      .map((c) =>
        c.replace(/^([^=]+)=([A-Za-z0-9_-]+)/, (_all, name: string, value: string) => `${name}=<${value.length}>`),
      ),
  });

  describe('B: verification mails per recipient address', () => {
    it('sends one verification mail to an unverified address signed up 10 times from 10 clients', async () => {
      const body = signUpBody();
      const email = body.email as string;
      const first = await signUpFrom(body);
      expect(first.status).toBe(201);
      // The owner's own repeat, and nine strangers', all at once from ten clients.
      const again = await Promise.all(Array.from({ length: 10 }, () => signUpFrom({ ...body, first_name: 'Otra' })));
      expect(again.map((r) => seen(r))).toEqual(Array(10).fill(seen(first)));
      const mails = await mailsTo(email);
      expect(mails.map((m) => m.subject)).toEqual(['Verifica tu cuenta']);
      // The link that was sent still verifies the account.
      expect(mails[0].text).toContain('http://localhost:3000/email-verification/');
    });

    it('sends at most one mail when 10 clients sign up a new address at the same moment', async () => {
      const body = signUpBody();
      const email = body.email as string;
      const all = await Promise.all(Array.from({ length: 10 }, () => signUpFrom(body)));
      expect(all.map((r) => r.status)).toEqual(Array(10).fill(201));
      expect(await t.dataSource.getRepository(User).countBy({ email })).toBe(1);
      expect((await mailsTo(email)).length).toBe(1);
    });
  });

  describe('E: sign-up of a registered address', () => {
    it('answers as a new sign-up does, changes nothing and e-mails the owner instead', async () => {
      // Made straight in the database: the sign-up mails of an address share one budget (see B), and
      // a sign-up through the API would have spent it on the verification mail minutes ago.
      const created = await createUser(t);
      const owner = { email: created.user.email, password: created.password };
      const users = t.dataSource.getRepository(User);
      const tokens = t.dataSource.getRepository(UserToken);
      const before = await users.findOneByOrFail({ email: owner.email });
      const tokensBefore = await tokens.countBy({ user_id: before.id });
      const mailsBefore = (await mailsTo(owner.email)).length;

      const fresh = await signUpFrom(signUpBody());
      const taken = await signUpFrom(signUpBody({ email: owner.email.toUpperCase(), password: 'Intruso-Clave-2031!' }));
      expect(fresh.status).toBe(201);
      expect(seen(taken)).toEqual(seen(fresh));
      expect(taken.body).toEqual({ success: true, message: expect.any(String) });

      // Nothing created or changed: the same row, the same password, no new token.
      expect(await users.countBy({ email: owner.email })).toBe(1);
      expect(await users.findOneByOrFail({ email: owner.email })).toEqual(before);
      expect(await tokens.countBy({ user_id: before.id })).toBe(tokensBefore);
      expect((await login(t, owner.email, owner.password)).status).toBe(200);

      const mails = (await mailsTo(owner.email)).slice(mailsBefore);
      expect(mails.map((m) => m.subject)).toEqual(['Intento de registro con tu correo']);
      expect(mails[0].text).toContain('Hola Test,');
      expect(mails[0].text).toContain('Alguien intentó crear una cuenta nueva con este correo electrónico');
      expect(mails[0].text).toContain('http://localhost:3000/forgot-password');
      expect(mails[0].text).not.toContain('/email-verification/');
      expect(mails[0].html).toContain('http://localhost:3000/forgot-password');
    });

    it('sends the owner one notice however many clients try, and points an admin to the back-office', async () => {
      const admin = await createUser(t, { admin: true });
      const all = await Promise.all(
        Array.from({ length: 10 }, () => signUpFrom(signUpBody({ email: admin.user.email }))),
      );
      expect(all.map((r) => r.status)).toEqual(Array(10).fill(201));
      const mails = await mailsTo(admin.user.email);
      expect(mails.map((m) => m.subject)).toEqual(['Intento de registro con tu correo']);
      expect(mails[0].text).toContain('http://localhost:3000/admin/forgot-password');
      expect(await t.dataSource.getRepository(User).countBy({ email: admin.user.email })).toBe(1);
    });
  });

  describe('E: logins', () => {
    it('answers an unknown address as a wrong password: one 401, one message', async () => {
      const user = await createUser(t);
      const ip = fromNewClient();
      const as = (username: string, password: string) =>
        t.http().post('/api/users/token/').set('X-Forwarded-For', ip).send({ username, password });
      const unknown = await as(uniqueEmail('nadie'), 'Alguna-Clave-2031!');
      const wrong = await as(user.user.email, 'Alguna-Clave-2031!');
      expect({ status: unknown.status, body: unknown.body }).toEqual({ status: wrong.status, body: wrong.body });
      expect(wrong.status).toBe(401);
      expect(wrong.body.error).toBe('Email or password is incorrect. Please try again.');
    });

    it('answers the admin login alike for an unknown address and a wrong password', async () => {
      const admin = await createUser(t, { admin: true });
      const ip = fromNewClient();
      const as = (email: string, password: string) =>
        t.http().post('/api/users/admin/login/').set('X-Forwarded-For', ip).send({ email, password });
      const unknown = await as(uniqueEmail('nadie'), 'Alguna-Clave-2031!');
      const wrong = await as(admin.user.email, 'Alguna-Clave-2031!');
      expect({ status: unknown.status, body: unknown.body }).toEqual({ status: wrong.status, body: wrong.body });
      expect(wrong.status).toBe(401);
    });
  });

  describe('E: lead code guesses', () => {
    const guess = (email: string, code: string) =>
      t.http().post(VERIFY_CODE).set('X-Forwarded-For', fromNewClient()).send({ email, confirmation_code: code });
    const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

    it('answers a guess at an address with no code as a wrong guess at a live one, to the fifth and after', async () => {
      const live = uniqueEmail('con-codigo');
      const none = uniqueEmail('sin-codigo');
      const sent = await t
        .http()
        .post('/api/destination-lead/send-email-verification/')
        .set('X-Forwarded-For', fromNewClient())
        .send({ email: live });
      expect(sent.status).toBe(200);
      const code = codeOf(await smtp.waitFor(live, (m) => /código/i.test(m.subject)));
      const wrong = code === '9999' ? '9998' : '9999';
      for (let i = 1; i <= 6; i += 1) {
        const atLive = await guess(live, wrong);
        const atNone = await guess(none, wrong);
        expect({ i, ...answer(atNone) }).toEqual({ i, ...answer(atLive) });
        expect(atLive.status).toBe(i < 5 ? 400 : 429);
      }
      expect((await guess(live, wrong)).body.error).toBe(
        'Too many incorrect attempts. Please request a new confirmation code.',
      );
    });

    it('answers a guess at an expired code as a wrong guess', async () => {
      const expired = uniqueEmail('caducado');
      const live = uniqueEmail('vivo');
      for (const email of [expired, live]) {
        await t
          .http()
          .post('/api/destination-lead/send-email-verification/')
          .set('X-Forwarded-For', fromNewClient())
          .send({ email })
          .expect(200);
      }
      const code = codeOf(await smtp.waitFor(expired, (m) => /código/i.test(m.subject)));
      await ageVerification(t, expired, ['expires_at'], 601_000);
      const other = code === '0000' ? '0001' : '0000';
      const atExpired = await guess(expired, code);
      const atLive = await guess(live, other);
      expect(answer(atExpired)).toEqual(answer(atLive));
      expect(atExpired.status).toBe(400);
      expect(atExpired.body.error).toBe('Invalid confirmation code. Please try again.');
    });
  });
});
