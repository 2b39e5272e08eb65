import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { signUpBody } from './support/account-helpers';
import { bearer, pngBytes, seedDestination, seedLead, seedPack } from './support/admin-fixtures';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

type Entry = {
  id: number;
  created_at: string;
  actor_id: number | null;
  actor_email: string | null;
  action: string;
  resource: string;
  record_id: string | null;
  changes: Record<string, unknown> | null;
  ip: string | null;
};

/**
 * The back-office audit log: every admin write leaves one entry (in the write's own transaction),
 * reads leave none, a refused write leaves none, and the log itself cannot be changed over the API.
 */
describe('admin audit log', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: CreatedUser;
  let customer: CreatedUser;
  const auth = () => bearer(admin.token);

  const count = () => t.dataSource.getRepository(AuditEntry).count();
  const allRows = () => t.dataSource.getRepository(AuditEntry).find({ order: { id: 'ASC' } });
  /** The entries written since `before` (an id), oldest first. */
  const since = async (before: number): Promise<Entry[]> => {
    const res = await t
      .http()
      .get('/api/admin/audit-log/')
      .query({ sort: JSON.stringify(['id', 'ASC']), filter: JSON.stringify({}), range: '[0,999]' })
      .set(auth());
    expect(res.status).toBe(200);
    return (res.body as Entry[]).filter((e) => e.id > before);
  };
  const lastId = async () => (await allRows()).reduce((max, e) => Math.max(max, e.id), 0);

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url });
    admin = await createUser(t, { admin: true });
    customer = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('records a lead created, updated (old → new), deleted, bulk deleted and exported, with actor and address', async () => {
    const destination = await seedDestination(t, { name: 'Cancún' });
    const before = await lastId();
    const created = await t.http().post('/api/admin/leads/').set(auth()).send({
      first_name: 'Ana',
      last_name: 'Ruiz',
      email: 'ana.audit@example.com',
      phone: '5551234567',
      destination_id: destination.id,
    });
    expect(created.body).toMatchObject({ id: expect.any(Number) });
    const id = created.body.id as number;
    const updated = await t
      .http()
      .put(`/api/admin/leads/${id}/`)
      .set(auth())
      .send({ status: 'contacted', first_name: 'Ana María', last_name: 'Ruiz' });
    expect(updated.status).toBe(200);
    const exported = await t
      .http()
      .get('/api/admin/leads/export')
      .query({ filter: JSON.stringify({ destination_id: destination.id }) })
      .set(auth());
    expect(exported.status).toBe(200);
    const [a, b] = [await seedLead(t, destination.id), await seedLead(t, destination.id)];
    expect(
      (
        await t
          .http()
          .post('/api/admin/leads/bulk-delete')
          .set(auth())
          .send({ lead_ids: [a.id, b.id] })
      ).status,
    ).toBe(200);
    expect((await t.http().delete(`/api/admin/leads/${id}`).set(auth())).status).toBe(200);

    const entries = await since(before);
    expect(entries.map((e) => [e.action, e.resource, e.record_id])).toEqual([
      ['create', 'leads', String(id)],
      ['update', 'leads', String(id)],
      ['export', 'leads', null],
      ['bulk_delete', 'leads', String(a.id)],
      ['bulk_delete', 'leads', String(b.id)],
      ['delete', 'leads', String(id)],
    ]);
    for (const e of entries) {
      expect(e).toMatchObject({ actor_id: admin.user.id, actor_email: admin.user.email, ip: expect.any(String) });
      expect(new Date(e.created_at).getTime()).not.toBeNaN();
    }
    expect(entries[0].changes).toMatchObject({ first_name: [null, 'Ana'], email: [null, 'ana.audit@example.com'] });
    expect(entries[1].changes).toEqual({ status: ['new', 'contacted'], first_name: ['Ana', 'Ana María'] });
    expect(entries[2].changes).toEqual({ filter: { destination_id: destination.id }, rows: 1, format: 'csv' });
    expect(entries[3].changes).toMatchObject({ email: [a.email, null] });
    expect(entries[5].changes).toMatchObject({ first_name: ['Ana María', null], status: ['contacted', null] });

    const one = await t.http().get(`/api/admin/audit-log/${entries[1].id}/`).set(auth());
    expect(one.status).toBe(200);
    expect(one.body).toEqual(entries[1]);
  });

  it('records the account created from a lead, on the account and on the lead', async () => {
    const destination = await seedDestination(t, { name: 'Tulum' });
    const lead = await seedLead(t, destination.id, { email: 'from.lead.audit@example.com' });
    const before = await lastId();
    const res = await t.http().post(`/api/admin/leads/${lead.id}/create-account`).set(auth()).send({});
    expect(res.status).toBe(201);
    const entries = await since(before);
    expect(entries.map((e) => [e.action, e.resource, e.record_id, e.changes])).toEqual([
      [
        'create',
        'users',
        String(res.body.user_id),
        { email: [null, 'from.lead.audit@example.com'], from_lead: [null, lead.id] },
      ],
      ['update', 'leads', String(lead.id), { user_id: [null, res.body.user_id] }],
    ]);
  });

  it('records packs, agents, users, destinations and things to do', async () => {
    const destination = await seedDestination(t, { name: 'Punta Cana' });
    const pack = await seedPack(t, destination.id, { name: 'Old name', price: 500 });
    const before = await lastId();
    const packBody = {
      name: 'New name',
      description: pack.description,
      price: 650,
      discount_price: 400,
      features: pack.features,
      amenities: pack.amenities,
      destination_id: destination.id,
      available_from: pack.available_from,
      available_to: pack.available_to,
    };
    expect((await t.http().put(`/api/admin/packs/${pack.id}`).set(auth()).send(packBody)).status).toBe(200);
    const agent = await t
      .http()
      .post('/api/admin/agents/')
      .set(auth())
      .send({ first_name: 'Luis', last_name: 'Mora', email: 'luis.audit@example.com', phone: '' });
    expect(agent.status).toBe(201);
    expect(
      (await t.http().put(`/api/admin/agents/${agent.body.id}`).set(auth()).send({ phone: '5550001111' })).status,
    ).toBe(200);
    const user = await createUser(t);
    expect(
      (await t.http().put(`/api/admin/users/${user.user.id}`).set(auth()).send({ is_superuser: true })).status,
    ).toBe(200);
    const upd = await t.http().put(`/api/admin/destinations/${destination.id}`).set(auth()).send({ location: 'RD' });
    expect(upd.status).toBe(200);
    const thing = await t
      .http()
      .post(`/api/admin/destinations/${destination.id}/things-to-do`)
      .set(auth())
      .send({ title: 'Snorkel', description: 'Reef tour.' });
    expect(thing.status).toBe(201);
    expect(
      (await t.http().delete(`/api/admin/destinations/${destination.id}/things-to-do/${thing.body.id}`).set(auth()))
        .status,
    ).toBe(200);
    const made = await t
      .http()
      .post('/api/admin/destinations/')
      .set(auth())
      .field('name', 'Bávaro')
      .field('location', 'RD')
      .field('description', 'Sand.')
      .attach('main_image', await pngBytes(), 'main.png');
    expect(made.status).toBe(201);
    expect((await t.http().delete(`/api/admin/destinations/${made.body.id}`).set(auth())).status).toBe(200);
    expect((await t.http().delete(`/api/admin/agents/${agent.body.id}`).set(auth())).status).toBe(200);

    const entries = await since(before);
    expect(entries.map((e) => [e.action, e.resource, e.record_id])).toEqual([
      ['update', 'packs', String(pack.id)],
      ['create', 'agents', String(agent.body.id)],
      ['update', 'agents', String(agent.body.id)],
      ['update', 'users', String(user.user.id)],
      ['update', 'destinations', String(destination.id)],
      ['create', 'things-to-do', String(thing.body.id)],
      ['delete', 'things-to-do', String(thing.body.id)],
      ['create', 'destinations', String(made.body.id)],
      ['delete', 'destinations', String(made.body.id)],
      ['delete', 'agents', String(agent.body.id)],
    ]);
    expect(entries[0].changes).toEqual({ name: ['Old name', 'New name'], price: [500, 650] });
    expect(entries[2].changes).toEqual({ phone: ['', '5550001111'] });
    expect(entries[3].changes).toEqual({ is_superuser: [false, true] });
    expect(entries[4].changes).toEqual({ location: ['Dominican Republic', 'RD'] });
    expect(entries[5].changes).toMatchObject({ destination_id: [null, destination.id], title: [null, 'Snorkel'] });
  });

  it('records an admin made by an admin through the admin sign-up, without its password', async () => {
    const body = signUpBody();
    const before = await lastId();
    const res = await t.http().post('/api/users/admin/sign-up/').set(auth()).send(body);
    expect(res.status).toBe(201);
    const entries = await since(before);
    expect(entries.map((e) => [e.action, e.resource, e.record_id, e.actor_id])).toEqual([
      ['create', 'users', String(res.body.user.id), admin.user.id],
    ]);
    expect(entries[0].changes).toMatchObject({ email: [null, body.email], is_superuser: [null, true] });
    expect(JSON.stringify(entries)).not.toContain(body.password as string);
  });

  it('keeps passwords out of the log: a password change is recorded as changed, its value hidden', async () => {
    const user = await createUser(t);
    const before = await lastId();
    const secret = 'Nuev@Clave2031x';
    const res = await t
      .http()
      .put(`/api/admin/users/${user.user.id}/`)
      .set(auth())
      .send({ password: secret, confirm_password: secret, first_name: 'Renamed' });
    expect(res.status).toBe(200);
    const [entry] = await since(before);
    expect(entry.changes).toEqual({ first_name: ['Test', 'Renamed'], password: ['[oculto]', '[oculto]'] });
    const raw = JSON.stringify(await allRows());
    expect(raw).not.toContain(secret);
    expect(raw).not.toMatch(/\$argon2/);
    expect(raw).not.toContain(user.password);
  });

  it('records an admin sign-in with the user id, and nothing for a customer’s', async () => {
    const before = await lastId();
    const ok = await t
      .http()
      .post('/api/users/admin/login/')
      .send({ email: admin.user.email, password: admin.password });
    expect(ok.status).toBe(200);
    const refused = await t
      .http()
      .post('/api/users/admin/login/')
      .send({ email: admin.user.email, password: 'Wrong-Pass-1!' });
    expect(refused.status).toBe(401);
    expect(
      (await t.http().post('/api/users/token/').send({ username: customer.user.email, password: customer.password }))
        .status,
    ).toBe(200);
    const entries = await since(before);
    expect(entries.map((e) => [e.action, e.resource, e.record_id, e.actor_id, e.changes])).toEqual([
      ['sign_in', 'session', String(admin.user.id), admin.user.id, { via: 'admin' }],
    ]);
  });

  it('writes nothing for reads', async () => {
    const destination = await seedDestination(t, { name: 'Madrid' });
    const lead = await seedLead(t, destination.id);
    const pack = await seedPack(t, destination.id);
    const before = await count();
    for (const path of [
      '/api/admin/leads/',
      `/api/admin/leads/${lead.id}`,
      '/api/admin/users/',
      `/api/admin/users/${customer.user.id}`,
      '/api/admin/agents/',
      '/api/admin/packs/',
      `/api/admin/packs/${pack.id}`,
      '/api/admin/destinations/',
      `/api/admin/destinations/${destination.id}`,
      `/api/admin/destinations/${destination.id}/things-to-do`,
      '/api/admin/dashboard',
      '/api/admin/audit-log/',
    ]) {
      const res = await t.http().get(path).set(auth());
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    expect(await count()).toBe(before);
  });

  it('writes nothing for a refused write (400, 404, 409)', async () => {
    const destination = await seedDestination(t, { name: 'Sevilla' });
    const lead = await seedLead(t, destination.id, { status: 'new' });
    const before = await count();
    const attempts = [
      t.http().put(`/api/admin/leads/${lead.id}`).set(auth()).send({ status: 'booked', first_name: '' }),
      t.http().put(`/api/admin/leads/${lead.id}`).set(auth()).send({ destination_id: 999999, first_name: 'X' }),
      t.http().put(`/api/admin/users/${admin.user.id}`).set(auth()).send({ is_superuser: false }),
      t.http().delete(`/api/admin/users/${admin.user.id}`).set(auth()),
      t
        .http()
        .post('/api/admin/leads/bulk-delete')
        .set(auth())
        .send({ lead_ids: [lead.id, 999999] }),
      t.http().delete('/api/admin/packs/999999').set(auth()),
      t.http().delete(`/api/admin/destinations/${destination.id}`).set(auth()),
      t.http().get('/api/admin/leads/export').query({ filter: '{"nope":1}' }).set(auth()),
      t.http().post('/api/users/admin/login/').send({ email: customer.user.email, password: customer.password }),
    ];
    const statuses: number[] = [];
    for (const attempt of attempts) statuses.push((await attempt).status);
    expect(statuses).toEqual([400, 400, 409, 409, 404, 404, 409, 400, 403]);
    expect(await count()).toBe(before);
  });

  it('filters by actor, resource, action, record and date range, and sorts and pages like the other lists', async () => {
    const other = await createUser(t, { admin: true });
    const destination = await seedDestination(t, { name: 'Bilbao' });
    const lead = await seedLead(t, destination.id);
    await t.http().put(`/api/admin/leads/${lead.id}`).set(bearer(other.token)).send({ notes: 'Llamar' }).expect(200);
    await t.http().put(`/api/admin/leads/${lead.id}`).set(auth()).send({ notes: 'Llamado' }).expect(200);
    const list = (filter: object, extra: Record<string, string> = {}) =>
      t
        .http()
        .get('/api/admin/audit-log')
        .query({ filter: JSON.stringify(filter), ...extra })
        .set(auth());

    const byRecord = await list({ resource: 'leads', record_id: String(lead.id) }, { sort: '["id","DESC"]' });
    expect(byRecord.status).toBe(200);
    expect(byRecord.body.map((e: Entry) => e.changes)).toEqual([
      { notes: ['Llamar', 'Llamado'] },
      { notes: [null, 'Llamar'] },
    ]);
    expect(byRecord.headers['content-range']).toBe('audit-log 0-1/2');

    const byActor = await list({ actor_id: other.user.id });
    expect(byActor.body.map((e: Entry) => [e.actor_email, e.record_id])).toEqual([[other.user.email, String(lead.id)]]);
    const numericRecord = await list({ resource: 'leads', record_id: lead.id, action: 'update' });
    expect(numericRecord.body).toHaveLength(2);
    const signIns = await list({ action: 'sign_in' });
    expect(signIns.body.length).toBeGreaterThan(0);
    expect(signIns.body.every((e: Entry) => e.action === 'sign_in')).toBe(true);
    const packs = await list({ resource: 'packs' });
    expect(packs.body.every((e: Entry) => e.resource === 'packs')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const all = await list({});
    const fromToday = await list({ created_at_gte: today, created_at_lte: today });
    expect(fromToday.body.length).toBe(all.body.length);
    expect((await list({ created_at_lte: '2000-01-01' })).body).toEqual([]);
    expect((await list({ created_at_gte: '2999-01-01T00:00:00Z' })).body).toEqual([]);

    // Newest first by default; ranges page like every other list.
    const ids = all.body.map((e: Entry) => e.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    const page = await list({}, { range: '[1,2]' });
    expect(page.body.map((e: Entry) => e.id)).toEqual(ids.slice(1, 3));
    expect(page.headers['content-range']).toBe(`audit-log 1-2/${ids.length}`);

    for (const bad of [{ action: 'dance' }, { resource: 'planets' }, { created_at_gte: 'yesterday' }, { nope: 1 }]) {
      const res = await list(bad);
      expect({ bad, status: res.status, message: typeof res.body.message }).toEqual({
        bad,
        status: 400,
        message: 'string',
      });
    }
    expect((await t.http().get('/api/admin/audit-log/999999').set(auth())).status).toBe(404);
  });

  it('shows a deleted actor as null e-mail, keeping the id', async () => {
    const gone = await createUser(t, { admin: true });
    const destination = await seedDestination(t, { name: 'Gijón' });
    const lead = await seedLead(t, destination.id);
    await t.http().put(`/api/admin/leads/${lead.id}`).set(bearer(gone.token)).send({ notes: 'x' }).expect(200);
    await t.http().delete(`/api/admin/users/${gone.user.id}`).set(auth()).expect(200);
    const res = await t
      .http()
      .get('/api/admin/audit-log')
      .query({ filter: JSON.stringify({ actor_id: gone.user.id }) })
      .set(auth());
    expect(res.body.map((e: Entry) => [e.actor_id, e.actor_email])).toEqual([[gone.user.id, null]]);
  });

  it('is for admins only: 401 without a token, 403 for a customer or an agent', async () => {
    const agent = await createUser(t, { agent: true });
    for (const path of ['/api/admin/audit-log', '/api/admin/audit-log/1']) {
      expect((await t.http().get(path)).status).toBe(401);
      expect((await t.http().get(path).set(bearer(customer.token))).status).toBe(403);
      expect((await t.http().get(path).set(bearer(agent.token))).status).toBe(403);
    }
  });

  it('refuses to create, change or delete entries: 405 with a JSON message, the log unchanged', async () => {
    const [first] = await allRows();
    const before = await count();
    for (const path of ['/api/admin/audit-log', '/api/admin/audit-log/', `/api/admin/audit-log/${first.id}`]) {
      for (const method of ['post', 'put', 'patch', 'delete'] as const) {
        const res = await t.http()[method](path).set(auth()).send({ action: 'delete' });
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 405 });
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.body.message).toMatch(/read-only/);
        expect(res.headers.allow).toBe('GET, HEAD');
      }
    }
    expect(await count()).toBe(before);
    expect(await t.dataSource.getRepository(AuditEntry).findOneByOrFail({ id: first.id })).toEqual(first);
  });
});
