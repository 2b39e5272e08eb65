import { AccountLimitsService, LOGIN_THROTTLE } from '../src/users/account-limits.service';
import { SIGN_IN_LINK } from '../src/users/sign-in-link';
import { OutboxWorker } from '../src/mail/outbox-worker.service';
import { LEAD_VERIFICATION } from '../shared/rules/lead';
import { RESET_REQUESTS_PER_ADDRESS } from '../src/users/password-reset.service';
import { linkParts } from './support/account-helpers';
import { ageVerification, codeOf, uniqueEmail } from './support/leads';
import { ReceivedMail, startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, createUser, TestApp } from './support/test-app';

const THROTTLED = 'Too many failed login attempts for this account. Please try again later.';
const LINK_SENT =
  'Too many failed login attempts for this account: it is closed to new devices for now. If the password is correct, we have e-mailed a sign-in link to the account’s address. Open it on this device within 15 minutes, then log in again.';
const LINK_SUBJECT = 'Tu enlace para iniciar sesión';
const RESET_SUBJECT = 'Restablece tu contraseña';
const RESET_REQUESTED = {
  success: true,
  message: 'If an account exists for this email, we have sent a link to reset the password.',
};
const CODE_SENT = { success: true, message: 'A verification code was sent to your email.' };
const SEND_CODE = '/api/destination-lead/send-email-verification/';
const VERIFY_CODE = '/api/destination-lead/verify-code/';

/**
 * Security issue, item 5: limits that protect an account, a mailbox or a form must never leave its
 * owner without a way in. Every client address is new to every test (X-Forwarded-For behind a
 * trusted loopback proxy), so one test's limits never touch another's.
 */
describe('the owner always has a way in', () => {
  jest.setTimeout(180_000);
  let t: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  let clients = 0;
  /** A client address no other request of this file used. */
  const newIp = () => {
    clients += 1;
    return `10.${Math.floor(clients / 250) % 250}.${clients % 250}.7`;
  };
  const login = (ip: string, email: string, password: string) =>
    t.http().post('/api/users/token/').set('X-Forwarded-For', ip).send({ username: email, password });
  const adminLogin = (ip: string, email: string, password: string) =>
    t.http().post('/api/users/admin/login/').set('X-Forwarded-For', ip).send({ email, password });
  const openLink = (ip: string, link: { uidb64: string; token: string }) =>
    t.http().post(`/api/users/sign-in-link/${link.uidb64}/${link.token}/`).set('X-Forwarded-For', ip).send();
  const mailsTo = (email: string, subject: string) =>
    smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && m.subject === subject);
  /** Waits until every queued mail has been sent (or found to be nothing to send). */
  const outboxSettled = async () => {
    await new Promise((r) => setTimeout(r, 300));
    await t.app.get(OutboxWorker).idle();
  };

  /**
   * A stranger closes the account to new clients: the ceiling's 100 failures plus one, 5 from each
   * address (the 5th blocks that address), so from 21 addresses. `viaHttp` false records the same
   * failures straight in the limits (each login costs a password hash; the first test pays for it).
   */
  async function closeAccount(email: string, attempt = login, viaHttp = true): Promise<void> {
    const limits = t.app.get(AccountLimitsService);
    let failures = 0;
    while (failures <= LOGIN_THROTTLE.accountCeiling) {
      const ip = newIp();
      for (let i = 0; i < LOGIN_THROTTLE.freeFailures && failures <= LOGIN_THROTTLE.accountCeiling; i += 1) {
        if (viaHttp) expect((await attempt(ip, email, `wrong-${failures}`)).status).toBe(401);
        else await limits.recordLoginFailure(email, ip);
        failures += 1;
      }
    }
  }

  describe('sign-in past the account’s ceiling of failed logins', () => {
    it('e-mails a sign-in link for the right password from a new client; the link lets that client in', async () => {
      const owner = await createUser(t);
      await closeAccount(owner.user.email);

      const home = newIp();
      const answer = await login(home, owner.user.email, owner.password);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ statusCode: 403, error: LINK_SENT, message: LINK_SENT, sign_in_link: true });
      const mail = await smtp.waitFor(owner.user.email, (m) => m.subject === LINK_SUBJECT);
      const link = linkParts(mail, 'http://localhost:3000/sign-in-link');
      expect(mail.html).toContain(link.link);
      expect(mail.text).toContain('válido durante 15 minutos');

      const opened = await openLink(home, link);
      expect(opened.status).toBe(200);
      expect(opened.body).toEqual({
        success: true,
        message: 'This device can sign in now. Log in with your password.',
        is_admin: false,
      });
      const signedIn = await login(home, owner.user.email, owner.password);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });

      // The link works once and lets in the client that opened it, nobody else.
      expect((await openLink(newIp(), link)).status).toBe(400);
      expect((await login(newIp(), owner.user.email, owner.password)).status).toBe(403);
    });

    it('answers a wrong password exactly like the right one, e-mails nothing for it, and still throttles it per client', async () => {
      const owner = await createUser(t);
      await closeAccount(owner.user.email, login, false);

      const right = await login(newIp(), owner.user.email, owner.password);
      const wrong = await login(newIp(), owner.user.email, 'Not-The-Password-1');
      expect(wrong.status).toBe(right.status);
      expect(wrong.body).toEqual(right.body);
      await smtp.waitFor(owner.user.email, (m) => m.subject === LINK_SUBJECT);
      await outboxSettled();
      expect(mailsTo(owner.user.email, LINK_SUBJECT)).toHaveLength(1);

      // A guesser's 5th failure blocks that client, as before the ceiling.
      const guesser = newIp();
      for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i += 1) {
        expect((await login(guesser, owner.user.email, `guess-${i}`)).status).toBe(403);
      }
      const blocked = await login(guesser, owner.user.email, owner.password);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ statusCode: 429, error: THROTTLED, message: THROTTLED });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it(`sends at most ${SIGN_IN_LINK.perAccountPerHour} links per account and hour`, async () => {
      const owner = await createUser(t);
      await closeAccount(owner.user.email, login, false);
      for (let i = 0; i < SIGN_IN_LINK.perAccountPerHour + 2; i += 1) {
        expect((await login(newIp(), owner.user.email, owner.password)).status).toBe(403);
      }
      await outboxSettled();
      expect(mailsTo(owner.user.email, LINK_SUBJECT)).toHaveLength(SIGN_IN_LINK.perAccountPerHour);
    });

    it('does the same for the admin login', async () => {
      const admin = await createUser(t, { admin: true });
      await closeAccount(admin.user.email, adminLogin, false);

      const office = newIp();
      const answer = await adminLogin(office, admin.user.email, admin.password);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({
        statusCode: 403,
        error: LINK_SENT,
        message: LINK_SENT,
        sign_in_link: true,
        success: false,
        is_admin: false,
        is_agent: false,
      });
      const mail = await smtp.waitFor(admin.user.email, (m) => m.subject === LINK_SUBJECT);
      const opened = await openLink(office, linkParts(mail, 'http://localhost:3000/sign-in-link'));
      expect(opened.status).toBe(200);
      expect(opened.body.is_admin).toBe(true);
      const signedIn = await adminLogin(office, admin.user.email, admin.password);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toMatchObject({ success: true, is_admin: true, access: expect.any(String) });
    });
  });

  describe('password reset past the address’s budget', () => {
    const resetRequest = async (ip: string, email: string) => {
      const csrf = await t.http().get('/api/users/csrf/').set('X-Forwarded-For', ip);
      const token = csrf.body.csrfToken as string;
      return t
        .http()
        .post('/api/users/reset_password/')
        .set('X-Forwarded-For', ip)
        .set('Cookie', `csrftoken=${token}`)
        .set('X-CSRFToken', token)
        .send({ email });
    };

    it('answers as usual, sends nothing more, and the newest link sent keeps working', async () => {
      const owner = await createUser(t);
      const base = 'http://localhost:3000/api/users/reset';
      const links: Array<{ uidb64: string; token: string }> = [];
      const seen = new Set<ReceivedMail>();
      // A stranger spends the address's budget, each request from another address.
      for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS.limit; i += 1) {
        const res = await resetRequest(newIp(), owner.user.email);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(RESET_REQUESTED);
        const mail = await smtp.waitFor(owner.user.email, (m) => m.subject === RESET_SUBJECT && !seen.has(m));
        seen.add(mail);
        links.push(linkParts(mail, base));
      }
      for (let i = 0; i < 3; i += 1) {
        const res = await resetRequest(newIp(), owner.user.email);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(RESET_REQUESTED);
      }
      await outboxSettled();
      expect(mailsTo(owner.user.email, RESET_SUBJECT)).toHaveLength(RESET_REQUESTS_PER_ADDRESS.limit);

      // Each link sent voided the ones before it; the requests past the budget voided nothing.
      const newest = links[links.length - 1];
      expect((await t.http().get(`/api/users/reset/${links[0].uidb64}/${links[0].token}/`)).status).toBe(400);
      expect((await t.http().get(`/api/users/reset/${newest.uidb64}/${newest.token}/`)).status).toBe(200);
      const owners = newIp();
      const csrf = await t.http().get('/api/users/csrf/').set('X-Forwarded-For', owners);
      const saved = await t
        .http()
        .post(`/api/users/reset/${newest.uidb64}/${newest.token}/`)
        .set('X-Forwarded-For', owners)
        .set('Cookie', `csrftoken=${csrf.body.csrfToken as string}`)
        .set('X-CSRFToken', csrf.body.csrfToken as string)
        .send({ password: 'Nueva-Clave-Duena-2032' });
      expect(saved.status).toBe(200);
      expect((await login(owners, owner.user.email, 'Nueva-Clave-Duena-2032')).status).toBe(200);
    });
  });

  describe('lead codes', () => {
    const sendCode = (ip: string, email: string) => t.http().post(SEND_CODE).set('X-Forwarded-For', ip).send({ email });
    const verifyCode = (ip: string, email: string, code: string) =>
      t.http().post(VERIFY_CODE).set('X-Forwarded-For', ip).send({ email, confirmation_code: code });
    /** Sends a code from `ip` (as if 31 s had passed since the last one) and returns it from its mail. */
    async function codeFrom(ip: string, email: string): Promise<string> {
      await ageVerification(t, email, ['last_sent_at'], 31_000).catch(() => undefined);
      const before = smtp.mails.length;
      const res = await sendCode(ip, email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(CODE_SENT);
      return codeOf(await smtp.waitFor(email, (m) => smtp.mails.indexOf(m) >= before));
    }
    const wrongFor = (code: string) => (code === '9999' ? '9998' : '9999');

    it('lets the owner get a fresh code after a stranger spent their own budget and burnt the current code', async () => {
      const email = uniqueEmail('owner');
      const stranger = newIp();
      let last = '';
      for (let i = 0; i < LEAD_VERIFICATION.sendsPerClient; i += 1) last = await codeFrom(stranger, email);
      await ageVerification(t, email, ['last_sent_at'], 31_000);
      const refused = await sendCode(stranger, email);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        success: false,
        error: 'Too many codes were requested for this email. Please try again later.',
      });
      for (let i = 0; i < LEAD_VERIFICATION.maxAttemptsPerCode; i += 1)
        await verifyCode(stranger, email, wrongFor(last));
      expect((await verifyCode(stranger, email, last)).status).toBe(429);

      const owner = newIp();
      const fresh = await codeFrom(owner, email);
      const verified = await verifyCode(owner, email, fresh);
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ success: true, message: 'Email verified successfully.' });
    });

    it('past the cap over all clients answers as usual, sends nothing, keeps the last code, and opens again after 15 minutes', async () => {
      const email = uniqueEmail('flooded');
      const strangers = [newIp(), newIp()];
      let last = '';
      for (let i = 0; i < LEAD_VERIFICATION.sendsPerEmail; i += 1) {
        last = await codeFrom(strangers[i % 2], email);
      }
      const owner = newIp();
      await ageVerification(t, email, ['last_sent_at'], 31_000);
      const capped = await sendCode(owner, email);
      expect(capped.status).toBe(200);
      expect(capped.body).toEqual(CODE_SENT);
      await outboxSettled();
      expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(LEAD_VERIFICATION.sendsPerEmail);
      // The last code sent (in the owner's mailbox) still works.
      expect((await verifyCode(owner, email, last)).status).toBe(200);

      // A stranger burns its guesses: the owner waits for the e-mail's window, 15 minutes, not an hour.
      for (let i = 0; i < LEAD_VERIFICATION.maxAttemptsPerCode; i += 1) {
        await verifyCode(strangers[0], email, wrongFor(last));
      }
      await ageVerification(t, email, ['last_sent_at'], 31_000);
      expect((await sendCode(owner, email)).body).toEqual(CODE_SENT);
      await outboxSettled();
      expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(LEAD_VERIFICATION.sendsPerEmail);
      await ageVerification(t, email, ['window_started_at'], LEAD_VERIFICATION.emailWindowMinutes * 60_000);
      const fresh = await codeFrom(owner, email);
      expect((await verifyCode(owner, email, fresh)).status).toBe(200);
    });
  });
});
