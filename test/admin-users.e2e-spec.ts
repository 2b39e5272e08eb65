import { Lead } from '../src/leads/entities/lead.entity';
import { User } from '../src/users/entities/user.entity';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';
import { bearer, seedDestination, seedLead } from './support/admin-fixtures';

describe('admin users and agents', () => {
  let t: TestApp;
  let admin: CreatedUser;
  const auth = () => bearer(admin.token);

  const login = (email: string, password: string) =>
    t.http().post('/api/users/token/').send({ username: email, password });
  const noHash = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/password|argon2/);

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await createUser(t, { admin: true });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('lists', () => {
    it('lists customers and admins (admins first) under users, and agents only under agents', async () => {
      const customer = await createUser(t);
      const agent = await createUser(t, { agent: true });
      const secondAdmin = await createUser(t, { admin: true });
      const users = await t.http().get('/api/admin/users').set(auth());
      expect(users.status).toBe(200);
      const ids = users.body.map((u: { id: number }) => u.id);
      expect(ids).toEqual(expect.arrayContaining([admin.user.id, secondAdmin.user.id, customer.user.id]));
      expect(ids).not.toContain(agent.user.id);
      const flags = users.body.map((u: { is_superuser: boolean }) => u.is_superuser);
      expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
      expect(users.headers['content-range']).toBe(`users 0-${ids.length - 1}/${ids.length}`);
      const agents = await t.http().get('/api/admin/agents/').set(auth());
      expect(agents.body.map((u: { id: number }) => u.id)).toContain(agent.user.id);
      expect(agents.body.every((u: { is_agent: boolean }) => u.is_agent)).toBe(true);
      noHash(users.body);
      noHash(agents.body);
      const one = await t.http().get(`/api/admin/users/${customer.user.id}`).set(auth());
      expect(one.body).toEqual({
        id: customer.user.id,
        first_name: 'Test',
        last_name: customer.user.last_name,
        full_name: `Test ${customer.user.last_name}`,
        email: customer.user.email,
        phone: '5551234567',
        is_active: true,
        is_superuser: false,
        is_agent: false,
        receives_leads: false,
        date_joined: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        formatted_date_joined: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
        last_login: null,
      });
      expect((await t.http().get(`/api/admin/users/${agent.user.id}`).set(auth())).status).toBe(404);
      expect((await t.http().get('/api/admin/users/abc').set(auth())).status).toBe(400);
    });
  });

  describe('creating agents', () => {
    const valid = { first_name: 'ana', last_name: 'Soto', email: 'Ana.Soto@Agency.example', phone: '5550001111' };

    it('creates an active agent with a strong password, who can then log in', async () => {
      const res = await t
        .http()
        .post('/api/admin/agents/')
        .set(auth())
        .send({ ...valid, password: 'Sun&Sea2030', confirm_password: 'Sun&Sea2030' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        first_name: 'Ana',
        email: 'ana.soto@agency.example',
        is_agent: true,
        is_active: true,
        is_superuser: false,
      });
      noHash(res.body);
      expect((await login('ana.soto@agency.example', 'Sun&Sea2030')).status).toBe(200);
      const again = await t
        .http()
        .post('/api/admin/agents')
        .set(auth())
        .send({ ...valid, email: 'ANA.SOTO@agency.example' });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('A user with this email already exists.');
    });

    it('creates an inactive agent when no password is given', async () => {
      const res = await t
        .http()
        .post('/api/admin/agents')
        .set(auth())
        .send({ ...valid, email: 'nopass@agency.example', phone: '' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ is_active: false, phone: '' });
      expect((await login('nopass@agency.example', '')).status).not.toBe(200);
    });

    it('checks names, e-mail, phone and password with the spec rules', async () => {
      const cases: Array<[object, Record<string, string>]> = [
        [{}, { first_name: 'First name is required', last_name: 'Last name is required', email: 'Email is required' }],
        [
          { ...valid, first_name: ' ', last_name: 'x'.repeat(41) },
          { first_name: 'First name is required', last_name: 'Last name cannot exceed 40 characters' },
        ],
        [{ ...valid, email: 'not-an-email' }, { email: 'Email is invalid' }],
        [{ ...valid, phone: '555000111' }, { phone: 'Phone number must be exactly 10 digits' }],
        [{ ...valid, phone: '55500011112' }, { phone: 'Phone number must be exactly 10 digits' }],
        [{ ...valid, phone: '555-000-11' }, { phone: 'Phone number must be exactly 10 digits' }],
        [
          { ...valid, password: 'Sh0rt!', confirm_password: 'Sh0rt!' },
          { password: 'Password must be at least 8 characters long.' },
        ],
        [
          { ...valid, password: 'lowercase1!', confirm_password: 'lowercase1!' },
          { password: 'Password must contain at least one uppercase letter.' },
        ],
        [
          { ...valid, password: 'NoNumbers!', confirm_password: 'NoNumbers!' },
          { password: 'Password must contain at least one number.' },
        ],
        [
          { ...valid, password: 'NoSpecial1', confirm_password: 'NoSpecial1' },
          { password: 'Password must contain at least one special character (!@#$%^&*).' },
        ],
        [
          { ...valid, password: `A1!${'a'.repeat(126)}`, confirm_password: `A1!${'a'.repeat(126)}` },
          { password: 'Password cannot exceed 128 characters.' },
        ],
        [
          { ...valid, password: 'Sun&Sea2030', confirm_password: 'Sun&Sea2031' },
          { confirm_password: 'Passwords do not match.' },
        ],
        [{ ...valid, password: 'Sun&Sea2030' }, { confirm_password: 'Passwords do not match.' }],
      ];
      for (const [body, errors] of cases) {
        const res = await t.http().post('/api/admin/agents').set(auth()).send(body);
        expect({ body, status: res.status, errors: res.body.errors }).toEqual({ body, status: 400, errors });
      }
    });

    it('refuses fields nobody may set (is_superuser, id, created_at)', async () => {
      for (const extra of [{ is_superuser: true }, { id: 1 }, { created_at: '2020-01-01' }, { is_active: true }]) {
        const res = await t
          .http()
          .post('/api/admin/agents')
          .set(auth())
          .send({ ...valid, email: 'extra@agency.example', ...extra });
        const field = Object.keys(extra)[0];
        expect(res.status).toBe(400);
        expect(res.body.errors[field]).toBe(`property ${field} should not exist`);
      }
      expect(await t.dataSource.getRepository(User).countBy({ email: 'extra@agency.example' })).toBe(0);
    });
  });

  describe('editing', () => {
    it('edits an agent: names capitalised, e-mail read-only, exact 10-digit phone', async () => {
      const agent = await createUser(t, { agent: true });
      const path = `/api/admin/agents/${agent.user.id}/`;
      const ok = await t
        .http()
        .put(path)
        .set(auth())
        .send({ first_name: 'maría', last_name: 'López', phone: '5559998888' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({
        first_name: 'María',
        full_name: 'María López',
        phone: '5559998888',
        email: agent.user.email,
      });
      const email = await t.http().put(path).set(auth()).send({ email: 'new@x.com' });
      expect(email.status).toBe(400);
      expect(email.body.errors).toEqual({ email: 'Email cannot be changed.' });
      const bad = await t
        .http()
        .put(path)
        .set(auth())
        .send({ first_name: '', last_name: 'y'.repeat(41), phone: '12345' });
      expect(bad.body.errors).toEqual({
        first_name: 'First name is required',
        last_name: 'Last name cannot exceed 40 characters',
        phone: 'Phone number must be exactly 10 digits',
      });
      const sneaky = await t.http().put(path).set(auth()).send({ is_superuser: true });
      expect(sneaky.status).toBe(400);
      expect((await t.dataSource.getRepository(User).findOneByOrFail({ id: agent.user.id })).is_superuser).toBe(false);
    });

    it('sets a new password that works, and ends the old sessions', async () => {
      const agent = await createUser(t, { agent: true, password: 'Old!Passw0rd' });
      const session = (await login(agent.user.email, 'Old!Passw0rd')).body;
      expect(session.refresh).toBeTruthy();
      const mismatch = await t
        .http()
        .put(`/api/admin/agents/${agent.user.id}`)
        .set(auth())
        .send({ password: 'New!Passw0rd', confirm_password: 'nope' });
      expect(mismatch.body.errors).toEqual({ confirm_password: 'Passwords do not match.' });
      const res = await t
        .http()
        .put(`/api/admin/agents/${agent.user.id}`)
        .set(auth())
        .send({ password: 'New!Passw0rd', confirm_password: 'New!Passw0rd' });
      expect(res.status).toBe(200);
      expect((await login(agent.user.email, 'New!Passw0rd')).status).toBe(200);
      expect((await login(agent.user.email, 'Old!Passw0rd')).status).toBe(401);
      expect((await t.http().post('/api/users/token/refresh/').send({ refresh: session.refresh })).status).toBe(401);
    });

    it('makes a customer an admin with is_superuser, checking the customer phone rule', async () => {
      const customer = await createUser(t);
      expect((await t.http().get('/api/admin/leads').set(bearer(customer.token))).status).toBe(403);
      const phone = await t.http().put(`/api/admin/users/${customer.user.id}`).set(auth()).send({ phone: '1' });
      expect(phone.body.errors).toEqual({
        phone: 'Phone number must contain only numbers and be between 2 and 15 digits',
      });
      const res = await t
        .http()
        .put(`/api/admin/users/${customer.user.id}`)
        .set(auth())
        .send({ is_superuser: true, phone: '12' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ is_superuser: true, phone: '12' });
      expect((await t.http().get('/api/admin/leads').set(bearer(customer.token))).status).toBe(200);
    });

    it('refuses to let an admin demote or deactivate themself', async () => {
      const demote = await t.http().put(`/api/admin/users/${admin.user.id}`).set(auth()).send({ is_superuser: false });
      expect(demote.status).toBe(409);
      expect(demote.body.error).toBe('You cannot remove your own admin rights.');
      const deactivate = await t.http().put(`/api/admin/users/${admin.user.id}`).set(auth()).send({ is_active: false });
      expect(deactivate.status).toBe(409);
      expect(deactivate.body.error).toBe('You cannot deactivate your own account.');
      expect((await t.dataSource.getRepository(User).findOneByOrFail({ id: admin.user.id })).is_superuser).toBe(true);
    });
  });

  describe('deleting', () => {
    it('refuses to let an admin delete themself, alone or in a bulk', async () => {
      const other = await createUser(t, { admin: true });
      const self = await t.http().delete(`/api/admin/users/${admin.user.id}/`).set(auth());
      expect(self.status).toBe(409);
      expect(self.body.error).toBe('You cannot delete your own account.');
      const bulk = await t
        .http()
        .post('/api/admin/users/bulk-delete/')
        .set(auth())
        .send({ user_ids: [other.user.id, admin.user.id] });
      expect(bulk.status).toBe(409);
      expect(await t.dataSource.getRepository(User).countBy({ id: other.user.id })).toBe(1);
    });

    it('deletes a user and answers the deleted record', async () => {
      const customer = await createUser(t);
      const res = await t.http().delete(`/api/admin/users/${customer.user.id}`).set(auth());
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: customer.user.id, email: customer.user.email });
      noHash(res.body);
      expect((await t.http().delete(`/api/admin/users/${customer.user.id}`).set(auth())).status).toBe(404);
    });

    it('bulk-deletes all or nothing: a missing id or an agent id under users deletes nothing', async () => {
      const a = await createUser(t);
      const b = await createUser(t);
      const agent = await createUser(t, { agent: true });
      const missing = await t
        .http()
        .post('/api/admin/users/bulk-delete')
        .set(auth())
        .send({ user_ids: [a.user.id, b.user.id, 99999] });
      expect(missing.status).toBe(404);
      expect(missing.body.missing_ids).toEqual([99999]);
      const wrongKind = await t
        .http()
        .post('/api/admin/users/bulk-delete')
        .set(auth())
        .send({ user_ids: [a.user.id, agent.user.id] });
      expect(wrongKind.status).toBe(404);
      expect(
        await t.dataSource.getRepository(User).countBy([{ id: a.user.id }, { id: b.user.id }, { id: agent.user.id }]),
      ).toBe(3);
      const ok = await t
        .http()
        .post('/api/admin/users/bulk-delete')
        .set(auth())
        .send({ user_ids: [a.user.id, b.user.id, a.user.id] });
      expect(ok.body).toEqual({ deleted: 2 });
      const bad = await t
        .http()
        .post('/api/admin/users/bulk-delete')
        .set(auth())
        .send({ user_ids: ['x'] });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Each id must be a whole number.');
    });

    it('deleting an agent leaves their leads unassigned, not deleted', async () => {
      const agent = await createUser(t, { agent: true });
      const destination = await seedDestination(t);
      const lead = await seedLead(t, destination.id, { agent_id: agent.user.id });
      const res = await t
        .http()
        .post('/api/admin/agents/bulk-delete')
        .set(auth())
        .send({ agent_ids: [agent.user.id] });
      expect(res.body).toEqual({ deleted: 1 });
      expect((await t.dataSource.getRepository(Lead).findOneByOrFail({ id: lead.id })).agent_id).toBeNull();
    });
  });
});
