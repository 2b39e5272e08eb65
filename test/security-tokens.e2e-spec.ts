import { createHmac } from 'node:crypto';
import { User } from '../src/users/entities/user.entity';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

/** Security review, part 2: forged, expired and misused JWTs are refused everywhere. */

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

function sign(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  secret: string,
  hash = 'sha256',
): string {
  const head = `${b64(header)}.${b64(payload)}`;
  return `${head}.${createHmac(hash, secret).update(head).digest('base64url')}`;
}

describe('security review: access tokens', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let customer: CreatedUser;
  let secret: string;
  const ADMIN_ROUTE = '/api/admin/leads';
  const accessClaims = (user: CreatedUser, extra: Record<string, unknown> = {}) => ({
    user_id: user.user.id,
    is_admin: user.user.is_superuser,
    token_type: 'access',
    iat: now(),
    exp: now() + 300,
    ...extra,
  });
  const adminCall = (token: string) => t.http().get(ADMIN_ROUTE).set('Authorization', `Bearer ${token}`);
  const profileCall = (user: CreatedUser, token: string) =>
    t.http().get(`/api/users/user/${user.user.id}/`).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    t = await bootTestApp();
    secret = t.config.jwtSecret;
    admin = await createUser(t, { admin: true });
    customer = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts a genuine access token (the baseline the refusals are measured against)', async () => {
    expect((await adminCall(admin.token)).status).toBe(200);
    expect((await adminCall(sign({ alg: 'HS256', typ: 'JWT' }, accessClaims(admin), secret))).status).toBe(200);
  });

  it.each([
    ['alg none, no signature', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(accessClaims(admin))}.`],
    ['alg none with a signature', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(accessClaims(admin))}.${b64('x')}`],
    ['alg "None"', () => `${b64({ alg: 'None', typ: 'JWT' })}.${b64(accessClaims(admin))}.`],
    [
      'a wrong secret',
      () => sign({ alg: 'HS256', typ: 'JWT' }, accessClaims(admin), 'not-the-secret-0123456789abcdef0123456789'),
    ],
    [
      'HS512 with the right secret (algorithm is pinned)',
      () => sign({ alg: 'HS512', typ: 'JWT' }, accessClaims(admin), secret, 'sha512'),
    ],
    [
      'an expired token',
      () => sign({ alg: 'HS256', typ: 'JWT' }, accessClaims(admin, { iat: now() - 900, exp: now() - 600 }), secret),
    ],
    [
      'a token not yet valid (nbf in the future)',
      () => sign({ alg: 'HS256', typ: 'JWT' }, accessClaims(admin, { nbf: now() + 3600 }), secret),
    ],
    [
      'no token_type',
      () => sign({ alg: 'HS256', typ: 'JWT' }, { user_id: admin.user.id, is_admin: true, exp: now() + 300 }, secret),
    ],
    [
      'token_type refresh',
      () => sign({ alg: 'HS256', typ: 'JWT' }, accessClaims(admin, { token_type: 'refresh', jti: 'x' }), secret),
    ],
    [
      'a string user_id',
      () => sign({ alg: 'HS256', typ: 'JWT' }, accessClaims(admin, { user_id: String(admin.user.id) }), secret),
    ],
    [
      'a user that does not exist',
      () => sign({ alg: 'HS256', typ: 'JWT' }, accessClaims(admin, { user_id: 987_654 }), secret),
    ],
    [
      'a tampered payload (is_admin flipped) with the original signature',
      () => {
        const [h, , s] = customer.token.split('.');
        return `${h}.${b64(accessClaims(customer, { is_admin: true }))}.${s}`;
      },
    ],
    [
      'a token signed with the secret once committed in .env',
      () =>
        sign({ alg: 'HS256', typ: 'JWT' }, accessClaims(admin), 'dev-only-secret-change-me-in-production-0123456789'),
    ],
    [
      'a token without exp (it would never expire)',
      () => sign({ alg: 'HS256', typ: 'JWT' }, accessClaims(admin, { exp: undefined }), secret),
    ],
    [
      'a token without iat (it would survive a password change)',
      () => sign({ alg: 'HS256', typ: 'JWT' }, accessClaims(admin, { iat: undefined }), secret),
    ],
    ['a truncated token', () => admin.token.split('.').slice(0, 2).join('.')],
    ['an empty token', () => ''],
  ])('refuses %s with 401', async (_what, token) => {
    const res = await adminCall(token());
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401 });
  });

  it('signs with a secret of its own, never one from the repository', () => {
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(secret).not.toBe('dev-only-secret-change-me-in-production-0123456789');
  });

  it('refuses a refresh token without iat', async () => {
    const login = await t
      .http()
      .post('/api/users/token/')
      .send({ username: customer.user.email, password: customer.password });
    const claims = JSON.parse(Buffer.from(login.body.refresh.split('.')[1], 'base64url').toString()) as Record<
      string,
      unknown
    >;
    delete claims.iat;
    const forged = sign({ alg: 'HS256', typ: 'JWT' }, claims, secret);
    const res = await t.http().post('/api/users/token/refresh/').send({ refresh: forged });
    expect(res.status).toBe(401);
  });

  it('refuses a refresh token used as an access token, and an access token used as a refresh token', async () => {
    const login = await t
      .http()
      .post('/api/users/token/')
      .send({ username: admin.user.email, password: admin.password });
    expect(login.status).toBe(200);
    expect((await adminCall(login.body.refresh)).status).toBe(401);
    expect((await profileCall(admin, login.body.refresh)).status).toBe(401);
    const swapped = await t.http().post('/api/users/token/refresh/').send({ refresh: login.body.access });
    expect(swapped.status).toBe(401);
    expect(swapped.body.access).toBeUndefined();
  });

  it('reads admin rights from the database, not from the token: a forged is_admin claim or a demoted admin gets 403', async () => {
    const claimsAdmin = sign({ alg: 'HS256', typ: 'JWT' }, accessClaims(customer, { is_admin: true }), secret);
    expect((await adminCall(claimsAdmin)).status).toBe(403);

    const demoted = await createUser(t, { admin: true });
    expect((await adminCall(demoted.token)).status).toBe(200);
    await t.dataSource.getRepository(User).update({ id: demoted.user.id }, { is_superuser: false });
    expect((await adminCall(demoted.token)).status).toBe(403);
  });

  it('refuses the token of a deactivated or deleted account at once', async () => {
    const leaving = await createUser(t);
    expect((await profileCall(leaving, leaving.token)).status).toBe(200);
    await t.dataSource.getRepository(User).update({ id: leaving.user.id }, { is_active: false });
    expect((await profileCall(leaving, leaving.token)).status).toBe(401);
    await t.dataSource.getRepository(User).delete({ id: leaving.user.id });
    expect((await profileCall(leaving, leaving.token)).status).toBe(401);
  });

  it('takes the token only from the Authorization Bearer header', async () => {
    const viaQuery = await t.http().get(`${ADMIN_ROUTE}?access_token=${admin.token}`);
    expect(viaQuery.status).toBe(401);
    const viaCookie = await t.http().get(ADMIN_ROUTE).set('Cookie', `access=${admin.token}; authTokens=${admin.token}`);
    expect(viaCookie.status).toBe(401);
    const basic = await t
      .http()
      .get(ADMIN_ROUTE)
      .set('Authorization', `Basic ${b64(`${admin.user.email}:${admin.password}`)}`);
    expect(basic.status).toBe(401);
    const noScheme = await t.http().get(ADMIN_ROUTE).set('Authorization', admin.token);
    expect(noScheme.status).toBe(401);
  });

  it('does not reveal why a token was refused beyond the generic message', async () => {
    const bodies = await Promise.all(
      [
        sign({ alg: 'HS256' }, accessClaims(admin, { exp: now() - 60 }), secret),
        'garbage',
        `${b64({ alg: 'none' })}.${b64(accessClaims(admin))}.`,
      ].map(async (token) => (await adminCall(token)).body),
    );
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(JSON.stringify(bodies[0])).not.toMatch(/expired|signature|algorithm|jwt/i);
  });
});
