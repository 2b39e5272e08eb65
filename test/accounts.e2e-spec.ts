import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { User } from '../src/users/entities/user.entity';
import { UserToken } from '../src/users/entities/user-token.entity';
import {
  csrf,
  decodeJwt,
  expectNoSecrets,
  GOOD_PASSWORD,
  linkParts,
  login,
  signUpBody,
  uniqueEmail,
} from './support/account-helpers';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, createUser, TestApp } from './support/test-app';

describe('accounts: sign-up, verification, login, profile, password reset', () => {
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

  it('walks sign-up -> e-mail -> verify -> login -> refresh -> profile edit -> change password -> reset -> login', async () => {
    const body = signUpBody({ email: uniqueEmail('Walk').replace('walk', 'Walk') });
    const email = (body.email as string).toLowerCase();

    const created = await t.http().post('/api/users/sign-up/').send(body);
    expect(created.status).toBe(201);
    // The answer is the same whatever the address (it never tells whether it had an account).
    expect(created.body).toEqual({
      success: true,
      message: 'Account created. We sent you a verification email: check your inbox (and spam folder).',
    });
    const account = await t.dataSource.getRepository(User).findOneByOrFail({ email });
    expect(account).toMatchObject({ first_name: 'Ana', is_active: false, is_superuser: false });

    const mail = await smtp.waitFor(email, (m) => m.subject === 'Verifica tu cuenta');
    const { link, uidb64, token } = linkParts(mail, 'http://localhost:3000/email-verification');
    expect(uidb64).toBe(Buffer.from(String(account.id)).toString('base64url'));
    expect(mail.html).toContain(link);
    expect(mail.text).toContain('Hola Ana,');

    const early = await login(t, email, GOOD_PASSWORD);
    expect(early.status).toBe(403);
    expect(early.body.error).toBe('Please verify your email before logging in.');

    const verified = await t.http().get(`/api/users/verify-email/${uidb64}/${token}/`);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ success: true, message: 'Your email has been verified. You can now log in.' });
    const again = await t.http().get(`/api/users/verify-email/${uidb64}/${token}`);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, error: 'The verification link is invalid or has expired.' });

    const loggedIn = await login(t, email.toUpperCase(), GOOD_PASSWORD);
    expect(loggedIn.status).toBe(200);
    const claims = decodeJwt(loggedIn.body.access);
    expect(claims).toMatchObject({ user_id: account.id, is_admin: false, token_type: 'access' });
    expect((claims.exp as number) - (claims.iat as number)).toBe(300);

    const refreshed = await t.http().post('/api/users/token/refresh/').send({ refresh: loggedIn.body.refresh });
    expect(refreshed.status).toBe(200);
    const access = refreshed.body.access as string;
    const id = account.id;

    const profile = await t.http().get(`/api/users/user/${id}/`).set('Authorization', `Bearer ${access}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      id,
      email,
      first_name: 'Ana',
      last_name: 'García',
      full_name: 'Ana García',
      is_active: true,
    });
    expect(profile.body.formatted_date_joined).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expectNoSecrets(profile.body);

    const edited = await t
      .http()
      .put(`/api/users/user/${id}/`)
      .set('Authorization', `Bearer ${access}`)
      .send({ first_name: ' Ana María ', last_name: 'García Pérez', email, phone: '+1 (809) 555-0000' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      first_name: 'Ana María',
      last_name: 'García Pérez',
      phone: '18095550000',
      email,
    });
    expectNoSecrets(edited.body);

    const changed = await t
      .http()
      .post('/api/users/change-password/')
      .set('Authorization', `Bearer ${access}`)
      .send({ current_password: GOOD_PASSWORD, new_password: 'Otra-Clave-Segura-77' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      success: true,
      message: 'Your password has been changed. Other sessions have been signed out.',
    });
    const oldSession = await t.http().post('/api/users/token/refresh/').send({ refresh: refreshed.body.refresh });
    expect(oldSession.status).toBe(401);
    const fresh = await t.http().get(`/api/users/user/${id}/`).set('Authorization', `Bearer ${changed.body.access}`);
    expect(fresh.status).toBe(200);

    const { cookie, token: csrfToken } = await csrf(t);
    smtp.clear();
    const requested = await t
      .http()
      .post('/api/users/reset_password/')
      .set('Cookie', cookie)
      .set('X-CSRFToken', csrfToken)
      .send({ email: email.toUpperCase() });
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({
      success: true,
      message: 'If an account exists for this email, we have sent a link to reset the password.',
    });
    const resetMail = await smtp.waitFor(email, (m) => m.subject === 'Restablece tu contraseña');
    const reset = linkParts(resetMail, 'http://localhost:3000/api/users/reset');
    expect(resetMail.html).toContain(reset.link);

    const page = await t.http().get(`/api/users/reset/${reset.uidb64}/${reset.token}`).set('Accept', 'text/html');
    expect(page.text).toContain('<title>Site</title>');
    const valid = await t
      .http()
      .get(`/api/users/reset/${reset.uidb64}/${reset.token}/`)
      .set('Accept', 'application/json');
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ success: true, message: 'The reset link is valid. Please choose a new password.' });

    const saved = await t
      .http()
      .post(`/api/users/reset/${reset.uidb64}/${reset.token}/`)
      .set('Cookie', cookie)
      .set('X-CSRFToken', csrfToken)
      .send({ password: 'Nueva-Clave-2032' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      success: true,
      message: 'Your password has been reset. You can now log in with the new password.',
    });
    const reused = await t
      .http()
      .post(`/api/users/reset/${reset.uidb64}/${reset.token}/`)
      .set('Cookie', cookie)
      .set('X-CSRFToken', csrfToken)
      .send({ password: 'Nueva-Clave-2033' });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ success: false, error: 'The reset link is invalid or has expired.' });
    const revoked = await t.http().post('/api/users/token/refresh/').send({ refresh: changed.body.refresh });
    expect(revoked.status).toBe(401);

    expect((await login(t, email, 'Otra-Clave-Segura-77')).status).toBe(401);
    const final = await login(t, email, 'Nueva-Clave-2032');
    expect(final.status).toBe(200);
    expect(final.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
  });

  describe('sign-up', () => {
    it('answers a taken e-mail, whatever its case, as a new one, and tells its owner instead', async () => {
      const taken = await createUser(t);
      const res = await t
        .http()
        .post('/api/users/sign-up/')
        .send(signUpBody({ email: taken.user.email.toUpperCase() }));
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        success: true,
        message: 'Account created. We sent you a verification email: check your inbox (and spam folder).',
      });
      expect(await t.dataSource.getRepository(User).countBy({ email: taken.user.email })).toBe(1);
      await smtp.waitFor(taken.user.email, (m) => m.subject === 'Intento de registro con tu correo');
    });

    it('answers invalid input with 400 and the Spanish message of the field', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ first_name: '' }, 'first_name', 'Por favor, complete todos los campos.'],
        [{ email: undefined }, 'email', 'Por favor, complete todos los campos.'],
        [{ email: 'ana@nowhere' }, 'email', 'Por favor, ingrese una dirección de correo electrónico válida.'],
        [
          { email: `${'a'.repeat(310)}@example.com` },
          'email',
          'El correo electrónico no puede exceder los 320 caracteres.',
        ],
        [{ password: 'x'.repeat(129) }, 'password', 'La contraseña no puede exceder los 128 caracteres.'],
        [{ password: 'Corta1!' }, 'password', 'La contraseña debe tener al menos 8 caracteres.'],
        [
          { password: 'password123' },
          'password',
          'Esta contraseña es demasiado común. Por favor, elija una más segura.',
        ],
        [{ password: 'Baseball' }, 'password', 'Esta contraseña es demasiado común. Por favor, elija una más segura.'],
        [{ phone: '12-ab' }, 'phone', 'El teléfono debe contener solo números, entre 2 y 15 dígitos.'],
        [{ last_name: 'x'.repeat(31) }, 'last_name', 'El apellido no puede exceder los 30 caracteres.'],
      ];
      for (const [override, field, message] of cases) {
        const res = await t.http().post('/api/users/sign-up/').send(signUpBody(override));
        expect({ override, status: res.status, field: res.body.errors?.[field] }).toEqual({
          override,
          status: 400,
          field: message,
        });
        expect(res.body.error).toBe(message);
      }
      const none = await t.http().post('/api/users/sign-up/').send({});
      expect(none.status).toBe(400);
      expect(none.body.error).toBe('Por favor, complete todos los campos.');
    });

    it('refuses unknown fields', async () => {
      const res = await t
        .http()
        .post('/api/users/sign-up/')
        .send(signUpBody({ is_active: true }));
      expect(res.status).toBe(400);
      expect(res.body.errors.is_active).toBe('property is_active should not exist');
    });

    it('never creates an admin from an anonymous sign-up with is_superuser true', async () => {
      const body = signUpBody({ is_superuser: true });
      const res = await t.http().post('/api/users/sign-up/').send(body);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Only an administrator can create admin accounts.');
      expect(await t.dataSource.getRepository(User).countBy({ email: body.email as string })).toBe(0);
    });

    it('refuses is_superuser true from a regular user and a bad token', async () => {
      const regular = await createUser(t);
      const res = await t
        .http()
        .post('/api/users/sign-up/')
        .set('Authorization', `Bearer ${regular.token}`)
        .send(signUpBody({ is_superuser: true }));
      expect(res.status).toBe(403);
      const bad = await t.http().post('/api/users/sign-up/').set('Authorization', 'Bearer nope').send(signUpBody());
      expect(bad.status).toBe(401);
    });

    it('lets an admin create an active admin through sign-up', async () => {
      const admin = await createUser(t, { admin: true });
      const body = signUpBody({ is_superuser: true });
      const res = await t.http().post('/api/users/sign-up/').set('Authorization', `Bearer ${admin.token}`).send(body);
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ is_superuser: true, is_active: true });
      const adminLogin = await t
        .http()
        .post('/api/users/admin/login/')
        .send({ email: body.email, password: body.password });
      expect(adminLogin.body).toMatchObject({ success: true, is_admin: true });
    });

    it('signs an agent in to the back-office for the lead desk only, and still refuses a customer', async () => {
      const agent = await createUser(t, { agent: true });
      const admin = await createUser(t, { admin: true });
      const login = await t
        .http()
        .post('/api/users/admin/login/')
        .send({ email: agent.user.email, password: agent.password });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ success: true, is_admin: false, is_agent: true });
      const claims = JSON.parse(Buffer.from(login.body.access.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ user_id: agent.user.id, is_admin: false, is_agent: true });
      const as = (path: string) => t.http().get(path).set('Authorization', `Bearer ${login.body.access}`);
      expect((await as('/api/admin/leads')).status).toBe(200);
      expect((await as('/api/admin/dashboard')).status).toBe(200);
      expect((await as('/api/admin/users')).status).toBe(403);
      expect((await as('/api/admin/audit-log')).status).toBe(403);
      // A staff sign-in is audited, as an admin's is.
      const audit = await t
        .http()
        .get('/api/admin/audit-log')
        .query({ filter: JSON.stringify({ actor_id: agent.user.id, action: 'sign_in' }) })
        .set('Authorization', `Bearer ${admin.token}`);
      expect(audit.body).toEqual([expect.objectContaining({ resource: 'session', changes: { via: 'admin' } })]);

      const customer = await createUser(t);
      const refused = await t
        .http()
        .post('/api/users/admin/login/')
        .send({ email: customer.user.email, password: customer.password });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, is_admin: false, is_agent: false });
      expect(refused.body.access).toBeUndefined();
    });

    it('stores the password as an argon2id hash, never in clear', async () => {
      const body = signUpBody();
      await t.http().post('/api/users/sign-up/').send(body).expect(201);
      const row = await t.dataSource.getRepository(User).findOneByOrFail({ email: body.email as string });
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
      expect(row.password_hash).toMatch(/[$,]m=19456[,$]/);
      expect(row.password_hash).toMatch(/[$,]t=2[,$]/);
      expect(row.password_hash).toMatch(/[$,]p=1[,$]/);
      expect(row.is_active).toBe(false);
    });
  });

  describe('e-mail verification', () => {
    async function freshLink() {
      const body = signUpBody();
      await t.http().post('/api/users/sign-up/').send(body).expect(201);
      const mail = await smtp.waitFor(body.email as string, (m) => m.subject === 'Verifica tu cuenta');
      return { ...linkParts(mail, 'http://localhost:3000/email-verification'), email: body.email as string };
    }

    it('refuses tampered tokens, another user’s uid and garbage with a 400 JSON', async () => {
      const { uidb64, token } = await freshLink();
      const other = Buffer.from('999999').toString('base64url');
      const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
      for (const path of [
        `${uidb64}/${flipped}`,
        `${other}/${token}`,
        `${uidb64}/short`,
        `MQ==/${token}`,
        `LTE/${token}`,
      ]) {
        const res = await t.http().get(`/api/users/verify-email/${path}/`);
        expect({ path, status: res.status }).toEqual({ path, status: 400 });
        expect(res.body.error).toBe('The verification link is invalid or has expired.');
      }
      expect((await t.http().get(`/api/users/verify-email/${uidb64}/${token}/`)).status).toBe(200);
    });

    it('refuses an expired link', async () => {
      const { uidb64, token, email } = await freshLink();
      const user = await t.dataSource.getRepository(User).findOneByOrFail({ email });
      await t.dataSource
        .getRepository(UserToken)
        .update({ user_id: user.id }, { expires_at: new Date(Date.now() - 1000) });
      const res = await t.http().get(`/api/users/verify-email/${uidb64}/${token}/`);
      expect(res.status).toBe(400);
      expect((await t.dataSource.getRepository(User).findOneByOrFail({ email })).is_active).toBe(false);
    });

    it('keeps verification tokens valid for 3 days and stores only their hash', async () => {
      const { token, email } = await freshLink();
      const user = await t.dataSource.getRepository(User).findOneByOrFail({ email });
      const row = await t.dataSource.getRepository(UserToken).findOneByOrFail({ user_id: user.id });
      expect(row.token_hash).not.toContain(token);
      const days = (row.expires_at.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(2.9);
      expect(days).toBeLessThanOrEqual(3);
    });
  });

  describe('login', () => {
    it('answers an unknown e-mail and a wrong password with the same 401 and message', async () => {
      const user = await createUser(t);
      const unknown = await login(t, uniqueEmail('nobody'), 'whatever-123');
      expect(unknown.status).toBe(401);
      expect(unknown.body.error).toBe('Email or password is incorrect. Please try again.');
      const wrong = await login(t, user.user.email, 'not-the-password');
      expect(wrong.status).toBe(401);
      expect(wrong.body.error).toBe('Email or password is incorrect. Please try again.');
    });

    it('validates the login body with the Spanish messages', async () => {
      const empty = await t.http().post('/api/users/token/').send({ username: '', password: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.error).toBe('Por favor, complete todos los campos requeridos.');
      const bad = await t.http().post('/api/users/token/').send({ username: 'no-at-sign', password: 'x' });
      expect(bad.body.error).toBe('Por favor, ingrese una dirección de correo electrónico válida.');
      const long = await t
        .http()
        .post('/api/users/token/')
        .send({ username: 'a@b.co', password: 'x'.repeat(129) });
      expect(long.body.error).toBe('La contraseña no puede exceder los 128 caracteres.');
      const extra = await t
        .http()
        .post('/api/users/token/')
        .send({ username: 'a@b.co', password: 'x', email: 'a@b.co' });
      expect(extra.status).toBe(400);
    });
  });

  describe('profile', () => {
    it('answers 401 without a token and 403 for another user’s profile', async () => {
      const a = await createUser(t);
      const b = await createUser(t);
      expect((await t.http().get(`/api/users/user/${a.user.id}/`)).status).toBe(401);
      const other = await t.http().get(`/api/users/user/${b.user.id}/`).set('Authorization', `Bearer ${a.token}`);
      expect(other.status).toBe(403);
      expect(other.body.error).toBe('You can only access your own profile.');
      const put = await t
        .http()
        .put(`/api/users/user/${b.user.id}/`)
        .set('Authorization', `Bearer ${a.token}`)
        .send({ first_name: 'X', last_name: 'Y' });
      expect(put.status).toBe(403);
    });

    it('lets an admin read any profile but edit only their own', async () => {
      const admin = await createUser(t, { admin: true });
      const user = await createUser(t);
      const read = await t.http().get(`/api/users/user/${user.user.id}/`).set('Authorization', `Bearer ${admin.token}`);
      expect(read.status).toBe(200);
      expectNoSecrets(read.body);
      const missing = await t.http().get('/api/users/user/987654/').set('Authorization', `Bearer ${admin.token}`);
      expect(missing.status).toBe(404);
      const put = await t
        .http()
        .put(`/api/users/user/${user.user.id}/`)
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ first_name: 'X', last_name: 'Y' });
      expect(put.status).toBe(403);
    });

    it('applies the profile rules and refuses e-mail changes and unknown fields', async () => {
      const me = await createUser(t);
      const put = (body: Record<string, unknown>) =>
        t.http().put(`/api/users/user/${me.user.id}/`).set('Authorization', `Bearer ${me.token}`).send(body);
      const base = { first_name: 'Ana', last_name: 'García', phone: '5551234' };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...base, first_name: '' }, 'First name is required'],
        [{ ...base, last_name: '   ' }, 'Last name is required'],
        [{ ...base, first_name: 'x'.repeat(31) }, 'First name cannot exceed 30 characters'],
        [{ ...base, last_name: 'x'.repeat(31) }, 'Last name cannot exceed 30 characters'],
        [{ ...base, phone: '1' }, 'Phone number must contain only numbers and be between 2 and 15 digits'],
        [
          { ...base, phone: '1234567890123456' },
          'Phone number must contain only numbers and be between 2 and 15 digits',
        ],
        [{ ...base, email: 'other@example.com' }, 'Email cannot be changed.'],
      ];
      for (const [body, message] of cases) {
        const res = await put(body);
        expect({ body, status: res.status, error: res.body.error }).toEqual({ body, status: 400, error: message });
      }
      expect((await put({ ...base, is_superuser: true })).status).toBe(400);
      expect((await put({ ...base, password_hash: 'x' })).status).toBe(400);
      const ok = await put({ ...base, email: me.user.email.toUpperCase(), phone: '' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ phone: '', is_superuser: false });
    });

    it('changes the password only with the right current password', async () => {
      const me = await createUser(t);
      const call = (body: Record<string, unknown>) =>
        t.http().post('/api/users/change-password/').set('Authorization', `Bearer ${me.token}`).send(body);
      const wrong = await call({ current_password: 'nope-nope', new_password: 'Brand-New-Pass-1' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe('Current password is incorrect.');
      const weak = await call({ current_password: me.password, new_password: 'qwertyuiop' });
      expect(weak.body.error).toBe('This password is too common. Please choose a less predictable one.');
      const short = await call({ current_password: me.password, new_password: 'abc' });
      expect(short.body.error).toBe('Password must be at least 8 characters long.');
      const same = await call({ current_password: me.password, new_password: me.password });
      expect(same.body.error).toBe('The new password must be different from the current one.');
      expect((await t.http().post('/api/users/change-password/').send({})).status).toBe(401);
    });
  });

  describe('password reset', () => {
    async function requestReset(email: string) {
      const { cookie, token } = await csrf(t);
      return t
        .http()
        .post('/api/users/reset_password/')
        .set('Cookie', cookie)
        .set('X-CSRFToken', token)
        .send({ email });
    }

    it('requires the CSRF cookie and a matching X-CSRFToken header', async () => {
      const { cookie, token } = await csrf(t);
      const none = await t.http().post('/api/users/reset_password/').send({ email: 'a@b.co' });
      expect(none.status).toBe(403);
      expect(none.body.error).toBe('CSRF token missing or incorrect. Reload the page and try again.');
      const headerOnly = await t
        .http()
        .post('/api/users/reset_password/')
        .set('X-CSRFToken', token)
        .send({ email: 'a@b.co' });
      expect(headerOnly.status).toBe(403);
      const mismatch = await t
        .http()
        .post('/api/users/reset_password/')
        .set('Cookie', cookie)
        .set('X-CSRFToken', `${token.slice(0, -2)}xx`)
        .send({ email: 'a@b.co' });
      expect(mismatch.status).toBe(403);
      const confirm = await t
        .http()
        .post('/api/users/reset/MQ/sometoken/')
        .set('Cookie', cookie)
        .send({ password: 'Whatever-123' });
      expect(confirm.status).toBe(403);
    });

    it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
      const email = uniqueEmail('ghost');
      const res = await requestReset(email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: 'If an account exists for this email, we have sent a link to reset the password.',
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.mails.some((m) => m.to.includes(email))).toBe(false);
      const invalid = await requestReset('not-an-email');
      expect(invalid.status).toBe(400);
      expect(invalid.body.error).toBe('Por favor, ingrese una dirección de correo electrónico válida.');
    });

    it('sends admins the /admin/api/users/reset/ link', async () => {
      const admin = await createUser(t, { admin: true });
      await requestReset(admin.user.email).then((r) => expect(r.status).toBe(200));
      const mail = await smtp.waitFor(admin.user.email, (m) => m.subject === 'Restablece tu contraseña');
      const { uidb64 } = linkParts(mail, 'http://localhost:3000/admin/api/users/reset');
      expect(uidb64).toBe(Buffer.from(String(admin.user.id)).toString('base64url'));
    });

    it('sets the csrftoken cookie on the JSON check of the link and refuses bad, expired or short passwords', async () => {
      const me = await createUser(t);
      await requestReset(me.user.email);
      const mail = await smtp.waitFor(me.user.email, (m) => m.subject === 'Restablece tu contraseña');
      const { uidb64, token } = linkParts(mail, 'http://localhost:3000/api/users/reset');
      const check = await t.http().get(`/api/users/reset/${uidb64}/${token}/`);
      const cookie = ([] as string[]).concat(check.headers['set-cookie'] ?? []).find((c) => c.startsWith('csrftoken='));
      expect(cookie).toBeDefined();
      expect(cookie).not.toMatch(/HttpOnly/i);
      const value = cookie!.split(';')[0].slice('csrftoken='.length);
      const post = (password: unknown, path = `${uidb64}/${token}`) =>
        t
          .http()
          .post(`/api/users/reset/${path}/`)
          .set('Cookie', `csrftoken=${value}`)
          .set('X-CSRFToken', value)
          .send({ password });
      expect((await post('short')).body.error).toBe('Password must be at least 8 characters long.');
      expect((await post('x'.repeat(129))).body.error).toBe('Password cannot exceed 128 characters.');
      expect((await post('')).body.error).toBe('All fields are required.');
      expect((await post('iloveyou123')).body.error).toBe(
        'This password is too common. Please choose a less predictable one.',
      );
      expect((await post('Good-Pass-9090', `${uidb64}/${token.slice(1)}x`)).status).toBe(400);
      const tampered = await t.http().get(`/api/users/reset/${uidb64}/${token.slice(0, -1)}Z/`);
      expect(tampered.status === 400 || token.endsWith('Z')).toBe(true);

      await t.dataSource
        .getRepository(UserToken)
        .update({ user_id: me.user.id, purpose: 'reset_password' }, { expires_at: new Date(Date.now() - 1) });
      const expired = await t.http().get(`/api/users/reset/${uidb64}/${token}/`);
      expect(expired.status).toBe(400);
      expect(expired.body).toMatchObject({ success: false, error: 'The reset link is invalid or has expired.' });
      expect((await post('Good-Pass-9090')).status).toBe(400);
    });

    it('makes reset links expire after one hour', async () => {
      const me = await createUser(t);
      await requestReset(me.user.email);
      // The link (and its row) is made when the outbox sends the mail.
      await smtp.waitFor(me.user.email, (m) => m.subject === 'Restablece tu contraseña');
      const row = await t.dataSource
        .getRepository(UserToken)
        .findOneByOrFail({ user_id: me.user.id, purpose: 'reset_password' });
      const minutes = (row.expires_at.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(58);
      expect(minutes).toBeLessThanOrEqual(60);
    });

    it('activates an account whose verification link was lost, since the reset proves the mailbox', async () => {
      const body = signUpBody();
      await t.http().post('/api/users/sign-up/').send(body).expect(201);
      await requestReset(body.email as string);
      const mail = await smtp.waitFor(body.email as string, (m) => m.subject === 'Restablece tu contraseña');
      const { uidb64, token } = linkParts(mail, 'http://localhost:3000/api/users/reset');
      const { cookie, token: c } = await csrf(t);
      await t
        .http()
        .post(`/api/users/reset/${uidb64}/${token}/`)
        .set('Cookie', cookie)
        .set('X-CSRFToken', c)
        .send({ password: 'Recovered-Pass-42' })
        .expect(200);
      expect((await login(t, body.email as string, 'Recovered-Pass-42')).status).toBe(200);
    });
  });
});

describe('accounts: e-mail failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates the account at once and keeps its verification e-mail queued while the mail server is down', async () => {
    const body = signUpBody();
    const res = await t.http().post('/api/users/sign-up/').send(body);
    expect(res.status).toBe(201);
    const user = await t.dataSource.getRepository(User).findOneByOrFail({ email: body.email as string });
    expect(user.is_active).toBe(false);
    const queued = await t.dataSource
      .getRepository(OutboxMail)
      .findOneByOrFail({ kind: 'verify-email', ref_id: user.id });
    expect(queued).toMatchObject({ sent_at: null, failed_at: null });
  });

  it('answers a reset request with 200 while the mail server is down, the e-mail queued', async () => {
    const me = await createUser(t);
    const { cookie, token } = await csrf(t);
    const res = await t
      .http()
      .post('/api/users/reset_password/')
      .set('Cookie', cookie)
      .set('X-CSRFToken', token)
      .send({ email: me.user.email });
    expect(res.status).toBe(200);
    expect(
      await t.dataSource.getRepository(OutboxMail).countBy({ kind: 'password-reset', to_address: me.user.email }),
    ).toBe(1);
  });
});
