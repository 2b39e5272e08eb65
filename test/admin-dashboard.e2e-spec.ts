import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';
import { bearer, seedDestination, seedLead } from './support/admin-fixtures';

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

describe('admin dashboard figures', () => {
  let t: TestApp;
  let admin: CreatedUser;
  const now = new Date();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await createUser(t, { admin: true });
    const agent = await createUser(t, { agent: true });
    const cancun = (await seedDestination(t, { name: 'Cancún' })).id;
    const orlando = (await seedDestination(t, { name: 'Orlando' })).id;
    await seedDestination(t, { name: 'No leads here' });
    const at = (msAgo: number) => new Date(now.getTime() - msAgo);
    ids.today1 = (await seedLead(t, cancun, { created_at: at(1000) })).id;
    ids.today2 = (await seedLead(t, cancun, { created_at: at(0), agent_id: agent.user.id, status: 'contacted' })).id;
    ids.yesterday = (await seedLead(t, orlando, { created_at: at(DAY), is_priority: true })).id;
    ids.lastWeek = (await seedLead(t, cancun, { created_at: at(8 * DAY), status: 'booked' })).id;
    ids.old = (await seedLead(t, orlando, { created_at: at(40 * DAY), status: 'lost' })).id;
  }, 30_000);
  afterAll(async () => {
    await t.close();
  });

  it('refuses an anonymous caller (401) and a customer (403)', async () => {
    expect((await t.http().get('/api/admin/dashboard')).status).toBe(401);
    const customer = await createUser(t);
    expect((await t.http().get('/api/admin/dashboard/').set(bearer(customer.token))).status).toBe(403);
  });

  it('counts the leads of today, this week, in total and unassigned', async () => {
    const res = await t.http().get('/api/admin/dashboard/').set(bearer(admin.token));
    expect(res.status).toBe(200);
    const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    const createdAt = [0, 1000, DAY, 8 * DAY, 40 * DAY].map((ago) => now.getTime() - ago);
    expect(res.body).toMatchObject({
      today: isoDay(now),
      total_leads: 5,
      new_today: createdAt.filter((c) => isoDay(new Date(c)) === isoDay(now)).length,
      new_this_week: createdAt.filter((c) => c >= monday.getTime()).length,
      unassigned: 4,
    });
  });

  it('gives 30 days of leads per day, oldest first, with empty days as 0', async () => {
    const { leads_per_day: days } = (await t.http().get('/api/admin/dashboard').set(bearer(admin.token))).body;
    expect(days).toHaveLength(30);
    expect(days[29].date).toBe(isoDay(now));
    expect(days[0].date).toBe(isoDay(new Date(now.getTime() - 29 * DAY)));
    const byDate = Object.fromEntries(days.map((d: { date: string; count: number }) => [d.date, d.count]));
    expect(byDate[isoDay(new Date(now.getTime() - 8 * DAY))]).toBe(1);
    expect(days.reduce((sum: number, d: { count: number }) => sum + d.count, 0)).toBe(4);
  });

  it('breaks leads down by status (every status, pipeline order) and by destination (most first)', async () => {
    const body = (await t.http().get('/api/admin/dashboard').set(bearer(admin.token))).body;
    expect(body.leads_by_status).toEqual([
      { status: 'new', count: 2 },
      { status: 'contacted', count: 1 },
      { status: 'qualified', count: 0 },
      { status: 'proposal_sent', count: 0 },
      { status: 'booked', count: 1 },
      { status: 'lost', count: 1 },
    ]);
    expect(body.leads_by_destination).toEqual([
      { id: expect.any(Number), name: 'Cancún', count: 3 },
      { id: expect.any(Number), name: 'Orlando', count: 2 },
    ]);
    expect(body.other_destinations).toBe(0);
  });

  it('lists the latest leads newest first and the unassigned ones priority first', async () => {
    const body = (await t.http().get('/api/admin/dashboard').set(bearer(admin.token))).body;
    expect(body.latest_leads.map((l: { id: number }) => l.id)).toEqual([
      ids.today2,
      ids.today1,
      ids.yesterday,
      ids.lastWeek,
      ids.old,
    ]);
    expect(body.latest_leads[0]).toMatchObject({ destination: { name: 'Cancún' }, agent: { id: expect.any(Number) } });
    expect(body.unassigned_leads.map((l: { id: number }) => l.id)).toEqual([
      ids.yesterday,
      ids.today1,
      ids.lastWeek,
      ids.old,
    ]);
  });
});
