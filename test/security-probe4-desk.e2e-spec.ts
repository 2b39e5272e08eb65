import { LeadNote } from '../src/admin/desk/lead-note.entity';
import { LeadTask } from '../src/admin/desk/lead-task.entity';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { LeadEvent } from '../src/leads/entities/lead-event.entity';
import { Lead } from '../src/leads/entities/lead.entity';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { bearer, seedDestination, seedLead } from './support/admin-fixtures';
import { uniqueEmail } from './support/leads';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

/**
 * Issue #50, part C and the agents: only one person's leads merge (the same e-mail, or the same
 * phone and last name), two people's are linked as related with nothing moved, a person's export
 * holds their own data only (desk notes as EXPORT_DESK_NOTES says), and an agent can neither
 * redirect the desk's replies by changing a lead's address nor change another agent's tasks.
 */
describe('security probe 4: merges, related leads, the export and the agents', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: CreatedUser;
  let agent: CreatedUser;
  let otherAgent: CreatedUser;
  let destinationId: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url });
    admin = await createUser(t, { admin: true });
    agent = await createUser(t, { agent: true });
    otherAgent = await createUser(t, { agent: true });
    destinationId = (await seedDestination(t, { name: 'Punta Cana' })).id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const leads = () => t.dataSource.getRepository(Lead);
  const count = (entity: typeof LeadNote | typeof LeadTask | typeof LeadEvent, leadId: number) =>
    t.dataSource.getRepository(entity).countBy({ lead_id: leadId });
  const merge = (user: CreatedUser, id: number, into: number) =>
    t.http().post(`/api/admin/leads/${id}/merge`).set(bearer(user.token)).send({ into });
  const relate = (user: CreatedUser, id: number, other: number) =>
    t.http().post(`/api/admin/leads/${id}/related`).set(bearer(user.token)).send({ other_id: other });

  /** Y's desk work: a note, a task and an e-mail that greets Y by name. */
  async function deskWorkOn(leadId: number, name: string): Promise<void> {
    await t.dataSource
      .getRepository(LeadNote)
      .insert({ lead_id: leadId, text: `Nota interna sobre ${name}`, author_id: admin.user.id });
    await t.dataSource.getRepository(LeadTask).insert({
      lead_id: leadId,
      title: `Llamar a ${name}`,
      assignee_id: agent.user.id,
      created_by: agent.user.id,
      due_at: new Date(),
    });
    await t.dataSource.getRepository(LeadEvent).insert({
      lead_id: leadId,
      kind: 'email',
      from_value: null,
      to_value: `Hola ${name}, tu viaje a Punta Cana`,
      actor_id: admin.user.id,
    });
  }

  /** Two people who share a phone: X (Pérez) and a repeat request by Y (Gómez), with Y's desk work. */
  async function twoPeopleSharingAPhone(phone: string) {
    const x = await seedLead(t, destinationId, {
      first_name: 'Xavier',
      last_name: 'Pérez',
      email: uniqueEmail('xavier'),
      phone,
    });
    const y = await seedLead(t, destinationId, {
      first_name: 'Yolanda',
      last_name: 'Gómez',
      email: uniqueEmail('yolanda'),
      phone,
      duplicate_of: x.id,
    });
    await deskWorkOn(y.id, 'Yolanda');
    return { x, y };
  }

  describe('merge: one person only', () => {
    it('refuses two people who share a phone (409, why), for an admin and an agent, and moves nothing', async () => {
      const { x, y } = await twoPeopleSharingAPhone('8095550101');
      expect((await t.http().get(`/api/admin/leads/${y.id}`).set(bearer(admin.token))).body).toMatchObject({
        duplicate_of: x.id,
        mergeable_into: null,
      });
      for (const user of [admin, agent]) {
        const res = await merge(user, y.id, x.id);
        expect(res.status).toBe(409);
        const why =
          'These leads belong to different people: the e-mail differs, and the last name differs. An admin can link them as related instead.';
        expect(res.body).toEqual({ statusCode: 409, error: why, message: why });
      }
      for (const entity of [LeadNote, LeadTask] as const) {
        expect(await count(entity, y.id)).toBe(1);
        expect(await count(entity, x.id)).toBe(0);
      }
      expect(await t.dataSource.getRepository(LeadEvent).countBy({ lead_id: y.id, kind: 'email' })).toBe(1);
      expect(await t.dataSource.getRepository(LeadEvent).countBy({ lead_id: x.id })).toBe(0);
      expect((await leads().findOneByOrFail({ id: y.id })).merged_into).toBeNull();
      // Different phones and names: the message says so.
      const z = await seedLead(t, destinationId, { last_name: 'Otro', phone: '8095550199' });
      expect((await merge(admin, z.id, x.id)).body.message).toMatch(/the phone and the last name differ/);
    });

    it('merges one person: the same e-mail (case and spaces aside)', async () => {
      const email = uniqueEmail('ana');
      const x = await seedLead(t, destinationId, { email, last_name: 'Ruiz', phone: '8095550201' });
      const y = await seedLead(t, destinationId, {
        email: `  ${email.toUpperCase()} `,
        last_name: 'Otra',
        phone: '8095550202',
        duplicate_of: x.id,
      });
      await deskWorkOn(y.id, 'Ana');
      expect((await t.http().get(`/api/admin/leads/${y.id}`).set(bearer(agent.token))).body.mergeable_into).toBe(x.id);
      const res = await merge(agent, y.id, x.id);
      expect(res.status).toBe(200);
      expect(await count(LeadNote, x.id)).toBe(1);
      expect(await count(LeadTask, x.id)).toBe(1);
      expect((await leads().findOneByOrFail({ id: y.id })).merged_into).toBe(x.id);
    });

    it('merges one person: the same phone digits and last name (case, accents and spaces aside)', async () => {
      const x = await seedLead(t, destinationId, {
        email: uniqueEmail('luis'),
        last_name: 'Muñoz',
        phone: '8095550301',
      });
      const y = await seedLead(t, destinationId, {
        email: uniqueEmail('luis-trabajo'),
        last_name: ' MUNOZ ',
        phone: '8095550301',
        duplicate_of: x.id,
      });
      expect((await t.http().get(`/api/admin/leads/${y.id}`).set(bearer(admin.token))).body.mergeable_into).toBe(x.id);
      expect((await merge(admin, y.id, x.id)).status).toBe(200);
      expect((await leads().findOneByOrFail({ id: y.id })).merged_into).toBe(x.id);
    });
  });

  describe('related leads', () => {
    it("links two people's leads on both, in the timelines and the audit log, moving nothing", async () => {
      const { x, y } = await twoPeopleSharingAPhone('8095550401');
      const res = await relate(admin, y.id, x.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: y.id, related_lead_ids: [x.id] });
      const shown = await t.http().get(`/api/admin/leads/${x.id}`).set(bearer(agent.token));
      expect(shown.body.related_lead_ids).toEqual([y.id]);
      for (const [lead, other] of [
        [x, y],
        [y, x],
      ]) {
        const timeline = await t.http().get(`/api/admin/leads/${lead.id}/timeline`).set(bearer(agent.token));
        expect(timeline.body).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ kind: 'related', lead_id: other.id, actor_id: admin.user.id }),
          ]),
        );
        const audit = await t.dataSource
          .getRepository(AuditEntry)
          .findOneByOrFail({ resource: 'leads', record_id: String(lead.id), action: 'update' });
        expect(JSON.parse(audit.changes!)).toEqual({ related_lead_id: [null, other.id] });
      }
      // Nothing moved either way.
      expect(await count(LeadNote, y.id)).toBe(1);
      expect(await count(LeadTask, y.id)).toBe(1);
      expect(await count(LeadNote, x.id)).toBe(0);
      expect(await count(LeadTask, x.id)).toBe(0);
      // Linking again (either way round) changes nothing.
      expect((await relate(admin, x.id, y.id)).status).toBe(200);
      expect(await t.dataSource.getRepository(LeadEvent).countBy({ lead_id: x.id, kind: 'related' })).toBe(1);
    });

    it('is an admin’s: 403 for an agent; 400 itself or a merged lead; 404 unknown; 400 a bad body', async () => {
      const a = await seedLead(t, destinationId);
      const b = await seedLead(t, destinationId);
      const gone = await seedLead(t, destinationId, { merged_into: b.id });
      const refused = await relate(agent, a.id, b.id);
      expect(refused.status).toBe(403);
      expect((await relate(admin, a.id, a.id)).status).toBe(400);
      expect((await relate(admin, a.id, gone.id)).status).toBe(400);
      expect((await relate(admin, a.id, 999_999)).status).toBe(404);
      expect((await relate(admin, 999_999, a.id)).status).toBe(404);
      for (const body of [{}, { other_id: 'x' }, { other_id: 0 }, { other_id: b.id, into: 1 }]) {
        const res = await t.http().post(`/api/admin/leads/${a.id}/related`).set(bearer(admin.token)).send(body);
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
      }
      expect(await t.dataSource.getRepository(LeadEvent).countBy({ lead_id: a.id, kind: 'related' })).toBe(0);
    });
  });

  describe("the person's export", () => {
    it('holds nothing of another person after a merge attempt and a link: no note, task, e-mail, address or link', async () => {
      const owner = await createUser(t, { email: uniqueEmail('xavier-cuenta') });
      const x = await seedLead(t, destinationId, {
        first_name: 'Xavier',
        last_name: 'Pérez',
        email: owner.user.email,
        phone: '8095550501',
      });
      await t.dataSource
        .getRepository(LeadNote)
        .insert({ lead_id: x.id, text: 'Prefiere hotel con niños', author_id: admin.user.id });
      const y = await seedLead(t, destinationId, {
        first_name: 'Yolanda',
        last_name: 'Gómez',
        email: uniqueEmail('yolanda'),
        phone: '8095550501',
        duplicate_of: x.id,
      });
      await deskWorkOn(y.id, 'Yolanda');
      // The probe's steps: merge Y into X (refused now), then link them.
      await merge(admin, y.id, x.id);
      await relate(admin, y.id, x.id);

      const res = await t.http().get(`/api/users/user/${owner.user.id}/export/`).set(bearer(owner.token));
      expect(res.status).toBe(200);
      expect(res.body.leads.map((l: { id: number }) => l.id)).toEqual([x.id]);
      const [exported] = res.body.leads;
      expect(exported.desk_notes).toEqual([expect.objectContaining({ text: 'Prefiere hotel con niños' })]);
      expect(exported.history.map((e: { kind: string }) => e.kind)).not.toContain('related');
      const text = JSON.stringify(res.body);
      for (const foreign of ['Yolanda', 'Gómez', y.email, `"${y.id}"`]) expect(text).not.toContain(foreign);
    });
  });

  describe('agents', () => {
    const put = (user: CreatedUser, id: number, body: object) =>
      t.http().put(`/api/admin/leads/${id}`).set(bearer(user.token)).send(body);
    const contactRefusal =
      "Only an admin can change a lead's e-mail or phone: replies from the desk go to the address the person gave.";

    it("cannot change a lead's e-mail or phone (403, nothing saved); other fields, and an admin, can", async () => {
      const email = uniqueEmail('carla');
      const lead = await seedLead(t, destinationId, { first_name: 'Carla', email, phone: '8095550601' });
      const whole = { first_name: 'Carla', last_name: lead.last_name, email, phone: '8095550601' };
      for (const change of [{ email: 'attacker@example.com' }, { phone: '8095550999' }]) {
        const res = await put(agent, lead.id, { ...whole, ...change, first_name: 'Carlota' });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ statusCode: 403, message: contactRefusal });
      }
      expect(await leads().findOneByOrFail({ id: lead.id })).toMatchObject({
        email,
        phone: '8095550601',
        first_name: 'Carla',
      });
      // The whole record sent back by the edit form, unchanged address and phone: fine.
      expect(
        (await put(agent, lead.id, { ...whole, email: ` ${email.toUpperCase()}`, first_name: 'Carlota' })).status,
      ).toBe(200);
      expect((await leads().findOneByOrFail({ id: lead.id })).first_name).toBe('Carlota');
      const byAdmin = await put(admin, lead.id, { phone: '8095550602' });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.phone).toBe('8095550602');
    });

    it("sends a reply only to the lead's own address: no other recipient can be given or made", async () => {
      const email = uniqueEmail('reply-owner');
      const lead = await seedLead(t, destinationId, { first_name: 'Rita', email });
      const url = `/api/admin/leads/${lead.id}/send-email`;
      const free = { subject: 'Hola {{nombre}}', body: 'Texto libre' };
      for (const extra of [{ to: 'attacker@example.com' }, { cc: 'attacker@example.com' }]) {
        expect(
          (
            await t
              .http()
              .post(url)
              .set(bearer(agent.token))
              .send({ ...free, ...extra })
          ).status,
        ).toBe(400);
      }
      expect((await put(agent, lead.id, { email: 'attacker@example.com' })).status).toBe(403);
      smtp.clear();
      const sent = await t.http().post(url).set(bearer(agent.token)).send(free);
      expect(sent.status).toBe(201);
      expect(sent.body.to).toBe(email);
      const mail = await smtp.waitFor(email);
      expect(mail.to).toEqual([email]);
      const rows = await t.dataSource.getRepository(OutboxMail).findBy({ ref_id: lead.id });
      expect(rows.map((r) => r.to_address)).toEqual([email]);
      expect(smtp.mails.filter((m) => m.to.includes('attacker@example.com'))).toEqual([]);
    });

    it('writes its own text only to an address its person confirmed: to a typed-in lead, a template as it is', async () => {
      const email = uniqueEmail('typed-in');
      const typed = await t
        .http()
        .post('/api/admin/leads/')
        .set(bearer(agent.token))
        .send({ first_name: 'Tomás', last_name: 'Ruiz', email, phone: '8095550700', destination_id: destinationId });
      expect(typed.status).toBe(201);
      const template = await t
        .http()
        .post('/api/admin/email-templates')
        .set(bearer(admin.token))
        .send({ name: 'Propuesta', subject: 'Tu viaje a {{destino}}', body: 'Hola {{nombre}}', sequence_day: null });
      expect(template.status).toBe(201);
      const send = (user: CreatedUser, id: number, body: object, what = 'send-email') =>
        t.http().post(`/api/admin/leads/${id}/${what}`).set(bearer(user.token)).send(body);
      const own = { subject: 'Urgente', body: 'Texto libre del agente' };
      smtp.clear();
      for (const body of [own, { template_id: template.body.id, body: 'Editado' }]) {
        for (const what of ['send-email', 'preview-email']) {
          const refused = await send(agent, typed.body.id, body, what);
          expect(refused.status).toBe(403);
          expect(refused.body.message).toMatch(/typed in the back-office/);
        }
      }
      expect(await t.dataSource.getRepository(OutboxMail).countBy({ ref_id: typed.body.id })).toBe(0);
      expect((await send(agent, typed.body.id, { template_id: template.body.id })).status).toBe(201);
      expect((await send(admin, typed.body.id, own)).status).toBe(201);
      expect((await smtp.waitFor(email)).to).toEqual([email]);
      // A public lead (its address confirmed with the code) takes the agent's own text.
      const confirmed = await seedLead(t, destinationId, { email: uniqueEmail('confirmed') });
      expect((await send(agent, confirmed.id, own)).status).toBe(201);
    });

    it("cannot edit, complete or delete another agent's task (403); their own they can, an admin any", async () => {
      const lead = await seedLead(t, destinationId);
      const create = (user: CreatedUser, body: object) =>
        t
          .http()
          .post('/api/admin/tasks')
          .set(bearer(user.token))
          .send({ lead_id: lead.id, title: 'Llamar', due_at: new Date(Date.now() + 3600_000).toISOString(), ...body });
      const mine = (await create(agent, {})).body;
      expect(mine.assignee_id).toBe(agent.user.id);
      const task = (id: number) => t.http().put(`/api/admin/tasks/${id}`);
      for (const body of [{ done: true }, { title: 'Otra cosa' }, { assignee_id: otherAgent.user.id }]) {
        const res = await task(mine.id).set(bearer(otherAgent.token)).send(body);
        expect(res.status).toBe(403);
        expect(res.body.message).toMatch(/another member of the desk/);
      }
      expect((await t.http().delete(`/api/admin/tasks/${mine.id}`).set(bearer(otherAgent.token))).status).toBe(403);
      const stored = await t.dataSource.getRepository(LeadTask).findOneByOrFail({ id: mine.id });
      expect(stored).toMatchObject({ title: 'Llamar', done_at: null, assignee_id: agent.user.id });
      // Assigned to the other agent by this one: it is the other agent's now.
      const given = (await create(agent, { assignee_id: otherAgent.user.id })).body;
      expect((await task(given.id).set(bearer(agent.token)).send({ done: true })).status).toBe(403);
      expect((await task(given.id).set(bearer(otherAgent.token)).send({ done: true })).status).toBe(200);
      // The owner edits; an admin edits and deletes anyone's.
      expect((await task(mine.id).set(bearer(agent.token)).send({ title: 'Llamar mañana' })).status).toBe(200);
      expect((await task(mine.id).set(bearer(admin.token)).send({ done: true })).status).toBe(200);
      expect((await t.http().delete(`/api/admin/tasks/${mine.id}`).set(bearer(admin.token))).status).toBe(200);
      expect((await t.http().delete(`/api/admin/tasks/${given.id}`).set(bearer(otherAgent.token))).status).toBe(200);
    });
  });
});

/** Another app, booted after the first one is done with. */
describe('security probe 4: the export with EXPORT_DESK_NOTES=false', () => {
  jest.setTimeout(120_000);
  it('leaves the desk notes out with EXPORT_DESK_NOTES=false', async () => {
    const other = await bootTestApp({ EXPORT_DESK_NOTES: 'false' });
    try {
      const owner = await createUser(other, { email: uniqueEmail('sin-notas') });
      const dest = await seedDestination(other, { name: 'Samaná' });
      const lead = await seedLead(other, dest.id, { email: owner.user.email, notes: 'Lo que escribió la persona' });
      await other.dataSource
        .getRepository(LeadNote)
        .insert({ lead_id: lead.id, text: 'Nota interna del agente', author_id: null });
      const res = await other.http().get(`/api/users/user/${owner.user.id}/export/`).set(bearer(owner.token));
      expect(res.status).toBe(200);
      expect(res.body.leads).toHaveLength(1);
      expect(res.body.leads[0]).not.toHaveProperty('desk_notes');
      // The person's own words on the lead stay.
      expect(res.body.leads[0].notes).toBe('Lo que escribió la persona');
      expect(JSON.stringify(res.body)).not.toContain('Nota interna del agente');
    } finally {
      await other.close();
    }
  });
});
