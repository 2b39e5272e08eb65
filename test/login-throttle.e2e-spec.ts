import { LOGIN_THROTTLE } from '../src/users/account-limits.service';
import { bootTestApp, createUser, TestApp } from './support/test-app';

const THROTTLED = 'Too many failed login attempts for this account. Please try again later.';

/** Wrong passwords are throttled per (account, client IP): a stranger cannot lock the owner out. */
jest.setTimeout(60_000);

describe('login throttling per account and client', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy: the client IP comes from X-Forwarded-For, so one test can act as several clients.
    t = await bootTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (ip: string, email: string, password: string) =>
    t.http().post('/api/users/token/').set('X-Forwarded-For', ip).send({ username: email, password });
  const adminLogin = (ip: string, email: string, password: string) =>
    t.http().post('/api/users/admin/login/').set('X-Forwarded-For', ip).send({ email, password });

  it('lets the owner sign in from a client that has not failed while an attacker is throttled', async () => {
    const owner = await createUser(t, { admin: true });
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) {
      expect((await login('203.0.113.66', owner.user.email, `guess-${i}`)).status).toBe(401);
    }
    const attacker = await login('203.0.113.66', owner.user.email, owner.password);
    expect(attacker.status).toBe(429);
    expect(attacker.body).toEqual({ statusCode: 429, error: THROTTLED, message: THROTTLED });
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(Number(attacker.headers['retry-after'])).toBeLessThanOrEqual(60);

    expect((await login('198.51.100.20', owner.user.email, owner.password)).status).toBe(200);
    const admin = await adminLogin('198.51.100.20', owner.user.email, owner.password);
    expect(admin.status).toBe(200);
    expect(admin.body.success).toBe(true);
  });

  it('answers the admin login of a throttled client with 429, success false and the same message', async () => {
    const owner = await createUser(t, { admin: true });
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) {
      expect((await adminLogin('203.0.113.67', owner.user.email, `guess-${i}`)).status).toBe(401);
    }
    const res = await adminLogin('203.0.113.67', owner.user.email, owner.password);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      statusCode: 429,
      error: THROTTLED,
      message: THROTTLED,
      success: false,
      is_admin: false,
      is_agent: false,
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('203.0.113.67', owner.user.email, owner.password)).status).toBe(429);
  });

  it('counts unknown e-mails like known ones and is not relaxed by RATE_LIMIT_MULTIPLIER', async () => {
    expect(t.config.rateLimitMultiplier).toBeGreaterThan(1);
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures + 1; i++) {
      statuses.push((await login('203.0.113.68', 'nobody-here@example.com', `guess-${i}`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('forgets the failures of a client that then signs in', async () => {
    const u = await createUser(t);
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures - 1; i++) {
      expect((await login('203.0.113.69', u.user.email, `typo-${i}`)).status).toBe(401);
    }
    expect((await login('203.0.113.69', u.user.email, u.password)).status).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures - 1; i++) {
      expect((await login('203.0.113.69', u.user.email, `typo-${i}`)).status).toBe(401);
    }
    expect((await login('203.0.113.69', u.user.email, u.password)).status).toBe(200);
  });
});
