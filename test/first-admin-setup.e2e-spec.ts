import { Logger } from '@nestjs/common';
import { User } from '../src/users/entities/user.entity';
import { signUpBody } from './support/account-helpers';
import { bootTestApp, createUser, TestApp } from './support/test-app';

const SIGN_UP = '/api/users/admin/sign-up/';

/** Boots an app and returns the set-up token of the URL it logged at start-up (null when none). */
async function bootCapturingSetup(env: Record<string, string> = {}): Promise<{ t: TestApp; token: string | null }> {
  const warn = jest.spyOn(Logger.prototype, 'warn');
  try {
    const t = await bootTestApp(env);
    const line = warn.mock.calls.map((c) => String(c[0])).find((m) => m.includes('/admin/sign-up?setup='));
    if (line) expect(line).toContain(`${t.config.publicUrl}/admin/sign-up?setup=`);
    return { t, token: line ? /[?&]setup=([A-Za-z0-9_-]+)/.exec(line)![1] : null };
  } finally {
    warn.mockRestore();
  }
}

describe('first admin of a fresh deployment', () => {
  let t: TestApp;
  let token: string | null;
  beforeAll(async () => {
    ({ t, token } = await bootCapturingSetup());
  });
  afterAll(async () => {
    await t.close();
  });
  const admins = () => t.dataSource.getRepository(User).countBy({ is_superuser: true });

  it('logs a one-time set-up URL at start-up while no admin exists', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('refuses an anonymous first-admin sign-up without the token, or with a wrong one', async () => {
    const without = await t.http().post(SIGN_UP).send(signUpBody());
    expect(without.status).toBe(401);
    expect(without.body).toMatchObject({ success: false, statusCode: 401 });
    const wrong = await t
      .http()
      .post(SIGN_UP)
      .send({ ...signUpBody(), setup_token: `${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}` });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe(
      'This set-up link is invalid or was already used. Use the link printed in the server log at its last start.',
    );
    const header = await t.http().post(SIGN_UP).set('X-Setup-Token', 'x'.repeat(32)).send(signUpBody());
    expect(header.status).toBe(401);
    expect(await admins()).toBe(0);
  });

  it('creates the first admin with the token (X-Setup-Token header), once', async () => {
    const body = signUpBody();
    const created = await t.http().post(SIGN_UP).set('X-Setup-Token', token!).send(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, user: { is_superuser: true, is_active: true } });
    const reused = await t.http().post(SIGN_UP).set('X-Setup-Token', token!).send(signUpBody());
    expect(reused.status).toBe(401);
    expect(reused.body.error).toBe('Only an administrator can create admin accounts.');
    expect(await admins()).toBe(1);
    const login = await t.http().post('/api/users/admin/login/').send({ email: body.email, password: body.password });
    expect(login.body).toMatchObject({ success: true, is_admin: true });
  });
});

describe('first-admin set-up token lifetime', () => {
  jest.setTimeout(60_000);
  it('works as the setup_token body field, and dies with the process', async () => {
    const first = await bootCapturingSetup();
    const second = await bootCapturingSetup({
      DATABASE_URL:
        first.t.config.database.type === 'sqlite'
          ? `sqlite:${first.t.config.database.path}`
          : (first.t.config.database as { url: string }).url,
    });
    try {
      expect(second.token).not.toBe(first.token);
      // The first start's token is refused by the restarted server (same database, no admin yet).
      const stale = await second.t
        .http()
        .post(SIGN_UP)
        .send({ ...signUpBody(), setup_token: first.token });
      expect(stale.status).toBe(401);
      const fresh = await second.t
        .http()
        .post(SIGN_UP)
        .send({ ...signUpBody(), setup_token: second.token });
      expect(fresh.status).toBe(201);
    } finally {
      await second.t.close();
      await first.t.close();
    }
  });

  it('prints no set-up link when an admin exists, or when ADMIN_EMAIL/ADMIN_PASSWORD are set', async () => {
    const withAdmin = await bootTestApp();
    await createUser(withAdmin, { admin: true });
    const restarted = await bootCapturingSetup({
      DATABASE_URL:
        withAdmin.config.database.type === 'sqlite'
          ? `sqlite:${withAdmin.config.database.path}`
          : (withAdmin.config.database as { url: string }).url,
    });
    const operator = await bootCapturingSetup({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'Operator-Pass-2031' });
    try {
      expect(restarted.token).toBeNull();
      expect(operator.token).toBeNull();
      expect((await restarted.t.http().post(SIGN_UP).send(signUpBody())).status).toBe(401);
    } finally {
      await operator.t.close();
      await restarted.t.close();
      await withAdmin.close();
    }
  });
});
