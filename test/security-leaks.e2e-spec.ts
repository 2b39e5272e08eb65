import { Response } from 'supertest';
import { seedDestination, seedLead, seedPack } from './support/admin-fixtures';
import { captureOutput } from './support/capture-output';
import { fillPath, listRoutes } from './support/route-table';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

/**
 * Security review, part 4: no password, hash, token or secret leaves the server, neither in a
 * response body nor in a log line. The app logs at info level while every account flow runs.
 */

/** JSON keys that must never appear in an answer. */
const FORBIDDEN_KEY = /(^password$|password_hash|_hash$|hash$|secret|^code$|confirmation_code)/i;

function forbiddenKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => forbiddenKeys(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [
      ...(FORBIDDEN_KEY.test(k) ? [`${path}.${k}`] : []),
      ...forbiddenKeys(v, `${path}.${k}`),
    ]);
  }
  return [];
}

describe('security review: nothing secret in answers or logs', () => {
  jest.setTimeout(120_000);
  let output: ReturnType<typeof captureOutput>;
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: CreatedUser;
  let customer: CreatedUser;
  const responses: Array<{ call: string; res: Response }> = [];
  const secrets = new Map<string, string>();
  const remember = (res: Response) => {
    const req = (res as unknown as { req: { method: string; path: string } }).req;
    responses.push({ call: `${req.method} ${req.path}`, res });
    return res;
  };

  beforeAll(async () => {
    output = captureOutput();
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url, LOG_LEVEL: 'info' });
    admin = await createUser(t, { admin: true, password: 'Adm1n!Secret-Pass' });
    customer = await createUser(t, { password: 'Cust0mer!Secret-Pass' });
    secrets
      .set('admin password', admin.password)
      .set('customer password', customer.password)
      .set('JWT secret', t.config.jwtSecret);
    secrets.set('admin access token', admin.token).set('customer access token', customer.token);

    const destination = await seedDestination(t);
    await seedPack(t, destination.id);
    await seedLead(t, destination.id);
    const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

    // Sign-up and e-mail verification (one-time token in the link).
    const newcomer = {
      first_name: 'Nuevo',
      last_name: 'Cliente',
      email: 'nuevo@example.com',
      password: 'Nuev0!Secret-Pass',
      phone: '5551234567',
    };
    secrets.set('sign-up password', newcomer.password);
    remember(await t.http().post('/api/users/sign-up/').send(newcomer));
    const welcome = await smtp.waitFor(newcomer.email);
    const [, verifyUid, verifyToken] = welcome.text.match(/\/email-verification\/([^/\s]+)\/([^/\s]+)/) ?? [];
    secrets.set('e-mail verification token', verifyToken);
    remember(await t.http().get(`/api/users/verify-email/${verifyUid}/${verifyToken}/`));

    // Login, refresh, with the password in the body and tokens in headers.
    const login = remember(
      await t.http().post('/api/users/token/').send({ username: newcomer.email, password: newcomer.password }),
    );
    secrets.set('refresh token', login.body.refresh).set('access token from login', login.body.access);
    const refreshed = remember(await t.http().post('/api/users/token/refresh/').send({ refresh: login.body.refresh }));
    secrets.set('rotated refresh token', refreshed.body.refresh);
    remember(
      await t.http().post('/api/users/admin/login/').send({ email: admin.user.email, password: admin.password }),
    );
    remember(
      await t.http().post('/api/users/token/').send({ username: customer.user.email, password: 'Wr0ng!Guess-Pass' }),
    );

    // Password reset with the CSRF double submit and the one-time token in the path.
    const csrf = remember(await t.http().get('/api/users/csrf/'));
    secrets.set('CSRF token', csrf.body.csrfToken);
    const csrfHeaders = { Cookie: `csrftoken=${csrf.body.csrfToken}`, 'X-CSRFToken': csrf.body.csrfToken };
    remember(await t.http().post('/api/users/reset_password/').set(csrfHeaders).send({ email: customer.user.email }));
    const resetMail = await smtp.waitFor(customer.user.email);
    const [, resetUid, resetToken] = resetMail.text.match(/\/api\/users\/reset\/([^/\s]+)\/([^/\s]+)/) ?? [];
    secrets.set('password reset token', resetToken);
    remember(await t.http().get(`/api/users/reset/${resetUid}/${resetToken}/`).set('Accept', 'application/json'));
    secrets.set('new password', 'Brand!New-Pass-99');
    remember(
      await t
        .http()
        .post(`/api/users/reset/${resetUid}/${resetToken}/`)
        .set(csrfHeaders)
        .send({ password: 'Brand!New-Pass-99' }),
    );

    // The lead code step.
    remember(
      await t.http().post('/api/destination-lead/send-email-verification/').send({ email: 'visitante@example.com' }),
    );
    const codeMail = await smtp.waitFor('visitante@example.com');
    const code = codeMail.text.match(/(?<!\d)\d{4}(?!\d)/)?.[0] ?? '';
    remember(
      await t
        .http()
        .post('/api/destination-lead/verify-code/')
        .send({ email: 'visitante@example.com', confirmation_code: code }),
    );

    // Every GET route, as the admin and as the customer, with ids that exist.
    const ids: Record<string, number> = { id: customer.user.id, thingId: 1 };
    for (const route of listRoutes(t.app).filter((r) => r.method === 'GET')) {
      const path = fillPath(route.path, (p) => (p === 'uidb64' ? 'MQ' : p === 'token' ? 'x' : (ids[p] ?? 1)));
      remember(await t.http().get(path).set(auth(admin.token)).set('Accept', 'application/json'));
      remember(await t.http().get(path).set(auth(customer.token)).set('Accept', 'application/json'));
    }
    for (const path of [
      '/api/admin/users?range=[0,99]',
      '/api/admin/agents',
      '/api/admin/leads',
      `/api/admin/users/${admin.user.id}`,
    ]) {
      remember(await t.http().get(path).set(auth(admin.token)));
    }

    // The hashes the database now holds.
    const column = async (sql: string) => ((await t.dataSource.query(sql)) as Array<{ v: string }>).map((r) => r.v);
    for (const [i, v] of (await column('SELECT password_hash AS v FROM users')).entries())
      secrets.set(`password hash #${i}`, v);
    for (const [i, v] of (await column('SELECT token_hash AS v FROM refresh_tokens')).entries())
      secrets.set(`refresh token hash #${i}`, v);
    for (const [i, v] of (await column('SELECT token_hash AS v FROM user_tokens')).entries())
      secrets.set(`one-time token hash #${i}`, v);
    for (const [i, v] of (await column('SELECT code_hash AS v FROM lead_email_verifications')).entries())
      secrets.set(`lead code hash #${i}`, v);
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    output?.restore();
  });

  it('ran every flow it meant to (the secrets list is complete)', () => {
    for (const [name, value] of secrets)
      expect([name, typeof value === 'string' && value.length >= 8]).toEqual([name, true]);
    expect([...secrets.keys()].filter((k) => k.startsWith('password hash')).length).toBeGreaterThanOrEqual(3);
    expect([...secrets.keys()].some((k) => k.startsWith('refresh token hash'))).toBe(true);
    expect([...secrets.keys()].some((k) => k.startsWith('one-time token hash'))).toBe(true);
    expect([...secrets.keys()].some((k) => k.startsWith('lead code hash'))).toBe(true);
    expect(responses.length).toBeGreaterThan(30);
  });

  it('never returns a password hash, token hash, code hash or the signing secret in a response', () => {
    const leaks: string[] = [];
    for (const { call, res } of responses) {
      const text = res.text ?? '';
      for (const [name, value] of secrets) {
        if (/hash|secret/i.test(name) && text.includes(value)) leaks.push(`${call}: ${name}`);
      }
      if (/\$argon2/.test(text)) leaks.push(`${call}: an argon2 hash`);
    }
    expect(leaks).toEqual([]);
  });

  it('never returns a field named like a password, hash, secret or code', () => {
    const found = responses.flatMap(({ call, res }) => forbiddenKeys(res.body).map((k) => `${call}: ${k}`));
    expect(found).toEqual([]);
  });

  it('writes log lines (the capture works) without any password, token, hash or secret in them', () => {
    const text = output.text();
    expect(text).toMatch(/"msg":"request completed"/);
    const leaks = [...secrets].filter(([, value]) => text.includes(value)).map(([name]) => name);
    expect(leaks).toEqual([]);
    expect(text).not.toMatch(/\$argon2|Bearer [A-Za-z0-9_-]{10,}|csrftoken=[A-Za-z0-9_-]{20,}/);
  });
});
