import { In } from 'typeorm';
import { LeadNote } from '../src/admin/desk/lead-note.entity';
import { LeadTask } from '../src/admin/desk/lead-task.entity';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { LeadEvent } from '../src/leads/entities/lead-event.entity';
import { Lead } from '../src/leads/entities/lead.entity';
import { LeadSlaService } from '../src/leads/lead-sla.service';
import { User } from '../src/users/entities/user.entity';
import { bearer, seedLead } from './support/admin-fixtures';
import { createDestination, uniqueEmail, validLead, verifyThroughMail } from './support/leads';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

const NOTIFY = 'ventas@agencia.example';
let phoneSeq = 0;
/** A phone no other lead of this file has (digits only). */
const uniquePhone = () => `55510${String(++phoneSeq).padStart(5, '0')}`;

describe('lead desk: auto-assignment, SLA, bulk update, duplicates and merge', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: CreatedUser;
  let destinationId: number;
  const auth = () => bearer(admin.token);

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url, LEADS_NOTIFY_EMAIL: NOTIFY, LEAD_SLA_MINUTES: '15' });
    admin = await createUser(t, { admin: true });
    destinationId = (await createDestination(t, { name: 'Punta Cana' })).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A public lead through the real code e-mail; answers the stored lead. */
  async function publicLead(overrides: Record<string, unknown> = {}, email = uniqueEmail('desk')): Promise<Lead> {
    await verifyThroughMail(t, smtp, email);
    const res = await t
      .http()
      .post('/api/leads/')
      .send(validLead(destinationId, email, { phone: uniquePhone(), ...overrides }));
    expect(res.status).toBe(201);
    return t.dataSource.getRepository(Lead).findOneByOrFail({ id: res.body.id });
  }

  const receiving = (agent: CreatedUser, on = true) =>
    t.http().put(`/api/admin/agents/${agent.user.id}`).set(auth()).send({ receives_leads: on });

  describe('auto-assignment', () => {
    let agents: CreatedUser[];
    afterAll(async () => {
      // The other tests' leads stay unassigned.
      await t.dataSource
        .getRepository(User)
        .update({ id: In(agents.map((a) => a.user.id)) }, { receives_leads: false });
    });

    it('balances 9 public leads 3/3/3 over the receiving agents, skipping inactive and non-receiving ones', async () => {
      agents = [
        await createUser(t, { agent: true }),
        await createUser(t, { agent: true }),
        await createUser(t, { agent: true }),
      ];
      const inactive = await createUser(t, { agent: true });
      const notReceiving = await createUser(t, { agent: true });
      for (const a of [...agents, inactive]) {
        const res = await receiving(a);
        expect(res.status).toBe(200);
        expect(res.body.receives_leads).toBe(true);
      }
      await t.dataSource.getRepository(User).update({ id: inactive.user.id }, { is_active: false });
      expect((await t.http().get(`/api/admin/agents/${notReceiving.user.id}`).set(auth())).body.receives_leads).toBe(
        false,
      );

      const leads: Lead[] = [];
      for (let i = 0; i < 9; i++) leads.push(await publicLead());
      const counts = new Map<number | null, number>();
      for (const l of leads) counts.set(l.agent_id, (counts.get(l.agent_id) ?? 0) + 1);
      expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(agents.map((a) => [a.user.id, 3])));

      const events = await t.dataSource
        .getRepository(LeadEvent)
        .find({ where: { lead_id: In(leads.map((l) => l.id)), kind: 'assignment' } });
      expect(events).toHaveLength(9);
      for (const e of events) {
        expect(e.actor_id).toBeNull();
        expect(e.to_value).toBe(String(leads.find((l) => l.id === e.lead_id)!.agent_id));
      }
      const stored = await t.dataSource.getRepository(User).findBy({ id: In(agents.map((a) => a.user.id)) });
      for (const a of stored) expect(a.last_assigned_at).not.toBeNull();
      expect(
        (await t.dataSource.getRepository(User).findOneByOrFail({ id: inactive.user.id })).last_assigned_at,
      ).toBeNull();

      // The detail shows the automatic assignment in the history.
      const detail = await t.http().get(`/api/admin/leads/${leads[0].id}`).set(auth());
      expect(detail.body.history).toEqual([
        expect.objectContaining({ kind: 'created' }),
        expect.objectContaining({ kind: 'assignment', from: null, to: String(leads[0].agent_id), actor: null }),
      ]);
    });

    it('leaves a lead unassigned when no agent receives leads', async () => {
      await t.dataSource
        .getRepository(User)
        .update({ id: In(agents.map((a) => a.user.id)) }, { receives_leads: false });
      const lead = await publicLead();
      expect(lead.agent_id).toBeNull();
    });

    it('refuses a receives_leads that is not a boolean', async () => {
      const res = await t
        .http()
        .put(`/api/admin/agents/${agents[0].user.id}`)
        .set(auth())
        .send({ receives_leads: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty('receives_leads');
    });
  });

  describe('SLA', () => {
    it('flags a lead still new past LEAD_SLA_MINUTES and notifies the agency once', async () => {
      const lead = await publicLead({ first_name: 'Tardía' });
      const fresh = await t.http().get(`/api/admin/leads/${lead.id}`).set(auth());
      expect(fresh.body.sla_breached).toBe(false);

      await t.dataSource
        .getRepository(Lead)
        .update({ id: lead.id }, { created_at: new Date(Date.now() - 16 * 60_000) });
      const late = await t.http().get(`/api/admin/leads/${lead.id}`).set(auth());
      expect(late.body.sla_breached).toBe(true);
      const list = await t
        .http()
        .get('/api/admin/leads')
        .query({ filter: JSON.stringify({ status: 'new' }) })
        .set(auth());
      expect(list.body.find((l: { id: number }) => l.id === lead.id).sla_breached).toBe(true);

      const job = t.app.get(LeadSlaService);
      expect(await job.notifyLate()).toBe(1);
      expect(await job.notifyLate()).toBe(0);
      const mail = await smtp.waitFor(
        NOTIFY,
        (m) => m.subject.includes(`#${lead.id}`) && /sin atender/.test(m.subject),
      );
      expect(mail.text).toContain('Tardía');
      const stored = await t.dataSource.getRepository(Lead).findOneByOrFail({ id: lead.id });
      expect(stored.sla_notified_at).not.toBeNull();
      expect(
        smtp.mails.filter((m) => m.subject.includes(`#${lead.id})`) && /sin atender/.test(m.subject)),
      ).toHaveLength(1);

      // Once worked, the flag is gone.
      await t.http().put(`/api/admin/leads/${lead.id}`).set(auth()).send({ status: 'contacted' }).expect(200);
      expect((await t.http().get(`/api/admin/leads/${lead.id}`).set(auth())).body.sla_breached).toBe(false);
    });
  });

  describe('bulk update', () => {
    it('reassigns and moves every lead, with a history row and an audit entry each', async () => {
      const agent = await createUser(t, { agent: true });
      const a = await seedLead(t, destinationId);
      const b = await seedLead(t, destinationId, { status: 'contacted' });
      const res = await t
        .http()
        .post('/api/admin/leads/bulk-update')
        .set(auth())
        .send({ ids: [a.id, b.id], agent_id: agent.user.id, status: 'qualified' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [a.id, b.id] });
      const stored = await t.dataSource.getRepository(Lead).findBy({ id: In([a.id, b.id]) });
      for (const l of stored) expect(l).toMatchObject({ agent_id: agent.user.id, status: 'qualified' });
      const events = await t.dataSource
        .getRepository(LeadEvent)
        .find({ where: { lead_id: In([a.id, b.id]), kind: In(['assignment', 'status']) }, order: { id: 'ASC' } });
      expect(events.map((e) => [e.lead_id, e.kind, e.from_value, e.to_value, e.actor_id])).toEqual([
        [a.id, 'assignment', null, String(agent.user.id), admin.user.id],
        [a.id, 'status', 'new', 'qualified', admin.user.id],
        [b.id, 'assignment', null, String(agent.user.id), admin.user.id],
        [b.id, 'status', 'contacted', 'qualified', admin.user.id],
      ]);
      const audits = await t.dataSource
        .getRepository(AuditEntry)
        .findBy({ action: 'bulk_update', resource: 'leads', record_id: In([String(a.id), String(b.id)]) });
      expect(audits).toHaveLength(2);
    });

    it('refuses the whole request when the pipeline refuses one lead, naming it', async () => {
      const ok = await seedLead(t, destinationId, { status: 'new' });
      const lost = await seedLead(t, destinationId, { status: 'lost', first_name: 'Perdida' });
      const res = await t
        .http()
        .post('/api/admin/leads/bulk-update')
        .set(auth())
        .send({ ids: [ok.id, lost.id], status: 'booked' });
      expect(res.status).toBe(400);
      expect(res.body.errors.status).toContain(`#${lost.id}`);
      expect(res.body.message).toContain('Perdida');
      const stored = await t.dataSource.getRepository(Lead).findBy({ id: In([ok.id, lost.id]) });
      expect(stored.map((l) => l.status).sort()).toEqual(['lost', 'new']);
      expect(await t.dataSource.getRepository(LeadEvent).countBy({ lead_id: ok.id, kind: 'status' })).toBe(0);
    });

    it('answers 404 naming unknown ids and 400 for bad bodies', async () => {
      const lead = await seedLead(t, destinationId);
      const missing = await t
        .http()
        .post('/api/admin/leads/bulk-update')
        .set(auth())
        .send({ ids: [lead.id, 999_999], status: 'contacted' });
      expect(missing.status).toBe(404);
      expect(missing.body.missing_ids).toEqual([999_999]);
      expect((await t.dataSource.getRepository(Lead).findOneByOrFail({ id: lead.id })).status).toBe('new');
      for (const body of [
        {},
        { ids: [] },
        { ids: ['x'], status: 'contacted' },
        { ids: [lead.id] },
        { ids: [lead.id], status: 'nope' },
        { ids: [lead.id], agent_id: 'x' },
        { ids: [lead.id], agent_id: 999_999 },
      ]) {
        const res = await t.http().post('/api/admin/leads/bulk-update').set(auth()).send(body);
        expect([res.status, body]).toEqual([400, body]);
        expect(res.body.message).toBeTruthy();
      }
    });
  });

  describe('duplicates', () => {
    let other: number;
    beforeAll(async () => {
      other = (await createDestination(t, { name: 'Cancún' })).id;
    });

    /** A second public lead of an address verified a moment ago (the same form, another destination). */
    async function againFrom(email: string, overrides: Record<string, unknown> = {}): Promise<Lead> {
      const res = await t
        .http()
        .post('/api/leads/')
        .send(validLead(other, email, { phone: uniquePhone(), ...overrides }));
      expect(res.status).toBe(201);
      return t.dataSource.getRepository(Lead).findOneByOrFail({ id: res.body.id });
    }

    it('links a repeat by e-mail and by phone digits to the oldest open lead', async () => {
      const email = uniqueEmail('twice');
      const original = await publicLead({ phone: '(809) 555-7777' }, email);
      expect(original.duplicate_of).toBeNull();
      const byEmail = await againFrom(email.toUpperCase());
      expect(byEmail.duplicate_of).toBe(original.id);
      const byPhone = await publicLead({ phone: '809.555.7777' });
      expect(byPhone.phone).toBe('8095557777');
      expect(byPhone.duplicate_of).toBe(original.id);

      const events = await t.dataSource
        .getRepository(LeadEvent)
        .find({ where: { lead_id: original.id, kind: 'duplicate' }, order: { id: 'ASC' } });
      expect(events.map((e) => e.to_value)).toEqual([String(byEmail.id), String(byPhone.id)]);

      const shown = await t.http().get(`/api/admin/leads/${original.id}`).set(auth());
      expect(shown.body.repeat_requests).toBe(2);
      const listed = await t.http().get('/api/admin/leads').set(auth());
      expect(listed.body.find((l: { id: number }) => l.id === original.id).repeat_requests).toBe(2);
      // A repeat request is not an unworked new lead: never past the SLA, shown as a repeat.
      await t.dataSource
        .getRepository(Lead)
        .update({ id: byPhone.id }, { created_at: new Date(Date.now() - 3600_000) });
      const repeat = await t.http().get(`/api/admin/leads/${byPhone.id}`).set(auth());
      expect(repeat.body).toMatchObject({ duplicate_of: original.id, repeat_requests: 0, sla_breached: false });
    });

    it('does not link to a closed lead', async () => {
      const email = uniqueEmail('closed');
      const phone = uniquePhone();
      await seedLead(t, destinationId, { email, phone, status: 'lost' });
      await verifyThroughMail(t, smtp, email);
      const lead = await againFrom(email, { phone });
      expect(lead.duplicate_of).toBeNull();
    });
  });

  describe('merge', () => {
    it('moves notes, tasks and history to the target and keeps the merged lead as a pointer', async () => {
      const into = await seedLead(t, destinationId, { phone: uniquePhone() });
      // One person's repeat request: the same e-mail (only one person's leads merge).
      const from = await seedLead(t, destinationId, { phone: uniquePhone(), email: into.email, duplicate_of: into.id });
      await t.dataSource
        .getRepository(LeadNote)
        .insert({ lead_id: from.id, text: 'Llamó dos veces', author_id: admin.user.id });
      await t.dataSource
        .getRepository(LeadTask)
        .insert({ lead_id: from.id, title: 'Devolver llamada', assignee_id: admin.user.id, due_at: new Date() });
      await t.dataSource
        .getRepository(LeadEvent)
        .insert({ lead_id: from.id, kind: 'created', from_value: null, to_value: 'new', actor_id: null });

      const res = await t.http().post(`/api/admin/leads/${from.id}/merge`).set(auth()).send({ into: into.id });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(into.id);
      expect(res.body.history).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: 'merged', from: String(from.id) })]),
      );

      expect(await t.dataSource.getRepository(LeadNote).countBy({ lead_id: from.id })).toBe(0);
      expect(await t.dataSource.getRepository(LeadTask).countBy({ lead_id: from.id })).toBe(0);
      expect(await t.dataSource.getRepository(LeadEvent).countBy({ lead_id: from.id })).toBe(0);
      expect(await t.dataSource.getRepository(LeadNote).countBy({ lead_id: into.id })).toBe(1);
      expect(await t.dataSource.getRepository(LeadTask).countBy({ lead_id: into.id })).toBe(1);
      const merged = await t.dataSource.getRepository(Lead).findOneByOrFail({ id: from.id });
      expect(merged).toMatchObject({ merged_into: into.id, status: 'lost' });
      // No row points at a lead that does not exist.
      const leadIds = new Set((await t.dataSource.getRepository(Lead).find({ select: { id: true } })).map((l) => l.id));
      for (const repo of [LeadNote, LeadTask, LeadEvent] as const) {
        const rows = (await t.dataSource.getRepository(repo).find({ select: { lead_id: true } })) as Array<{
          lead_id: number;
        }>;
        expect(rows.filter((r) => !leadIds.has(r.lead_id))).toEqual([]);
      }
      const audit = await t.dataSource
        .getRepository(AuditEntry)
        .findOneBy({ action: 'update', resource: 'leads', record_id: String(from.id) });
      expect(audit).not.toBeNull();
    });

    it('refuses merging into itself, into a merged lead, unknown ids and bad bodies', async () => {
      const a = await seedLead(t, destinationId);
      const b = await seedLead(t, destinationId);
      const gone = await seedLead(t, destinationId, { merged_into: b.id });
      const merge = (id: number, body: object) => t.http().post(`/api/admin/leads/${id}/merge`).set(auth()).send(body);
      const self = await merge(a.id, { into: a.id });
      expect(self.status).toBe(400);
      expect(self.body.errors).toHaveProperty('into');
      expect((await merge(a.id, { into: gone.id })).status).toBe(400);
      expect((await merge(999_999, { into: a.id })).status).toBe(404);
      expect((await merge(a.id, { into: 999_999 })).status).toBe(404);
      for (const body of [{}, { into: 'x' }, { into: 0 }]) expect((await merge(a.id, body)).status).toBe(400);
    });
  });

  describe('access', () => {
    it('refuses anonymous (401) and plain users (403)', async () => {
      const user = await createUser(t);
      const lead = await seedLead(t, destinationId);
      const routes: Array<[string, object]> = [
        ['/api/admin/leads/bulk-update', { ids: [lead.id], status: 'contacted' }],
        [`/api/admin/leads/${lead.id}/merge`, { into: lead.id }],
      ];
      for (const [path, body] of routes) {
        expect((await t.http().post(path).send(body)).status).toBe(401);
        expect((await t.http().post(path).set(bearer(user.token)).send(body)).status).toBe(403);
      }
      expect((await t.http().put(`/api/admin/agents/${user.user.id}`).send({ receives_leads: true })).status).toBe(401);
    });
  });
});
