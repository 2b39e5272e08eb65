import { randomBytes } from 'node:crypto';
import { csrf, GOOD_PASSWORD, linkParts, login, signUpAndVerify } from './support/account-helpers';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, TestApp } from './support/test-app';

jest.setTimeout(60_000);

/** Resolves at the start of the next wall-clock second, so what follows shares one whole second. */
async function startOfSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
}

const redisUrl = process.env.TEST_REDIS_URL;
const variants: Array<[string, Record<string, string>]> = [['in memory', {}]];
if (redisUrl)
  variants.push(['with Redis', { REDIS_URL: redisUrl, REDIS_PREFIX: `t${randomBytes(4).toString('hex')}:` }]);

/**
 * A new password ends every other session's access token at once, and a logout ends its whole
 * session for good — every chain of it, one forked by the 10 s refresh grace included.
 */
describe.each(variants)('ending sessions (%s)', (_name, env) => {
  let t: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url, ...env });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const me = (token: string, id: number) =>
    t.http().get(`/api/users/user/${id}/`).set('Authorization', `Bearer ${token}`);
  const refresh = (token: string) => t.http().post('/api/users/token/refresh/').send({ refresh: token });

  it('refuses another session’s access token issued in the same second as a password change', async () => {
    const u = await signUpAndVerify(t, smtp);
    const mine = (await login(t, u.email, u.password)).body;
    await startOfSecond();
    const other = (await login(t, u.email, u.password)).body;
    const changed = await t
      .http()
      .post('/api/users/change-password/')
      .set('Authorization', `Bearer ${mine.access}`)
      .send({ current_password: GOOD_PASSWORD, new_password: 'Otra-Clave-Segura-77' });
    expect(changed.status).toBe(200);
    expect((await me(other.access, u.id)).status).toBe(401);
    expect((await me(mine.access, u.id)).status).toBe(401);
    expect((await me(changed.body.access, u.id)).status).toBe(200);
  });

  it('refuses every session’s access token issued in the same second as a password reset', async () => {
    const u = await signUpAndVerify(t, smtp);
    const { cookie, token } = await csrf(t);
    smtp.clear();
    const asked = await t
      .http()
      .post('/api/users/reset_password/')
      .set('Cookie', cookie)
      .set('X-CSRFToken', token)
      .send({ email: u.email });
    expect(asked.status).toBe(200);
    const mail = await smtp.waitFor(u.email, (m) => m.subject === 'Restablece tu contraseña');
    const link = linkParts(mail, 'http://localhost:3000/api/users/reset');
    await startOfSecond();
    const session = (await login(t, u.email, u.password)).body;
    const reset = await t
      .http()
      .post(`/api/users/reset/${link.uidb64}/${link.token}/`)
      .set('Cookie', cookie)
      .set('X-CSRFToken', token)
      .send({ password: 'Nueva-Clave-2032' });
    expect(reset.status).toBe(200);
    expect((await me(session.access, u.id)).status).toBe(401);
    expect((await refresh(session.refresh)).status).toBe(401);
  });

  it('ends a session forked by the refresh grace when its owner logs out', async () => {
    const u = await signUpAndVerify(t, smtp);
    const first = (await login(t, u.email, u.password)).body;
    const owner = (await refresh(first.refresh)).body;
    // The used token again within 10 s: a second chain of the same session.
    const fork = await refresh(first.refresh);
    expect(fork.status).toBe(200);
    expect((await me(fork.body.access, u.id)).status).toBe(200);

    const out = await t
      .http()
      .post('/api/users/logout/')
      .set('Authorization', `Bearer ${owner.access}`)
      .send({ refresh: owner.refresh });
    expect(out.status).toBe(200);
    expect((await me(owner.access, u.id)).status).toBe(401);
    expect((await me(fork.body.access, u.id)).status).toBe(401);
    // For good: the fork cannot mint new tokens, so nothing works once the deny-list entry expires.
    expect((await refresh(fork.body.refresh)).status).toBe(401);
    expect((await refresh(owner.refresh)).status).toBe(401);
    // Another session of the same person is untouched.
    const laptop = (await login(t, u.email, u.password)).body;
    expect((await me(laptop.access, u.id)).status).toBe(200);
  });

  it('ends forked chains on "sign out everywhere"', async () => {
    const u = await signUpAndVerify(t, smtp);
    const first = (await login(t, u.email, u.password)).body;
    const owner = (await refresh(first.refresh)).body;
    const fork = (await refresh(first.refresh)).body;
    const all = await t.http().post('/api/users/logout-all/').set('Authorization', `Bearer ${owner.access}`).send();
    expect(all.status).toBe(200);
    for (const pair of [owner, fork]) {
      expect((await me(pair.access, u.id)).status).toBe(401);
      expect((await refresh(pair.refresh)).status).toBe(401);
    }
  });
});
