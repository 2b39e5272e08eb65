import type { Response } from 'supertest';
import { Lead } from '../src/leads/entities/lead.entity';
import { User } from '../src/users/entities/user.entity';
import { csrf, GOOD_PASSWORD, linkParts, login, signUpBody, uniqueEmail } from './support/account-helpers';
import { bearer, seedDestination, seedLead } from './support/admin-fixtures';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, TestApp } from './support/test-app';

const VERIFIED = { success: true, message: 'Your email has been verified. You can now log in.' };
const CONFIRM_SUBJECT = 'Confirma tus solicitudes anteriores';
const CONFIRM_INVALID =
  'The link is invalid or has expired, or it was opened in a different browser from the one that asked for it.';

/** The `name=value` a browser keeps from a response's Set-Cookie, with the cookie's attributes. */
function cookieOf(res: Response, name: string): { pair: string; attributes: string } {
  const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${name}=`));
  if (!raw) throw new Error(`no ${name} cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return { pair: raw.split(';')[0], attributes: raw };
}

/**
 * Security issue, item 6: someone signs up another person's address with their own password; if
 * that person clicks the e-mailed verification link, the stranger can sign in. The leads the
 * person sent before must not show in that account until its holder shows they control the mailbox.
 */
describe('pre-registration takeover', () => {
  jest.setTimeout(120_000);
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

  const leadsOf = async (id: number, access: string) => {
    const res = await t.http().get(`/api/users/user/${id}/leads/`).set(bearer(access));
    expect(res.status).toBe(200);
    return (res.body as Array<{ id: number }>).map((l) => l.id);
  };
  /** A lead sent with this address some minutes ago (before any account). */
  const earlierLead = async (email: string) => {
    const destination = await seedDestination(t);
    const lead = await seedLead(t, destination.id, { email });
    await t.dataSource.getRepository(Lead).update({ id: lead.id }, { created_at: new Date(Date.now() - 10 * 60_000) });
    return lead;
  };
  const signUp = async (body: Record<string, unknown>) => {
    const res = await t.http().post('/api/users/sign-up/').send(body);
    expect(res.status).toBe(201);
    const mail = await smtp.waitFor(body.email as string, (m) => m.subject === 'Verifica tu cuenta');
    const link = linkParts(mail, 'http://localhost:3000/email-verification');
    // The answer names no account (it is the same whatever the address): the link does.
    return { res, id: Number(Buffer.from(link.uidb64, 'base64url').toString('utf8')), link };
  };
  const verify = (link: { uidb64: string; token: string }, cookie?: string) => {
    const req = t.http().get(`/api/users/verify-email/${link.uidb64}/${link.token}/`);
    return cookie ? req.set('Cookie', cookie) : req;
  };
  const earlierStatus = async (access: string) =>
    (await t.http().get('/api/users/earlier-leads/').set(bearer(access))).body as { confirmed: boolean };

  it("keeps a stranger's account from reading the owner's earlier leads until the owner takes it back", async () => {
    const email = uniqueEmail('victima');
    const before = await earlierLead(email);

    // The stranger signs up the owner's address; the owner clicks the link in their own browser.
    const stranger = await signUp(signUpBody({ email, password: 'Extrano-Clave-2031!' }));
    const verified = await verify(stranger.link);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual(VERIFIED);

    const session = await login(t, email, 'Extrano-Clave-2031!');
    expect(session.status).toBe(200);
    expect(await leadsOf(stranger.id, session.body.access)).toEqual([]);
    expect(await earlierStatus(session.body.access)).toEqual({ confirmed: false });
    expect((await t.dataSource.getRepository(Lead).findOneByOrFail({ id: before.id })).user_id).toBeNull();
    // What is sent from now on with the address does show (the account is verified for it).
    const destination = await seedDestination(t);
    const after = await seedLead(t, destination.id, { email });
    expect(await leadsOf(stranger.id, session.body.access)).toEqual([after.id]);

    // The stranger asks to confirm: the link goes to the owner's mailbox and is bound to the
    // stranger's browser, so the owner opening it claims nothing for the stranger.
    const asked = await t.http().post('/api/users/earlier-leads/').set(bearer(session.body.access)).send();
    expect(asked.status).toBe(200);
    expect(cookieOf(asked, 'earlier_leads_browser').attributes).toMatch(/HttpOnly/i);
    const mail = await smtp.waitFor(email, (m) => m.subject === CONFIRM_SUBJECT);
    const link = linkParts(mail, 'http://localhost:3000/confirm-earlier-requests');
    const refused = await t.http().post(`/api/users/earlier-leads/confirm/${link.uidb64}/${link.token}/`).send();
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, error: CONFIRM_INVALID });
    expect(await leadsOf(stranger.id, session.body.access)).toEqual([after.id]);

    // The owner resets the password ("forgot password"): the stranger is out, the leads are the owner's.
    const c = await csrf(t);
    await t
      .http()
      .post('/api/users/reset_password/')
      .set('Cookie', c.cookie)
      .set('X-CSRFToken', c.token)
      .send({ email })
      .expect(200);
    const reset = linkParts(
      await smtp.waitFor(email, (m) => m.subject === 'Restablece tu contraseña'),
      'http://localhost:3000/api/users/reset',
    );
    await t
      .http()
      .post(`/api/users/reset/${reset.uidb64}/${reset.token}/`)
      .set('Cookie', c.cookie)
      .set('X-CSRFToken', c.token)
      .send({ password: 'Duena-Clave-2031!' })
      .expect(200);
    expect((await t.http().post('/api/users/token/refresh/').send({ refresh: session.body.refresh })).status).toBe(401);
    const owner = await login(t, email, 'Duena-Clave-2031!');
    expect(owner.status).toBe(200);
    expect(await leadsOf(stranger.id, owner.body.access)).toEqual([after.id, before.id]);
    expect(await earlierStatus(owner.body.access)).toEqual({ confirmed: true });
  });

  it('gives the earlier leads to an account verified in the browser that signed it up', async () => {
    const email = uniqueEmail('propia');
    const before = await earlierLead(email);
    const { res, id, link } = await signUp(signUpBody({ email }));
    const cookie = cookieOf(res, 'signup_browser');
    expect(cookie.attributes).toMatch(/HttpOnly/i);
    expect(cookie.attributes).toMatch(/SameSite=Lax/i);
    expect(cookie.attributes).toMatch(/Path=\/api\/users\/verify-email(;|$)/i);

    const verified = await verify(link, cookie.pair);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ ...VERIFIED, earlier_leads_confirmed: true });
    expect(cookieOf(verified, 'signup_browser').pair).toBe('signup_browser=');

    const session = await login(t, email, GOOD_PASSWORD);
    expect(await leadsOf(id, session.body.access)).toEqual([before.id]);
    expect((await t.dataSource.getRepository(Lead).findOneByOrFail({ id: before.id })).user_id).toBe(id);
    expect(await earlierStatus(session.body.access)).toEqual({ confirmed: true });
    const again = await t.http().post('/api/users/earlier-leads/').set(bearer(session.body.access)).send();
    expect(again.body).toEqual({ success: true, message: 'Your earlier requests are already part of your account.' });
  });

  it("claims nothing with another sign-up's cookie", async () => {
    const mine = await signUp(signUpBody());
    const email = uniqueEmail('otra');
    await earlierLead(email);
    const other = await signUp(signUpBody({ email }));
    const verified = await verify(other.link, cookieOf(mine.res, 'signup_browser').pair);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ ...VERIFIED, earlier_leads_confirmed: false });
    const user = await t.dataSource.getRepository(User).findOneByOrFail({ id: other.id });
    expect(user.earlier_leads_claimed_at).toBeNull();
  });

  it('lets the holder confirm from the account page with a link opened in the browser that asked', async () => {
    const email = uniqueEmail('otro-navegador');
    const before = await earlierLead(email);
    const { id, link } = await signUp(signUpBody({ email }));
    expect((await verify(link)).body).toEqual(VERIFIED);
    const session = await login(t, email, GOOD_PASSWORD);
    expect(await leadsOf(id, session.body.access)).toEqual([]);

    smtp.clear();
    const asked = await t.http().post('/api/users/earlier-leads/').set(bearer(session.body.access)).send();
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      success: true,
      message:
        'We have e-mailed you a link. Open it in this browser within an hour to add your earlier requests to your account.',
    });
    const cookie = cookieOf(asked, 'earlier_leads_browser');
    expect(cookie.attributes).toMatch(/HttpOnly/i);
    expect(cookie.attributes).toMatch(/SameSite=Lax/i);
    expect(cookie.attributes).toMatch(/Path=\/api\/users\/earlier-leads(;|$)/i);
    const mail = await smtp.waitFor(email, (m) => m.subject === CONFIRM_SUBJECT);
    const confirm = linkParts(mail, 'http://localhost:3000/confirm-earlier-requests');
    const path = `/api/users/earlier-leads/confirm/${confirm.uidb64}/${confirm.token}/`;

    // Another browser (no key, or some other key) gets nothing, and does not spend the link.
    expect((await t.http().post(path).send()).status).toBe(400);
    expect(
      (
        await t
          .http()
          .post(path)
          .set('Cookie', 'earlier_leads_browser=' + 'x'.repeat(43))
          .send()
      ).status,
    ).toBe(400);
    const done = await t.http().post(path).set('Cookie', cookie.pair).send();
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, message: 'Your earlier requests are now part of your account.' });
    expect(await leadsOf(id, session.body.access)).toEqual([before.id]);
    expect(await earlierStatus(session.body.access)).toEqual({ confirmed: true });
    expect((await t.http().post(path).set('Cookie', cookie.pair).send()).status).toBe(400);
  });

  it('answers the status and the request only to a signed-in caller', async () => {
    expect((await t.http().get('/api/users/earlier-leads/')).status).toBe(401);
    expect((await t.http().post('/api/users/earlier-leads/').send()).status).toBe(401);
  });
});
