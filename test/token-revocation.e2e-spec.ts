import { RefreshToken } from '../src/users/entities/refresh-token.entity';
import { decodeJwt, login } from './support/account-helpers';
import { bootTestApp, createUser, TestApp } from './support/test-app';

/** Access tokens end with their session: logout, refresh-token theft and a new password. */
jest.setTimeout(60_000);

describe('access token revocation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (token: string, id: number) =>
    t.http().get(`/api/users/user/${id}/`).set('Authorization', `Bearer ${token}`);
  const logout = (refresh: string, access?: string) => {
    const req = t.http().post('/api/users/logout/');
    if (access) req.set('Authorization', `Bearer ${access}`);
    return req.send({ refresh });
  };

  it('gives every access token its own jti and its session id', async () => {
    const u = await createUser(t);
    const pair = (await login(t, u.user.email, u.password)).body;
    const access = decodeJwt(pair.access);
    expect(access.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(access.sid).toBe(decodeJwt(pair.refresh).jti);
    const next = (await t.http().post('/api/users/token/refresh/').send({ refresh: pair.refresh })).body;
    expect(decodeJwt(next.access).sid).toBe(access.sid);
    expect(decodeJwt(next.access).jti).not.toBe(access.jti);
  });

  it('refuses the access token sent with a logout, but not another session’s', async () => {
    const u = await createUser(t);
    const laptop = (await login(t, u.user.email, u.password)).body;
    const phone = (await login(t, u.user.email, u.password)).body;
    expect((await me(laptop.access, u.user.id)).status).toBe(200);
    expect((await logout(laptop.refresh, laptop.access)).status).toBe(200);
    expect((await me(laptop.access, u.user.id)).status).toBe(401);
    expect((await me(phone.access, u.user.id)).status).toBe(200);
  });

  it('ends the access tokens of the session even when the logout carries only the refresh token', async () => {
    const u = await createUser(t);
    const first = (await login(t, u.user.email, u.password)).body;
    const rotated = (await t.http().post('/api/users/token/refresh/').send({ refresh: first.refresh })).body;
    expect((await logout(rotated.refresh)).status).toBe(200);
    expect((await me(first.access, u.user.id)).status).toBe(401);
    expect((await me(rotated.access, u.user.id)).status).toBe(401);
  });

  it('ends every access token of the user at once on refresh-token theft', async () => {
    const u = await createUser(t);
    const victim = (await login(t, u.user.email, u.password)).body;
    const other = (await login(t, u.user.email, u.password)).body;
    const thief = (await t.http().post('/api/users/token/refresh/').send({ refresh: victim.refresh })).body;
    expect((await me(thief.access, u.user.id)).status).toBe(200);
    // Outside the 10 s race grace, the old refresh token comes back: theft.
    const jti = decodeJwt(victim.refresh).jti as string;
    await t.dataSource.getRepository(RefreshToken).update({ id: jti }, { used_at: new Date(Date.now() - 11_000) });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await t.http().post('/api/users/token/refresh/').send({ refresh: victim.refresh })).status).toBe(401);
    for (const access of [victim.access, other.access, thief.access]) {
      expect((await me(access, u.user.id)).status).toBe(401);
    }
    expect((await login(t, u.user.email, u.password)).status).toBe(200);
  });

  it('keeps logout answering 200 for garbage bearer and refresh tokens', async () => {
    const res = await t
      .http()
      .post('/api/users/logout/')
      .set('Authorization', 'Bearer x.y.z')
      .send({ refresh: 'nope' });
    expect(res.status).toBe(200);
  });
});
