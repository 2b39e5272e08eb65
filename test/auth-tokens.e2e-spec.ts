import { JwtService } from '@nestjs/jwt';
import { RefreshToken } from '../src/users/entities/refresh-token.entity';
import { User } from '../src/users/entities/user.entity';
import { AdminBootstrapService } from '../src/users/admin-bootstrap.service';
import { algNoneToken, csrf, decodeJwt, login, signUpBody, uniqueEmail } from './support/account-helpers';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, createUser, TestApp } from './support/test-app';

const now = () => Math.floor(Date.now() / 1000);

jest.setTimeout(30_000);

describe('auth tokens: access, refresh rotation, logout, admin login', () => {
  let t: TestApp;
  let jwt: JwtService;
  beforeAll(async () => {
    t = await bootTestApp();
    jwt = t.app.get(JwtService);
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (token: string, id: number) =>
    t.http().get(`/api/users/user/${id}/`).set('Authorization', `Bearer ${token}`);
  const refresh = (token: string) => t.http().post('/api/users/token/refresh/').send({ refresh: token });
  /** auth_refresh_token_reuse_total by outcome, as /metrics shows it. */
  const reuses = async () => {
    const text = (await t.http().get('/metrics')).text;
    const count = (outcome: string) =>
      Number(new RegExp(`^auth_refresh_token_reuse_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
    return { grace: count('grace'), revoked: count('revoked') };
  };

  it('rotates refresh tokens: each works once and the new one keeps the session’s absolute expiry', async () => {
    const u = await createUser(t);
    const first = (await login(t, u.user.email, u.password)).body;
    const firstClaims = decodeJwt(first.refresh);
    expect((firstClaims.exp as number) - now()).toBeGreaterThan(7 * 86400 - 60);
    expect(firstClaims.token_type).toBe('refresh');

    const second = await refresh(first.refresh);
    expect(second.status).toBe(200);
    expect(decodeJwt(second.body.refresh).exp).toBe(firstClaims.exp);
    expect(decodeJwt(second.body.refresh).jti).not.toBe(firstClaims.jti);
    expect((await me(second.body.access, u.user.id)).status).toBe(200);

    const row = await t.dataSource.getRepository(RefreshToken).findOneByOrFail({ id: firstClaims.jti as string });
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.used_at).not.toBeNull();
  });

  it('revokes every session of the user when a used refresh token is replayed (after a 10 s grace in which it gets another pair of its session)', async () => {
    const u = await createUser(t);
    const laptop = (await login(t, u.user.email, u.password)).body;
    const phone = (await login(t, u.user.email, u.password)).body;
    const rotated = await refresh(laptop.refresh);
    expect(rotated.status).toBe(200);
    const before = await reuses();

    // Within 10 s of its use the same token comes back (a page left while its refresh was under
    // way never stored the answer): another pair of the same session, and nobody is logged out.
    const race = await refresh(laptop.refresh);
    expect(race.status).toBe(200);
    expect(decodeJwt(race.body.refresh).sid).toBe(decodeJwt(rotated.body.refresh).sid);
    expect(decodeJwt(race.body.refresh).exp).toBe(decodeJwt(laptop.refresh).exp);
    expect((await me(race.body.access, u.user.id)).status).toBe(200);
    expect((await me(rotated.body.access, u.user.id)).status).toBe(200);
    expect(await reuses()).toEqual({ grace: before.grace + 1, revoked: before.revoked });
    expect((await refresh(phone.refresh)).status).toBe(200);
    const phoneNow = (await login(t, u.user.email, u.password)).body;

    const jti = decodeJwt(laptop.refresh).jti as string;
    await t.dataSource.getRepository(RefreshToken).update({ id: jti }, { used_at: new Date(Date.now() - 11_000) });
    const replay = await refresh(laptop.refresh);
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('The refresh token is invalid or has expired.');
    expect(await reuses()).toEqual({ grace: before.grace + 1, revoked: before.revoked + 1 });
    expect((await refresh(rotated.body.refresh)).status).toBe(401);
    expect((await refresh(race.body.refresh)).status).toBe(401);
    expect((await refresh(phoneNow.refresh)).status).toBe(401);
    expect((await login(t, u.user.email, u.password)).status).toBe(200);
  });

  it('gives nothing for a just-used refresh token once its session has logged out', async () => {
    const u = await createUser(t);
    const first = (await login(t, u.user.email, u.password)).body;
    const rotated = (await refresh(first.refresh)).body;
    expect((await t.http().post('/api/users/logout/').send({ refresh: rotated.refresh })).status).toBe(200);
    expect((await refresh(first.refresh)).status).toBe(401);
    expect((await refresh(rotated.refresh)).status).toBe(401);
  });

  it('revokes the refresh token on logout', async () => {
    const u = await createUser(t);
    const pair = (await login(t, u.user.email, u.password)).body;
    const out = await t.http().post('/api/users/logout/').send({ refresh: pair.refresh });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: 'You have been logged out.' });
    expect((await refresh(pair.refresh)).status).toBe(401);
    expect((await t.http().post('/api/users/logout/').send({ refresh: 'garbage' })).status).toBe(200);
    expect((await t.http().post('/api/users/logout/').send({})).status).toBe(400);
  });

  it('refuses forged, unsigned, expired and mistyped refresh tokens with 401', async () => {
    const u = await createUser(t);
    const pair = (await login(t, u.user.email, u.password)).body;
    const claims = decodeJwt(pair.refresh);
    const forged = new JwtService({ secret: 'another-secret-entirely-0123456789' }).sign(claims);
    const expired = jwt.sign({ ...claims, exp: now() - 5 });
    const tampered = `${pair.refresh.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    for (const token of [forged, algNoneToken(claims), expired, tampered, pair.access, 'not.a.jwt']) {
      const res = await refresh(token);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('The refresh token is invalid or has expired.');
    }
    expect((await refresh(pair.refresh)).status).toBe(200);
  });

  it('refuses unsigned, forged, expired and refresh tokens as access tokens', async () => {
    const u = await createUser(t);
    const pair = (await login(t, u.user.email, u.password)).body;
    const claims = { user_id: u.user.id, is_admin: false, token_type: 'access' };
    const cases = [
      algNoneToken({ ...claims, exp: now() + 300 }),
      new JwtService({ secret: 'another-secret-entirely-0123456789' }).sign(claims),
      jwt.sign({ ...claims, exp: now() - 1 }),
      pair.refresh,
      jwt.sign({ ...claims, user_id: 999999 }),
    ];
    for (const token of cases) expect((await me(token, u.user.id)).status).toBe(401);
    expect((await me(pair.access, u.user.id)).status).toBe(200);
  });

  it('stops access tokens of a deactivated user and those issued before a password change', async () => {
    const u = await createUser(t);
    const pair = (await login(t, u.user.email, u.password)).body;
    await new Promise((r) => setTimeout(r, 1100));
    const changed = await t
      .http()
      .post('/api/users/change-password/')
      .set('Authorization', `Bearer ${pair.access}`)
      .send({ current_password: u.password, new_password: 'Later-Password-88' });
    expect(changed.status).toBe(200);
    expect((await me(pair.access, u.user.id)).status).toBe(401);
    expect((await me(changed.body.access, u.user.id)).status).toBe(200);
    expect((await refresh(changed.body.refresh)).status).toBe(200);

    await t.dataSource.getRepository(User).update({ id: u.user.id }, { is_active: false });
    expect((await me(changed.body.access, u.user.id)).status).toBe(401);
  });

  it('limits refreshes per account to 20 a minute', async () => {
    const u = await createUser(t);
    let token = (await login(t, u.user.email, u.password)).body.refresh as string;
    for (let i = 0; i < 20; i++) {
      const res = await refresh(token);
      expect(res.status).toBe(200);
      token = res.body.refresh;
    }
    const limited = await refresh(token);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('Too many token refreshes for this account. Please try again later.');
  });

  describe('admin login', () => {
    const adminLogin = (email: string, password: string) =>
      t.http().post('/api/users/admin/login/').send({ email, password });

    it('gives an active admin {success, is_admin, message} and tokens', async () => {
      const a = await createUser(t, { admin: true });
      const res = await adminLogin(a.user.email.toUpperCase(), a.password);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, is_admin: true, message: 'Login successful.' });
      expect(decodeJwt(res.body.access)).toMatchObject({ user_id: a.user.id, is_admin: true });
    });

    it('refuses a customer with 403, success false and no tokens', async () => {
      const u = await createUser(t);
      const res = await adminLogin(u.user.email, u.password);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        success: false,
        is_admin: false,
        message: 'This account does not have access to the admin area. Please use the customer login.',
      });
      expect(res.body.access).toBeUndefined();
      expect(res.body.refresh).toBeUndefined();
    });

    it('answers a wrong password and an unknown e-mail alike with 401', async () => {
      const a = await createUser(t, { admin: true });
      for (const res of [
        await adminLogin(a.user.email, 'wrong-password'),
        await adminLogin(uniqueEmail('none'), 'whatever-pass'),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ success: false, is_admin: false, message: 'Invalid email or password.' });
      }
    });

    it('validates with the admin shell’s English messages', async () => {
      const res = await t.http().post('/api/users/admin/login/').send({ email: '', password: '' });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Please fill out all required fields.');
      expect((await adminLogin('nope', 'x')).body.error).toBe('Please enter a valid email address.');
      expect((await adminLogin('a@b.co', 'x'.repeat(129))).body.error).toBe('Password cannot exceed 128 characters.');
    });
  });
});

describe('admin sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const adminSignUp = (body: Record<string, unknown>, token?: string) => {
    const req = t.http().post('/api/users/admin/sign-up/');
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(body);
  };

  it('lets an admin create admins, and nobody anonymous without the set-up token', async () => {
    const anonymous = await adminSignUp(signUpBody({ is_superuser: true }));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false });
    const admin = await createUser(t, { admin: true });
    const byAdmin = await adminSignUp(signUpBody(), admin.token);
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.user).toMatchObject({ is_superuser: true, is_active: true });
    const again = await adminSignUp(signUpBody());
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ success: false, error: 'Only an administrator can create admin accounts.' });
  });

  it('refuses a regular user with 403, a taken e-mail with 409, and bad input with English messages', async () => {
    const u = await createUser(t);
    expect((await adminSignUp(signUpBody(), u.token)).status).toBe(403);
    const admin = await createUser(t, { admin: true });
    const taken = await adminSignUp(signUpBody({ email: u.user.email }), admin.token);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('An account with this email already exists. Please use another email.');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ first_name: '' }, 'First name is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'bad' }, 'Please enter a valid email address.'],
      [{ password: 'short' }, 'Password must be at least 8 characters long.'],
      [{ password: 'Superman' }, 'This password is too common. Please choose a less predictable one.'],
      [{ phone: 'abc' }, 'Phone number must contain only numbers and be between 2 and 15 digits'],
    ];
    for (const [override, message] of cases) {
      const res = await adminSignUp(signUpBody(override), admin.token);
      expect({ override, status: res.status, error: res.body.error }).toEqual({
        override,
        status: 400,
        error: message,
      });
    }
  });
});

describe('ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'Operator-Pass-2031' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ensures an active admin at start-up, idempotently, restoring its flags and password', async () => {
    const res = await t
      .http()
      .post('/api/users/admin/login/')
      .send({ email: 'boss@example.com', password: 'Operator-Pass-2031' });
    expect(res.body).toMatchObject({ success: true, is_admin: true });

    const users = t.dataSource.getRepository(User);
    await t.app.get(AdminBootstrapService).onApplicationBootstrap();
    expect(await users.countBy({ email: 'boss@example.com' })).toBe(1);

    await users.update({ email: 'boss@example.com' }, { is_superuser: false, is_active: false, password_hash: 'x' });
    await t.app.get(AdminBootstrapService).onApplicationBootstrap();
    const row = await users.findOneByOrFail({ email: 'boss@example.com' });
    expect(row).toMatchObject({ is_superuser: true, is_active: true });
    expect(
      (
        await t
          .http()
          .post('/api/users/admin/login/')
          .send({ email: 'boss@example.com', password: 'Operator-Pass-2031' })
      ).status,
    ).toBe(200);
  });

  it('closes the first-run admin sign-up when ADMIN_EMAIL is set', async () => {
    await t.dataSource.getRepository(User).update({ email: 'boss@example.com' }, { is_superuser: false });
    const res = await t.http().post('/api/users/admin/sign-up/').send(signUpBody());
    expect(res.status).toBe(401);
    await t.dataSource.getRepository(User).update({ email: 'boss@example.com' }, { is_superuser: true });
  });
});

describe('per-IP rate limits (RATE_LIMIT_MULTIPLIER 1)', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ RATE_LIMIT_MULTIPLIER: '1', SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function hitUntilLimited(
    send: () => Promise<{ status: number; body: Record<string, unknown>; headers: Record<string, string> }>,
    expectedAllowed: number,
  ) {
    for (let i = 0; i < expectedAllowed; i++) expect((await send()).status).not.toBe(429);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      statusCode: 429,
      error: 'Too many requests. Please try again later.',
      message: 'Too many requests. Please try again later.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('limits logins (site and admin share the budget) to 10 a minute per IP', async () => {
    const u = await createUser(t);
    let n = 0;
    await hitUntilLimited(() => {
      n += 1;
      return n % 2
        ? login(t, u.user.email, u.password)
        : t.http().post('/api/users/admin/login/').send({ email: uniqueEmail(), password: 'x' });
    }, 10);
  });

  it('limits sign-ups to 5 a minute per IP', async () => {
    await hitUntilLimited(() => t.http().post('/api/users/sign-up/').send(signUpBody()), 5);
  });

  it('limits refreshes to 30 a minute per IP', async () => {
    await hitUntilLimited(() => t.http().post('/api/users/token/refresh/').send({ refresh: 'x' }), 30);
  });

  it('limits reset requests to 5 a minute per IP', async () => {
    const { cookie, token } = await csrf(t);
    await hitUntilLimited(
      () =>
        t
          .http()
          .post('/api/users/reset_password/')
          .set('Cookie', cookie)
          .set('X-CSRFToken', token)
          .send({ email: uniqueEmail() }),
      5,
    );
  });

  it('limits e-mail verification attempts to 20 a minute per IP', async () => {
    await hitUntilLimited(() => t.http().get('/api/users/verify-email/MQ/abc/'), 20);
  });
});
