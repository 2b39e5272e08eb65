import { AppConfig } from '../config/app-config';
import { RedisService } from '../redis/redis.service';
import {
  AccountLimitsService,
  LOGIN_THROTTLE,
  loginDelaySeconds,
  REFRESHES_PER_MINUTE,
  SIGN_UP_MAILS,
} from './account-limits.service';

const inMemory = () => new AccountLimitsService(new RedisService({ redisUrl: null } as AppConfig));

describe('login throttling (in memory)', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('doubles the delay from the fifth failure on, up to an hour', () => {
    expect([1, 4, 5, 6, 7, 8, 10, 11, 50].map(loginDelaySeconds)).toEqual([0, 0, 60, 120, 240, 480, 1920, 3600, 3600]);
  });

  it('blocks only the failing client, for growing delays, and a success clears its count', async () => {
    const limits = inMemory();
    for (let i = 0; i < 4; i++) await limits.recordLoginFailure('owner@example.com', '203.0.113.9');
    expect(await limits.loginGate('owner@example.com', '203.0.113.9')).toEqual({ allowed: true });
    await limits.recordLoginFailure('owner@example.com', '203.0.113.9');
    expect(await limits.loginGate('owner@example.com', '203.0.113.9')).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
    });
    expect(await limits.loginGate('OWNER@example.com', '198.51.100.7')).toEqual({ allowed: true });
    expect(await limits.loginGate('other@example.com', '203.0.113.9')).toEqual({ allowed: true });

    jest.advanceTimersByTime(61_000);
    expect(await limits.loginGate('owner@example.com', '203.0.113.9')).toEqual({ allowed: true });
    await limits.recordLoginFailure('owner@example.com', '203.0.113.9');
    expect(await limits.loginGate('owner@example.com', '203.0.113.9')).toEqual({
      allowed: false,
      retryAfterSeconds: 120,
    });

    jest.advanceTimersByTime(121_000);
    await limits.recordLoginSuccess('owner@example.com', '203.0.113.9');
    await limits.recordLoginFailure('owner@example.com', '203.0.113.9');
    expect(await limits.loginGate('owner@example.com', '203.0.113.9')).toEqual({ allowed: true });
  });

  it('closes the account to new clients after the overall ceiling, but not to a client that signed in before', async () => {
    const limits = inMemory();
    await limits.recordLoginSuccess('owner@example.com', '192.0.2.1');
    for (let i = 0; i <= LOGIN_THROTTLE.accountCeiling; i++) {
      await limits.recordLoginFailure('owner@example.com', `10.0.${Math.floor(i / 4)}.${i % 4}`);
    }
    const fresh = await limits.loginGate('owner@example.com', '198.51.100.7');
    expect(fresh.allowed).toBe(false);
    expect(await limits.loginGate('owner@example.com', '192.0.2.1')).toEqual({ allowed: true });
    jest.advanceTimersByTime(LOGIN_THROTTLE.accountCeilingBlockSeconds * 1000 + 1000);
    expect(await limits.loginGate('owner@example.com', '198.51.100.7')).toEqual({ allowed: true });
  });

  it('lets a client trusted through a sign-in link past the ceiling and forgets its own failures', async () => {
    const limits = inMemory();
    for (let i = 0; i <= LOGIN_THROTTLE.accountCeiling; i++) {
      await limits.recordLoginFailure('owner@example.com', `10.1.${Math.floor(i / 4)}.${i % 4}`);
    }
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++)
      await limits.recordLoginFailure('owner@example.com', '198.51.100.9');
    expect(await limits.loginGate('owner@example.com', '198.51.100.9')).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
    });
    expect(await limits.loginGate('owner@example.com', '198.51.100.10')).toMatchObject({
      allowed: false,
      accountClosed: true,
    });
    await limits.trustClient('Owner@Example.com', '198.51.100.9');
    expect(await limits.loginGate('owner@example.com', '198.51.100.9')).toEqual({ allowed: true });
    expect((await limits.loginGate('owner@example.com', '198.51.100.10')).allowed).toBe(false);
  });

  it('allows 20 refreshes a minute per user', async () => {
    const limits = inMemory();
    for (let i = 0; i < REFRESHES_PER_MINUTE; i++) expect(await limits.allowRefresh(7)).toBe(true);
    expect(await limits.allowRefresh(7)).toBe(false);
    expect(await limits.allowRefresh(8)).toBe(true);
    jest.advanceTimersByTime(61_000);
    expect(await limits.allowRefresh(7)).toBe(true);
  });
});

describe('sign-up e-mails per recipient address (in memory)', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('sends one every 5 minutes and 5 in 24 hours, whatever the case of the address', async () => {
    const limits = inMemory();
    const gap = SIGN_UP_MAILS.intervalSeconds * 1000;
    expect(await limits.takeSignUpMail('owner@example.com')).toBe(true);
    expect(await limits.takeSignUpMail('OWNER@example.com')).toBe(false);
    jest.advanceTimersByTime(gap - 1000);
    expect(await limits.takeSignUpMail('owner@example.com')).toBe(false);
    expect(await limits.takeSignUpMail('other@example.com')).toBe(true);
    for (let sent = 2; sent <= SIGN_UP_MAILS.perDay; sent++) {
      jest.advanceTimersByTime(gap + 1000);
      expect(await limits.takeSignUpMail('owner@example.com')).toBe(true);
    }
    jest.advanceTimersByTime(gap + 1000);
    expect(await limits.takeSignUpMail('owner@example.com')).toBe(false);
    jest.advanceTimersByTime(24 * 3600_000);
    expect(await limits.takeSignUpMail('owner@example.com')).toBe(true);
  });

  it('takes back a mail given back (its sign-up failed)', async () => {
    const limits = inMemory();
    expect(await limits.takeSignUpMail('owner@example.com')).toBe(true);
    await limits.returnSignUpMail('owner@example.com');
    expect(await limits.takeSignUpMail('owner@example.com')).toBe(true);
    expect(await limits.takeSignUpMail('owner@example.com')).toBe(false);
  });
});
