import { Lead } from '../src/leads/entities/lead.entity';
import { login } from './support/account-helpers';
import { bearer, seedDestination, seedLead, seedPack } from './support/admin-fixtures';
import { seedVerified, validLead } from './support/leads';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

describe("a person's own leads and sessions", () => {
  // Password hashing and logins are slow on a busy machine.
  jest.setTimeout(60_000);
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const leadsOf = (id: number, token: string) => t.http().get(`/api/users/user/${id}/leads/`).set(bearer(token));
  const backdate = (lead: { id: number }, minutesAgo: number) =>
    t.dataSource
      .getRepository(Lead)
      .update({ id: lead.id }, { created_at: new Date(Date.now() - minutesAgo * 60_000) });

  it('lists the leads made with the verified e-mail, newest first, with destination, pack, date and status', async () => {
    const owner: CreatedUser = await createUser(t, { email: `Viajera.${Date.now()}@Example.com` });
    const cancun = await seedDestination(t, { name: 'Cancún' });
    const vegas = await seedDestination(t, { name: 'Las Vegas' });
    const pack = await seedPack(t, vegas.id, { name: 'Strip 4 noches' });

    // One through the public form (the e-mail typed in capitals), two as the agency records them.
    await seedVerified(t, [owner.user.email]);
    const publicLead = await t
      .http()
      .post('/api/leads/')
      .send(validLead(cancun.id, owner.user.email.toUpperCase(), { date: '2031-02-10', hour: '10:30' }));
    expect(publicLead.status).toBe(201);
    await backdate(publicLead.body, 30);
    const older = await seedLead(t, vegas.id, { email: owner.user.email, status: 'lost' });
    await backdate(older, 600);
    const newest = await seedLead(t, vegas.id, {
      email: owner.user.email,
      travel_pack_id: pack.id,
      status: 'booked',
    });
    await seedLead(t, cancun.id, { email: `someone.else.${Date.now()}@example.com` });

    const res = await leadsOf(owner.user.id, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.map((l: { id: number }) => l.id)).toEqual([newest.id, publicLead.body.id, older.id]);
    expect(res.body[0]).toEqual({
      id: newest.id,
      created_at: expect.any(String),
      formatted_created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      destination: { id: vegas.id, name: 'Las Vegas' },
      travel_pack: { id: pack.id, name: 'Strip 4 noches' },
      date: null,
      hour: null,
      status: 'booked',
    });
    expect(res.body[1]).toMatchObject({
      destination: { id: cancun.id, name: 'Cancún' },
      travel_pack: null,
      date: '2031-02-10',
      hour: '10:30',
      status: 'new',
    });
    // Nothing about the lead's contact details or the agency's notes leaves in this list.
    expect(Object.keys(res.body[1]).sort()).toEqual(
      ['created_at', 'date', 'destination', 'formatted_created_at', 'hour', 'id', 'status', 'travel_pack'].sort(),
    );
  });

  it('answers an empty list to a person without leads', async () => {
    const u = await createUser(t);
    const res = await leadsOf(u.user.id, u.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("refuses another person's leads with 403, lets an admin read anyone's, 404 for no such user", async () => {
    const owner = await createUser(t);
    const intruder = await createUser(t);
    const admin = await createUser(t, { admin: true });
    const destination = await seedDestination(t);
    await seedLead(t, destination.id, { email: owner.user.email });

    const refused = await leadsOf(owner.user.id, intruder.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('You can only see your own leads.');
    expect(JSON.stringify(refused.body)).not.toContain(owner.user.email);

    const asAdmin = await leadsOf(owner.user.id, admin.token);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toHaveLength(1);
    expect((await leadsOf(987_654, admin.token)).status).toBe(404);
    expect((await leadsOf(987_654, intruder.token)).status).toBe(403);
    expect((await t.http().get(`/api/users/user/abc/leads/`).set(bearer(admin.token))).status).toBe(404);
    expect((await t.http().get(`/api/users/user/${owner.user.id}/leads/`)).status).toBe(401);
  });

  it('lists nothing for an account whose e-mail is not verified yet', async () => {
    const admin = await createUser(t, { admin: true });
    const pending = await createUser(t, { active: false });
    const destination = await seedDestination(t);
    await seedLead(t, destination.id, { email: pending.user.email });
    const res = await leadsOf(pending.user.id, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('logs out on every device: each refresh and access token of the account stops working, others untouched', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const laptop = (await login(t, u.user.email, u.password)).body;
    const phone = (await login(t, u.user.email, u.password)).body;
    const bystander = (await login(t, other.user.email, other.password)).body;

    const out = await t.http().post('/api/users/logout-all/').set(bearer(laptop.access)).send({});
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: 'You have been logged out on every device.' });

    for (const pair of [laptop, phone]) {
      const res = await t.http().post('/api/users/token/refresh/').send({ refresh: pair.refresh });
      expect(res.status).toBe(401);
      expect((await t.http().get(`/api/users/user/${u.user.id}/`).set(bearer(pair.access))).status).toBe(401);
    }
    expect((await t.http().get(`/api/users/user/${other.user.id}/`).set(bearer(bystander.access))).status).toBe(200);
    expect((await t.http().post('/api/users/token/refresh/').send({ refresh: bystander.refresh })).status).toBe(200);
    expect((await login(t, u.user.email, u.password)).status).toBe(200);
    expect((await t.http().post('/api/users/logout-all/').send({})).status).toBe(401);
  });
});
