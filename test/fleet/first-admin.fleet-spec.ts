import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { User } from '../../src/users/entities/user.entity';
import { signUpBody } from '../support/account-helpers';
import { bootTestApp, TestApp } from '../support/test-app';
import { FLEET_REDIS_URL } from './support/fleet';

/** Boots an instance and returns the set-up token of the URL it logged at start-up. */
async function bootCapturingSetup(env: Record<string, string>): Promise<{ t: TestApp; token: string }> {
  const warn = jest.spyOn(Logger.prototype, 'warn');
  try {
    const t = await bootTestApp(env);
    const line = warn.mock.calls.map((c) => String(c[0])).find((m) => m.includes('/admin/sign-up?setup='));
    if (!line) throw new Error('no set-up link was logged');
    expect(line).toContain('valid 24 hours on every replica');
    return { t, token: /[?&]setup=([A-Za-z0-9_-]+)/.exec(line)![1] };
  } finally {
    warn.mockRestore();
  }
}

/**
 * Behind a proxy, the set-up link one replica logged may be answered by another: with Redis the
 * link works on every replica, and using it ends every replica's link.
 */
describe('first admin with two replicas on one database and one Redis', () => {
  let one: { t: TestApp; token: string };
  let two: { t: TestApp; token: string };
  beforeAll(async () => {
    const shared = { REDIS_URL: FLEET_REDIS_URL, REDIS_PREFIX: `first-admin:${randomBytes(4).toString('hex')}:` };
    one = await bootCapturingSetup(shared);
    two = await bootCapturingSetup({
      ...shared,
      DATABASE_URL:
        one.t.config.database.type === 'sqlite' ? `sqlite:${one.t.config.database.path}` : one.t.config.database.url,
    });
  }, 60_000);
  afterAll(async () => {
    await two?.t.close();
    await one?.t.close();
  });

  it('creates the first admin on one replica with the link the other logged, once', async () => {
    expect(one.token).not.toBe(two.token);
    const created = await two.t
      .http()
      .post('/api/users/admin/sign-up/')
      .set('X-Setup-Token', one.token)
      .send(signUpBody());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, user: { is_superuser: true } });
    for (const [replica, token] of [
      [one.t, two.token],
      [two.t, one.token],
      [one.t, one.token],
    ] as const) {
      const again = await replica
        .http()
        .post('/api/users/admin/sign-up/')
        .set('X-Setup-Token', token)
        .send(signUpBody());
      expect(again.status).toBe(401);
    }
    expect(await one.t.dataSource.getRepository(User).countBy({ is_superuser: true })).toBe(1);
  });
});
