import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';
import { bearer, seedDestination, seedLead } from './support/admin-fixtures';

const MINUTE = 60_000;

/**
 * The dashboard as a desk reads it: repeat requests are not new work, and the leads waiting past
 * LEAD_SLA_MINUTES are counted and listed oldest first, with a filter the leads list understands.
 */
describe('admin dashboard: the lead desk figures', () => {
  let t: TestApp;
  let admin: CreatedUser;
  const ids: Record<string, number> = {};
  // When each first request came in (the repeat request is left out on purpose).
  const firstRequestTimes: number[] = [];

  beforeAll(async () => {
    t = await bootTestApp({ LEAD_SLA_MINUTES: '15' });
    admin = await createUser(t, { admin: true });
    const agent = await createUser(t, { agent: true });
    const cancun = (await seedDestination(t, { name: 'Cancún' })).id;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);
    for (const minutesAgo of [1, 20, 120, 60]) firstRequestTimes.push(Date.now() - minutesAgo * MINUTE);
    ids.fresh = (await seedLead(t, cancun, { created_at: at(1) })).id;
    ids.late = (await seedLead(t, cancun, { created_at: at(20) })).id;
    ids.later = (await seedLead(t, cancun, { created_at: at(120), agent_id: agent.user.id })).id;
    ids.worked = (await seedLead(t, cancun, { created_at: at(60), status: 'contacted' })).id;
    // The same person again: shown on ids.late, neither new work nor waiting.
    ids.repeat = (await seedLead(t, cancun, { created_at: at(30), duplicate_of: ids.late })).id;
  }, 30_000);
  afterAll(async () => {
    await t.close();
  });

  const dashboard = async () => {
    const res = await t.http().get('/api/admin/dashboard').set(bearer(admin.token));
    expect(res.status).toBe(200);
    return res.body;
  };

  it('leaves repeat requests out of the work figures but not out of the totals', async () => {
    const body = await dashboard();
    expect(body.total_leads).toBe(5);
    const today = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()));
    const monday = new Date(today);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    const since = (from: Date) => firstRequestTimes.filter((c) => c >= from.getTime()).length;
    expect(body.new_today).toBe(since(today));
    expect(body.new_this_week).toBe(since(monday));
    expect(body.unassigned).toBe(3);
    expect(body.unassigned_leads.map((l: { id: number }) => l.id)).not.toContain(ids.repeat);
    expect(body.leads_by_status.find((s: { status: string }) => s.status === 'new').count).toBe(4);
  });

  it('counts and lists the leads still new past the SLA, oldest first', async () => {
    const body = await dashboard();
    expect(body.sla_minutes).toBe(15);
    expect(body.waiting_past_sla).toBe(2);
    expect(body.past_sla_leads.map((l: { id: number }) => l.id)).toEqual([ids.later, ids.late]);
    const deadline = Date.parse(body.sla_deadline);
    expect(Math.abs(Date.now() - 15 * MINUTE - deadline)).toBeLessThan(10_000);
  });

  it('hands the leads list a filter that finds the same leads', async () => {
    const body = await dashboard();
    const res = await t
      .http()
      .get('/api/admin/leads')
      .query({
        filter: JSON.stringify({ status: 'new', is_repeat: false, created_at_lte: body.sla_deadline }),
        sort: JSON.stringify(['created_at', 'ASC']),
      })
      .set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body.map((l: { id: number }) => l.id)).toEqual([ids.later, ids.late]);
    expect(res.body.every((l: { sla_breached: boolean }) => l.sla_breached)).toBe(true);

    const repeats = await t
      .http()
      .get('/api/admin/leads')
      .query({ filter: JSON.stringify({ is_repeat: true }) })
      .set(bearer(admin.token));
    expect(repeats.body.map((l: { id: number }) => l.id)).toEqual([ids.repeat]);
  });

  it('refuses an is_repeat filter that is not a yes or no (400, not 500)', async () => {
    const res = await t
      .http()
      .get('/api/admin/leads')
      .query({ filter: JSON.stringify({ is_repeat: 'maybe' }) })
      .set(bearer(admin.token));
    expect(res.status).toBe(400);
  });
});
