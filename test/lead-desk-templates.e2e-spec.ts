import { EmailTemplate } from '../src/admin/desk/email-template.entity';
import { FollowUpsService } from '../src/admin/desk/follow-ups.service';
import { LeadNote } from '../src/admin/desk/lead-note.entity';
import { LeadTask } from '../src/admin/desk/lead-task.entity';
import { Destination } from '../src/catalogue/entities/destination.entity';
import { loadConfig } from '../src/config/app-config';
import { DemoDeskRepository } from '../src/demo/demo-desk.repository';
import { DemoSeedService } from '../src/demo/demo-seed.service';
import { LEAD_STATUSES } from '../shared/limits';
import { User } from '../src/users/entities/user.entity';
import { Lead } from '../src/leads/entities/lead.entity';
import { LeadEvent } from '../src/leads/entities/lead-event.entity';
import { setWritesWaitingProbe } from '../src/database/writes-waiting';
import { isSqlite } from '../src/database/dialect';
import { sqliteDateTime } from '../src/database/sqlite-sync';
import { bearer, seedDestination, seedLead, seedPack } from './support/admin-fixtures';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

const DAY_MS = 86_400_000;
const SECRET = 'k3Jq9vT2mX8pL5wR7nB4cY6hZ1sD0fG3aQ8eU2iO5tV9jN4';

describe('lead desk: e-mail templates, replies, follow-ups, saved views', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: CreatedUser;
  let otherAdmin: CreatedUser;
  let plain: CreatedUser;
  let agent: CreatedUser;
  let destination: { id: number; name: string };
  let lead: Lead;
  const auth = (u: CreatedUser = admin) => bearer(u.token);

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url });
    admin = await createUser(t, { admin: true });
    otherAdmin = await createUser(t, { admin: true });
    plain = await createUser(t);
    agent = await createUser(t, { agent: true, email: 'ana.agente@example.com' });
    destination = await seedDestination(t, { name: 'Punta Cana' });
    const pack = await seedPack(t, destination.id, { name: 'Semana <playa>', price: 1299.5, discount_price: null });
    lead = await seedLead(t, destination.id, {
      first_name: 'Carla <b>',
      last_name: 'Méndez & Co',
      email: 'carla.reply@example.com',
      travel_pack_id: pack.id,
      agent_id: agent.user.id,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('templates', () => {
    let id: number;
    const valid = {
      name: 'Primer contacto',
      subject: 'Tu viaje a {{destino}}',
      body: 'Hola {{nombre}} {{apellido}}:\n\nEl pack {{pack}} cuesta {{precio}}.\n\nUn saludo,\n{{agente}}',
      sequence_day: null,
    };

    it('creates, lists, reads, edits and deletes a template, each write audited', async () => {
      const created = await t.http().post('/api/admin/email-templates').set(auth()).send(valid).expect(201);
      id = created.body.id;
      expect(created.body).toMatchObject({ name: 'Primer contacto', sequence_day: null });
      const list = await t.http().get('/api/admin/email-templates').set(auth()).expect(200);
      expect(list.headers['content-range']).toMatch(/^email-templates 0-0\/1$/);
      await t.http().get(`/api/admin/email-templates/${id}`).set(auth()).expect(200);
      const edited = await t
        .http()
        .put(`/api/admin/email-templates/${id}`)
        .set(auth())
        .send({ ...valid, sequence_day: 3 })
        .expect(200);
      expect(edited.body.sequence_day).toBe(3);
      const temp = await t
        .http()
        .post('/api/admin/email-templates')
        .set(auth())
        .send({ ...valid, name: 'Borrar' })
        .expect(201);
      await t.http().delete(`/api/admin/email-templates/${temp.body.id}`).set(auth()).expect(200);
      await t.http().get(`/api/admin/email-templates/${temp.body.id}`).set(auth()).expect(404);
      const audit = await t
        .http()
        .get('/api/admin/audit-log')
        .query({ filter: JSON.stringify({ resource: 'email-templates' }) })
        .set(auth())
        .expect(200);
      expect(audit.body.map((e: { action: string }) => e.action).sort()).toEqual(
        ['create', 'create', 'delete', 'update'].sort(),
      );
      await t
        .http()
        .put(`/api/admin/email-templates/${id}`)
        .set(auth())
        .send({ ...valid, sequence_day: null })
        .expect(200);
    });

    it('refuses an unknown variable naming it, a bad day, a taken name and missing fields', async () => {
      const unknown = await t
        .http()
        .post('/api/admin/email-templates')
        .set(auth())
        .send({ ...valid, name: 'Otra', body: 'Hola {{ciudad}}' })
        .expect(400);
      expect(unknown.body.errors.body).toContain('{{ciudad}}');
      const inSubject = await t
        .http()
        .post('/api/admin/email-templates')
        .set(auth())
        .send({ ...valid, name: 'Otra', subject: '{{x}}' })
        .expect(400);
      expect(inSubject.body.errors.subject).toContain('{{x}}');
      for (const day of [-1, 31, 1.5, 'dos']) {
        const res = await t
          .http()
          .post('/api/admin/email-templates')
          .set(auth())
          .send({ ...valid, name: 'Otra', sequence_day: day })
          .expect(400);
        expect(res.body.errors.sequence_day).toBeDefined();
      }
      const taken = await t.http().post('/api/admin/email-templates').set(auth()).send(valid).expect(400);
      expect(taken.body.errors.name).toMatch(/already exists/);
      const missing = await t.http().post('/api/admin/email-templates').set(auth()).send({}).expect(400);
      expect(Object.keys(missing.body.errors).sort()).toEqual(['body', 'name', 'subject']);
      await t.http().put('/api/admin/email-templates/999999').set(auth()).send(valid).expect(404);
      await t.http().delete('/api/admin/email-templates/999999').set(auth()).expect(404);
    });

    it('previews and sends a template reply: variables filled, HTML escaped, reply-to the agent, an email event', async () => {
      const preview = await t
        .http()
        .post(`/api/admin/leads/${lead.id}/preview-email`)
        .set(auth())
        .send({ template_id: id })
        .expect(200);
      expect(preview.body.subject).toBe('Tu viaje a Punta Cana');
      expect(preview.body.body_text).toContain('Hola Carla <b> Méndez & Co:');
      expect(preview.body.body_text).toContain('El pack Semana <playa> cuesta $1,299.50.');
      expect(preview.body.body_text).toContain(`Test ${agent.user.last_name}`);
      expect(preview.body.body_html).toContain('Hola Carla &lt;b&gt; Méndez &amp; Co:');
      expect(preview.body.body_html).not.toContain('<b>');
      expect(await t.dataSource.getRepository(LeadEvent).countBy({ lead_id: lead.id, kind: 'email' })).toBe(0);

      await t.http().post(`/api/admin/leads/${lead.id}/send-email`).set(auth()).send({ template_id: id }).expect(201);
      const mail = await smtp.waitFor('carla.reply@example.com');
      expect(mail.subject).toBe('Tu viaje a Punta Cana');
      expect(mail.text).toContain('El pack Semana <playa> cuesta $1,299.50.');
      expect(mail.html).toContain('Semana &lt;playa&gt;');
      expect(mail.headers?.['reply-to']).toContain('ana.agente@example.com');
      const events = await t.dataSource.getRepository(LeadEvent).findBy({ lead_id: lead.id, kind: 'email' });
      expect(events).toEqual([expect.objectContaining({ to_value: 'Tu viaje a Punta Cana', actor_id: admin.user.id })]);
    });

    it('sends free text, the subject truncated to 100 characters on the event', async () => {
      smtp.clear();
      const subject = `Hola {{nombre}}, ${'x'.repeat(150)}`;
      await t
        .http()
        .post(`/api/admin/leads/${lead.id}/send-email`)
        .set(auth())
        .send({ subject, body: 'Escríbeme, {{nombre}}. <script>alert(1)</script>' })
        .expect(201);
      const mail = await smtp.waitFor('carla.reply@example.com');
      expect(mail.text).toContain('Escríbeme, Carla <b>. <script>alert(1)</script>');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.html).not.toContain('<script>');
      const events = await t.dataSource
        .getRepository(LeadEvent)
        .find({ where: { lead_id: lead.id, kind: 'email' }, order: { id: 'DESC' } });
      expect(events[0].to_value).toHaveLength(100);
      expect(events[0].to_value?.startsWith('Hola Carla <b>, xxx')).toBe(true);
    });

    it('refuses bad bodies (400), unknown ids (404) and an anonymised lead (409)', async () => {
      const url = `/api/admin/leads/${lead.id}/send-email`;
      for (const body of [
        {},
        { subject: 'Hola' },
        { template_id: id, subject: '' },
        { template_id: 'uno' },
        { subject: 'Hola', body: 'Hola {{ciudad}}' },
        { subject: 'Hola', body: 'x', extra: 1 },
      ]) {
        const res = await t.http().post(url).set(auth()).send(body);
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
        expect(res.body.message).toEqual(expect.any(String));
      }
      await t.http().post(url).set(auth()).send({ template_id: 999999 }).expect(404);
      await t.http().post('/api/admin/leads/999999/send-email').set(auth()).send({ template_id: id }).expect(404);
      await t.http().post('/api/admin/leads/999999/preview-email').set(auth()).send({ template_id: id }).expect(404);
      const gone = await seedLead(t, destination.id, { anonymised_at: new Date() });
      await t.http().post(`/api/admin/leads/${gone.id}/send-email`).set(auth()).send({ template_id: id }).expect(409);
    });

    it('refuses anonymous callers (401) and plain users (403)', async () => {
      await t.http().get('/api/admin/email-templates').expect(401);
      await t.http().post(`/api/admin/leads/${lead.id}/send-email`).send({ template_id: id }).expect(401);
      await t.http().get('/api/admin/email-templates').set(auth(plain)).expect(403);
      await t.http().post('/api/admin/email-templates').set(auth(plain)).send(valid).expect(403);
      await t
        .http()
        .post(`/api/admin/leads/${lead.id}/preview-email`)
        .set(auth(plain))
        .send({ template_id: id })
        .expect(403);
      await t.http().get('/api/admin/saved-views').expect(401);
      await t.http().get('/api/admin/saved-views').set(auth(plain)).expect(403);
    });

    it('lets an agent reply from a template, but leaves writing templates to admins', async () => {
      const listed = await t.http().get('/api/admin/email-templates').set(auth(agent)).expect(200);
      expect(listed.body.map((tpl: { id: number }) => tpl.id)).toContain(id);
      await t.http().get(`/api/admin/email-templates/${id}`).set(auth(agent)).expect(200);
      const sent = await t
        .http()
        .post(`/api/admin/leads/${lead.id}/send-email`)
        .set(auth(agent))
        .send({ template_id: id })
        .expect(201);
      expect(sent.body.subject).toBe('Tu viaje a Punta Cana');
      const timeline = await t.http().get(`/api/admin/leads/${lead.id}/timeline`).set(auth(agent)).expect(200);
      expect(timeline.body[0]).toEqual(expect.objectContaining({ kind: 'email', actor_id: agent.user.id }));
      await t.http().post('/api/admin/email-templates').set(auth(agent)).send(valid).expect(403);
      await t.http().put(`/api/admin/email-templates/${id}`).set(auth(agent)).send(valid).expect(403);
      await t.http().delete(`/api/admin/email-templates/${id}`).set(auth(agent)).expect(403);
      await t.http().get(`/api/admin/email-templates/${id}`).set(auth()).expect(200);
    });
  });

  describe('follow-up sequence', () => {
    it('sends each due step once, the latest when several are due, and stops once the lead leaves new', async () => {
      const repo = t.dataSource.getRepository(EmailTemplate);
      await repo.save([
        repo.create({ name: 'Seguimiento 0', subject: 'Día 0 {{nombre}}', body: 'Hola {{nombre}}', sequence_day: 0 }),
        repo.create({ name: 'Seguimiento 2', subject: 'Día 2 {{nombre}}', body: 'Hola otra vez', sequence_day: 2 }),
        repo.create({ name: 'Seguimiento 5', subject: 'Día 5 {{nombre}}', body: 'Última', sequence_day: 5 }),
      ]);
      const fresh = await seedLead(t, destination.id, { first_name: 'Nuevo', email: 'follow.fresh@example.com' });
      const older = await seedLead(t, destination.id, { first_name: 'Viejo', email: 'follow.older@example.com' });
      const worked = await seedLead(t, destination.id, { email: 'follow.worked@example.com', status: 'contacted' });
      const leads = t.dataSource.getRepository(Lead);
      await leads.update(older.id, { created_at: new Date(Date.now() - 3 * DAY_MS) });
      const followUps = t.app.get(FollowUpsService);
      const now = new Date();

      await followUps.sendDue(now);
      await followUps.sendDue(now);
      expect((await leads.findOneByOrFail({ id: fresh.id })).follow_up_day).toBe(0);
      expect((await leads.findOneByOrFail({ id: older.id })).follow_up_day).toBe(2);
      expect((await leads.findOneByOrFail({ id: worked.id })).follow_up_day).toBeNull();
      const first = await smtp.waitFor('follow.fresh@example.com', (m) => m.subject === 'Día 0 Nuevo');
      expect(first.headers?.['list-unsubscribe']).toBeDefined();
      expect(first.text).toContain('/api/mail/stop/');
      await smtp.waitFor('follow.older@example.com', (m) => m.subject === 'Día 2 Viejo');

      // Two days on: the fresh lead gets day 2; the older one left `new` and gets nothing more.
      await leads.update(older.id, { status: 'contacted' });
      await followUps.sendDue(new Date(now.getTime() + 2 * DAY_MS + 60_000));
      await smtp.waitFor('follow.fresh@example.com', (m) => m.subject === 'Día 2 Nuevo');
      expect((await leads.findOneByOrFail({ id: older.id })).follow_up_day).toBe(2);
      const all = smtp.mails.filter((m) => m.to.some((to) => to.startsWith('follow.')));
      expect(all.map((m) => m.subject).sort()).toEqual(['Día 0 Nuevo', 'Día 2 Nuevo', 'Día 2 Viejo']);
      expect(await t.dataSource.getRepository(LeadEvent).countBy({ lead_id: fresh.id, kind: 'email' })).toBe(2);
    });

    it('reaches a lead due its first step past older ones that wait for their next', async () => {
      const followUps = t.app.get(FollowUpsService);
      const leads = t.dataSource.getRepository(Lead);
      await followUps.sendDue(); // whatever the tests above left due
      // An older lead that had day 0 yesterday (day 2 is not due yet), then a new one due day 0.
      const waiting = await seedLead(t, destination.id, { first_name: 'Espera', email: 'follow.waiting@example.com' });
      await leads.update(waiting.id, { created_at: new Date(Date.now() - DAY_MS), follow_up_day: 0 });
      const newer = await seedLead(t, destination.id, { first_name: 'Reciente', email: 'follow.newer@example.com' });

      // One lead per run: the one read is the due one, not the older lead that is not due.
      expect(await followUps.sendDue(new Date(), 1)).toBe(1);
      expect((await leads.findOneByOrFail({ id: newer.id })).follow_up_day).toBe(0);
      expect((await leads.findOneByOrFail({ id: waiting.id })).follow_up_day).toBe(0);
      await smtp.waitFor('follow.newer@example.com', (m) => m.subject === 'Día 0 Reciente');
    });

    it('reaches a lead stored later within the millisecond of the run (MySQL/MariaDB keep microseconds)', async () => {
      const followUps = t.app.get(FollowUpsService);
      const leads = t.dataSource.getRepository(Lead);
      const lead = await seedLead(t, destination.id, { first_name: 'Mismo', email: 'follow.same-ms@example.com' });
      const now = new Date();
      if (!isSqlite(t.dataSource)) {
        // What the column's default stores when the insert and the run fall in one millisecond
        // (the DATETIME text form, to the millisecond, and 0.7 ms more).
        await t.dataSource.query('UPDATE leads SET created_at = ? WHERE id = ?', [
          `${sqliteDateTime(now)}700`,
          lead.id,
        ]);
      } else await leads.update(lead.id, { created_at: now });
      expect(await followUps.sendDue(now)).toBe(1);
      expect((await leads.findOneByOrFail({ id: lead.id })).follow_up_day).toBe(0);
    });

    it("waits while visitors' writes wait to start, then sends", async () => {
      const followUps = t.app.get(FollowUpsService);
      const leads = t.dataSource.getRepository(Lead);
      const lead = await seedLead(t, destination.id, { first_name: 'Pausa', email: 'follow.pause@example.com' });
      let busy = true;
      const previous = setWritesWaitingProbe(() => busy);
      try {
        const run = followUps.sendDue(new Date());
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect((await leads.findOneByOrFail({ id: lead.id })).follow_up_day).toBeNull();
        busy = false;
        expect(await run).toBe(1);
      } finally {
        setWritesWaitingProbe(previous);
      }
      expect((await leads.findOneByOrFail({ id: lead.id })).follow_up_day).toBe(0);
    });
  });

  describe('saved views', () => {
    it("lists only the caller's own views and deletes only its own", async () => {
      const query = { filter: { status: 'new', agent_id: admin.user.id }, sort: 'created_at', order: 'DESC' };
      const mine = await t
        .http()
        .post('/api/admin/saved-views')
        .set(auth())
        .send({ resource: 'leads', name: 'Mis nuevas', query })
        .expect(201);
      expect(mine.body).toMatchObject({ resource: 'leads', name: 'Mis nuevas', query });
      await t
        .http()
        .post('/api/admin/saved-views')
        .set(auth(otherAdmin))
        .send({ resource: 'leads', name: 'Mis nuevas', query: {} })
        .expect(201);
      const list = await t
        .http()
        .get('/api/admin/saved-views')
        .query({ filter: JSON.stringify({ resource: 'leads' }) })
        .set(auth())
        .expect(200);
      expect(list.body).toEqual([expect.objectContaining({ id: mine.body.id, query })]);
      await t.http().get(`/api/admin/saved-views/${mine.body.id}`).set(auth(otherAdmin)).expect(404);
      await t.http().delete(`/api/admin/saved-views/${mine.body.id}`).set(auth(otherAdmin)).expect(404);
      const dup = await t
        .http()
        .post('/api/admin/saved-views')
        .set(auth())
        .send({ resource: 'leads', name: 'Mis nuevas', query })
        .expect(400);
      expect(dup.body.errors.name).toBeDefined();
      for (const body of [
        { resource: 'nope', name: 'x', query: {} },
        { resource: 'leads', name: '', query: {} },
        { resource: 'leads', name: 'x', query: [1] },
        { resource: 'leads', name: 'x', query: 'status=new' },
        { resource: 'leads', name: 'x', query: { big: 'x'.repeat(5000) } },
      ]) {
        const res = await t.http().post('/api/admin/saved-views').set(auth()).send(body);
        expect({ body: body.name, status: res.status }).toEqual({ body: body.name, status: 400 });
      }
      await t.http().delete(`/api/admin/saved-views/${mine.body.id}`).set(auth()).expect(200);
      await t.http().delete(`/api/admin/saved-views/${mine.body.id}`).set(auth()).expect(404);
    });
  });
});

describe('demo desk (SEED_DEMO=true on an empty database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ SEED_DEMO: 'true', DEMO_DESK: 'true' });
  });
  afterAll(async () => {
    await t.app.get(DemoSeedService).picturesRendered();
    await t.close();
  });

  it('loads 3 agents, about 60 leads over the last 30 days in every status and destination, notes, tasks and 3 templates', async () => {
    const agents = await t.dataSource.getRepository(User).find({ where: { is_agent: true } });
    expect(agents).toHaveLength(3);
    expect(agents.every((a) => a.is_active && !a.is_superuser)).toBe(true);
    const leads = await t.dataSource.getRepository(Lead).find();
    expect(leads.length).toBeGreaterThanOrEqual(50);
    expect(leads.length).toBeLessThanOrEqual(70);
    expect(new Set(leads.map((l) => l.status))).toEqual(new Set(LEAD_STATUSES));
    const destinations = await t.dataSource.getRepository(Destination).count();
    expect(new Set(leads.map((l) => l.destination_id)).size).toBe(destinations);
    const oldest = Math.min(...leads.map((l) => new Date(l.created_at).getTime()));
    expect(Date.now() - oldest).toBeLessThanOrEqual(31 * DAY_MS);
    expect(Date.now() - oldest).toBeGreaterThan(20 * DAY_MS);
    expect(await t.dataSource.getRepository(LeadNote).count()).toBeGreaterThan(10);
    expect(await t.dataSource.getRepository(LeadTask).count()).toBeGreaterThan(10);
    const templates = await t.dataSource.getRepository(EmailTemplate).find({ order: { sequence_day: 'ASC' } });
    expect(templates.map((x) => x.sequence_day)).toEqual([0, 2, 5]);
    // The demo sends nothing: its follow-ups and overdue reminders count as done.
    expect(await t.app.get(FollowUpsService).sendDue()).toBe(0);
  });

  it('is not loaded again on a second start over the same database', async () => {
    expect(await t.app.get(DemoDeskRepository).seedIfEmpty()).toBe(false);
    expect(await t.dataSource.getRepository(User).count({ where: { is_agent: true } })).toBe(3);
  });

  it('is off in production unless SEED_DEMO is written there', () => {
    const base = { NODE_ENV: 'production', DATABASE_URL: 'sqlite::memory:', SMTP_URL: 'smtp://127.0.0.1:2525' };
    const config = (env: Record<string, string>) => {
      try {
        return loadConfig({ ...base, ...env }).demoDesk;
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(config({ JWT_SECRET: SECRET })).toBe(false);
    expect(config({ JWT_SECRET: SECRET, SEED_DEMO: 'true' })).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demoDesk).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }).demoDesk).toBe(false);
  });
});
