import { LeadNote } from '../src/admin/desk/lead-note.entity';
import { LeadTask } from '../src/admin/desk/lead-task.entity';
import { TaskRemindersService } from '../src/admin/desk/task-reminders.service';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { LeadEvent } from '../src/leads/entities/lead-event.entity';
import { Lead } from '../src/leads/entities/lead.entity';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { JobsScheduler } from '../src/jobs/jobs-scheduler.service';
import { PersonalDataRepository } from '../src/privacy/personal-data.repository';
import { bearer, seedDestination, seedLead } from './support/admin-fixtures';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

describe('lead desk: notes, timeline, tasks and reminders', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: CreatedUser;
  let other: CreatedUser;
  let agent: CreatedUser;
  let customer: CreatedUser;
  let lead: Lead;
  let destinationId: number;
  const as = (u: CreatedUser) => bearer(u.token);

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url });
    admin = await createUser(t, { admin: true });
    other = await createUser(t, { admin: true });
    agent = await createUser(t, { agent: true });
    customer = await createUser(t);
    destinationId = (await seedDestination(t, { name: 'Punta Cana' })).id;
    lead = await seedLead(t, destinationId, { first_name: 'Carla', last_name: 'Méndez' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('refusals', () => {
    const routes: Array<[string, string]> = [
      ['get', '/api/admin/lead-notes/'],
      ['post', '/api/admin/lead-notes/'],
      ['get', '/api/admin/lead-notes/1/'],
      ['delete', '/api/admin/lead-notes/1/'],
      ['get', '/api/admin/tasks/'],
      ['post', '/api/admin/tasks/'],
      ['get', '/api/admin/tasks/1/'],
      ['put', '/api/admin/tasks/1/'],
      ['delete', '/api/admin/tasks/1/'],
      ['get', '/api/admin/leads/1/timeline/'],
    ];
    it.each(routes)('%s %s: 401 anonymous, 403 for a customer, open to an agent', async (method, path) => {
      const call = (h?: Record<string, string>) => {
        const req = (t.http() as unknown as Record<string, (p: string) => import('supertest').Test>)[method](path);
        return h ? req.set(h) : req;
      };
      expect((await call()).status).toBe(401);
      expect((await call(as(customer))).status).toBe(403);
      // The desk is the agents' own: an empty body or a missing id is a 400/404, never a refusal.
      expect([200, 201, 400, 404]).toContain((await call(as(agent))).status);
    });
  });

  describe('notes', () => {
    it('creates, lists by lead, gets and deletes a note with its author', async () => {
      const res = await t
        .http()
        .post('/api/admin/lead-notes/')
        .set(as(admin))
        .send({ lead_id: lead.id, text: '  Llamar por la tarde  ' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        lead_id: lead.id,
        text: 'Llamar por la tarde',
        author_id: admin.user.id,
        author_name: `Test ${admin.user.last_name}`,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      const otherLead = await seedLead(t, destinationId);
      await t
        .http()
        .post('/api/admin/lead-notes/')
        .set(as(admin))
        .send({ lead_id: otherLead.id, text: 'Otra' })
        .expect(201);
      const list = await t
        .http()
        .get('/api/admin/lead-notes/')
        .query({ filter: JSON.stringify({ lead_id: lead.id }) })
        .set(as(admin));
      expect(list.status).toBe(200);
      expect(list.headers['content-range']).toMatch(/^lead-notes 0-0\/1$/);
      expect(list.body.map((n: { id: number }) => n.id)).toEqual([res.body.id]);
      const got = await t.http().get(`/api/admin/lead-notes/${res.body.id}/`).set(as(admin));
      expect(got.body).toEqual(res.body);
      const audit = await t.dataSource
        .getRepository(AuditEntry)
        .findOneBy({ resource: 'lead-notes', record_id: String(res.body.id) });
      expect(audit).toMatchObject({ action: 'create', actor_id: admin.user.id });
      const del = await t.http().delete(`/api/admin/lead-notes/${res.body.id}/`).set(as(admin));
      expect(del.status).toBe(200);
      expect(del.body.id).toBe(res.body.id);
      expect(await t.dataSource.getRepository(LeadNote).existsBy({ id: res.body.id })).toBe(false);
      expect((await t.http().get(`/api/admin/lead-notes/${res.body.id}/`).set(as(admin))).status).toBe(404);
    });

    it('lets a superuser who is not the author delete a note', async () => {
      const res = await t
        .http()
        .post('/api/admin/lead-notes/')
        .set(as(admin))
        .send({ lead_id: lead.id, text: 'De otro' });
      expect((await t.http().delete(`/api/admin/lead-notes/${res.body.id}/`).set(as(other))).status).toBe(200);
    });

    it("lets an agent write and delete their own notes, but not another's", async () => {
      const own = await t.http().post('/api/admin/lead-notes/').set(as(agent)).send({ lead_id: lead.id, text: 'Mía' });
      expect(own.status).toBe(201);
      expect(own.body.author_id).toBe(agent.user.id);
      const theirs = await t
        .http()
        .post('/api/admin/lead-notes/')
        .set(as(admin))
        .send({ lead_id: lead.id, text: 'Del jefe' });
      const refused = await t.http().delete(`/api/admin/lead-notes/${theirs.body.id}/`).set(as(agent));
      expect(refused.status).toBe(403);
      expect(await t.dataSource.getRepository(LeadNote).existsBy({ id: theirs.body.id })).toBe(true);
      expect((await t.http().delete(`/api/admin/lead-notes/${own.body.id}/`).set(as(agent))).status).toBe(200);
    });

    it.each([
      ['text', { lead_id: 1, text: '' }],
      ['text', { lead_id: 1, text: '   ' }],
      ['text', { lead_id: 1, text: 'x'.repeat(5001) }],
      ['text', { lead_id: 1 }],
      ['lead_id', { text: 'hola' }],
      ['lead_id', { lead_id: 'abc', text: 'hola' }],
      ['lead_id', { lead_id: 999999, text: 'hola' }],
    ])('answers 400 naming %s (case %#)', async (field, body) => {
      const res = await t.http().post('/api/admin/lead-notes/').set(as(admin)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty(field);
    });

    it('takes 5,000 characters, and answers 404 for unknown ids and 400 for a bad filter', async () => {
      expect(
        (
          await t
            .http()
            .post('/api/admin/lead-notes/')
            .set(as(admin))
            .send({ lead_id: lead.id, text: 'x'.repeat(5000) })
        ).status,
      ).toBe(201);
      expect((await t.http().get('/api/admin/lead-notes/999999/').set(as(admin))).status).toBe(404);
      expect((await t.http().delete('/api/admin/lead-notes/999999/').set(as(admin))).status).toBe(404);
      expect(
        (await t.http().get('/api/admin/lead-notes/').query({ filter: '{"lead_id":"x"}' }).set(as(admin))).status,
      ).toBe(400);
      expect((await t.http().get('/api/admin/lead-notes/').query({ filter: '{"nope":1}' }).set(as(admin))).status).toBe(
        400,
      );
      await t.dataSource.getRepository(LeadNote).delete({ lead_id: lead.id });
    });
  });

  describe('tasks', () => {
    const future = () => new Date(Date.now() + 3 * 86_400_000).toISOString();
    it('creates a task for the caller by default, or for an active agent', async () => {
      const mine = await t
        .http()
        .post('/api/admin/tasks/')
        .set(as(admin))
        .send({ lead_id: lead.id, title: 'Llamar', due_at: future() });
      expect(mine.status).toBe(201);
      expect(mine.body).toMatchObject({
        lead_id: lead.id,
        assignee_id: admin.user.id,
        assignee_name: `Test ${admin.user.last_name}`,
        title: 'Llamar',
        done_at: null,
      });
      const theirs = await t
        .http()
        .post('/api/admin/tasks/')
        .set(as(admin))
        .send({ lead_id: lead.id, title: 'Enviar presupuesto', due_at: future(), assignee_id: agent.user.id });
      expect(theirs.status).toBe(201);
      expect(theirs.body.assignee_id).toBe(agent.user.id);
    });

    it.each([
      ['title', { title: '', due_at: '2030-01-01T10:00:00Z' }],
      ['title', { title: 'x'.repeat(201), due_at: '2030-01-01T10:00:00Z' }],
      ['due_at', { title: 'ok', due_at: 'mañana' }],
      ['due_at', { title: 'ok' }],
      ['lead_id', { title: 'ok', due_at: '2030-01-01T10:00:00Z', lead_id: 999999 }],
      ['assignee_id', { title: 'ok', due_at: '2030-01-01T10:00:00Z', assignee_id: 'x' }],
      ['assignee_id', { title: 'ok', due_at: '2030-01-01T10:00:00Z', assignee_id: 999999 }],
    ])('answers 400 naming %s (case %#)', async (field, body) => {
      const res = await t
        .http()
        .post('/api/admin/tasks/')
        .set(as(admin))
        .send({ lead_id: lead.id, ...body });
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty(field);
    });

    it('refuses a customer or an inactive agent as assignee', async () => {
      const inactive = await createUser(t, { agent: true, active: false });
      for (const u of [customer, inactive]) {
        const res = await t
          .http()
          .post('/api/admin/tasks/')
          .set(as(admin))
          .send({ lead_id: lead.id, title: 'x', due_at: future(), assignee_id: u.user.id });
        expect(res.status).toBe(400);
        expect(res.body.errors).toHaveProperty('assignee_id');
      }
    });

    it('marks done with {done:true}, reopens with {done:false}, edits, filters and deletes', async () => {
      const created = await t
        .http()
        .post('/api/admin/tasks/')
        .set(as(admin))
        .send({ lead_id: lead.id, title: 'Cerrar', due_at: '2020-01-01T09:00:00Z' });
      const id = created.body.id;
      const done = await t.http().put(`/api/admin/tasks/${id}/`).set(as(admin)).send({ done: true });
      expect(done.status).toBe(200);
      expect(done.body.done_at).toMatch(/^\d{4}-/);
      const filter = (f: object) =>
        t
          .http()
          .get('/api/admin/tasks/')
          .query({ filter: JSON.stringify(f) })
          .set(as(admin));
      expect((await filter({ lead_id: lead.id, done: true })).body.map((x: { id: number }) => x.id)).toEqual([id]);
      expect((await filter({ lead_id: lead.id, done: false })).body.map((x: { id: number }) => x.id)).not.toContain(id);
      expect((await filter({ due_before: '2021-01-01T00:00:00Z' })).body.map((x: { id: number }) => x.id)).toEqual([
        id,
      ]);
      expect(
        (await filter({ assignee_id: agent.user.id })).body.every(
          (x: { assignee_id: number }) => x.assignee_id === agent.user.id,
        ),
      ).toBe(true);
      expect((await filter({ done: 'maybe' })).status).toBe(400);
      expect((await filter({ due_before: 'soon' })).status).toBe(400);
      const reopened = await t
        .http()
        .put(`/api/admin/tasks/${id}/`)
        .set(as(admin))
        .send({ done: false, title: 'Cerrar venta' });
      expect(reopened.body).toMatchObject({ done_at: null, title: 'Cerrar venta' });
      expect((await t.http().put(`/api/admin/tasks/${id}/`).set(as(admin)).send({ done: 'yes' })).status).toBe(400);
      expect(
        (await t.http().put(`/api/admin/tasks/${id}/`).set(as(admin)).send({ assignee_id: customer.user.id })).status,
      ).toBe(400);
      expect((await t.http().put('/api/admin/tasks/999999/').set(as(admin)).send({ done: true })).status).toBe(404);
      expect((await t.http().get(`/api/admin/tasks/${id}/`).set(as(admin))).body.title).toBe('Cerrar venta');
      expect((await t.http().delete(`/api/admin/tasks/${id}/`).set(as(admin))).status).toBe(200);
      expect((await t.http().get(`/api/admin/tasks/${id}/`).set(as(admin))).status).toBe(404);
      expect((await t.http().delete('/api/admin/tasks/999999/').set(as(admin))).status).toBe(404);
    });
  });

  describe('timeline', () => {
    it('answers 404 for an unknown lead', async () => {
      expect((await t.http().get('/api/admin/leads/999999/timeline/').set(as(admin))).status).toBe(404);
    });

    it('lists every kind, newest first, naming the actors', async () => {
      const l = await seedLead(t, destinationId);
      const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 10, minutes));
      const events = t.dataSource.getRepository(LeadEvent);
      const ev = (kind: LeadEvent['kind'], from: string | null, to: string | null, minute: number) =>
        events.save(
          events.create({
            lead_id: l.id,
            kind,
            from_value: from,
            to_value: to,
            actor_id: admin.user.id,
            created_at: at(minute),
          }),
        );
      await ev('created', null, 'new', 0);
      await ev('assignment', null, String(agent.user.id), 1);
      await ev('status', 'new', 'contacted', 2);
      await ev('email', null, 'Tu viaje a Punta Cana', 4);
      await ev('duplicate', null, '77', 6);
      await ev('merged', '55', null, 7);
      const note = await t
        .http()
        .post('/api/admin/lead-notes/')
        .set(as(admin))
        .send({ lead_id: l.id, text: 'Quiere hotel con niños' });
      await t.dataSource.getRepository(LeadNote).update({ id: note.body.id }, { created_at: at(3) });
      const task = await t
        .http()
        .post('/api/admin/tasks/')
        .set(as(admin))
        .send({ lead_id: l.id, title: 'Llamar', due_at: '2026-01-02T10:00:00Z' });
      await t.dataSource.getRepository(LeadTask).update({ id: task.body.id }, { created_at: at(5) });

      const res = await t.http().get(`/api/admin/leads/${l.id}/timeline/`).set(as(admin));
      expect(res.status).toBe(200);
      expect(res.body.map((e: { kind: string }) => e.kind)).toEqual([
        'merged',
        'duplicate',
        'task',
        'email',
        'note',
        'status',
        'assigned',
        'created',
      ]);
      const by = (kind: string) => res.body.find((e: { kind: string }) => e.kind === kind);
      const actor = { actor_id: admin.user.id, actor_name: `Test ${admin.user.last_name}` };
      expect(by('merged')).toMatchObject({ ...actor, lead_id: 55, at: at(7).toISOString() });
      expect(by('duplicate')).toMatchObject({ lead_id: 77 });
      expect(by('task')).toMatchObject({
        ...actor,
        task_id: task.body.id,
        title: 'Llamar',
        due_at: '2026-01-02T10:00:00.000Z',
        done: false,
      });
      expect(by('email')).toMatchObject({ subject: 'Tu viaje a Punta Cana' });
      expect(by('note')).toMatchObject({
        ...actor,
        note_id: note.body.id,
        text: 'Quiere hotel con niños',
        at: at(3).toISOString(),
      });
      expect(by('status')).toMatchObject({ from: 'new', to: 'contacted' });
      expect(by('assigned')).toMatchObject({ to: String(agent.user.id), to_name: `Test ${agent.user.last_name}` });
    });
  });

  describe('reminders', () => {
    it('sends one reminder per due task, exactly once across runs and concurrent runs', async () => {
      const jobs = t.app.get(TaskRemindersService);
      const scheduler = t.app.get(JobsScheduler);
      await t.dataSource.createQueryBuilder().update(LeadTask).set({ reminded_at: new Date() }).execute(); // earlier tests' tasks
      const past = new Date(Date.now() - 60_000).toISOString();
      const due = await t
        .http()
        .post('/api/admin/tasks/')
        .set(as(admin))
        .send({ lead_id: lead.id, title: 'Devolver la llamada', due_at: past, assignee_id: agent.user.id });
      const later = await t
        .http()
        .post('/api/admin/tasks/')
        .set(as(admin))
        .send({
          lead_id: lead.id,
          title: 'Más tarde',
          due_at: new Date(Date.now() + 3_600_000).toISOString(),
          assignee_id: agent.user.id,
        });
      const doneTask = await t
        .http()
        .post('/api/admin/tasks/')
        .set(as(admin))
        .send({ lead_id: lead.id, title: 'Hecha', due_at: past, assignee_id: agent.user.id });
      await t.http().put(`/api/admin/tasks/${doneTask.body.id}/`).set(as(admin)).send({ done: true }).expect(200);

      // Two runs at once through the job's lease, two more without it (the claim alone), then again.
      const results = await Promise.all([
        scheduler.run<number>('task-reminders'),
        scheduler.run<number>('task-reminders'),
        jobs.remindDue(),
        jobs.remindDue(),
      ]);
      expect(results.reduce((s: number, n) => s + (n ?? 0), 0)).toBe(1);
      expect(await scheduler.run('task-reminders')).toBe(0);
      expect(await jobs.remindDue()).toBe(0);

      const mail = await smtp.waitFor(agent.user.email, (m) => m.subject.includes('Devolver la llamada'));
      expect(mail.subject).toBe('Recordatorio: Devolver la llamada');
      expect(mail.text).toContain('Carla Méndez');
      expect(mail.text).toContain(`/admin/leads/${lead.id}/show`);
      const outbox = await t.dataSource.getRepository(OutboxMail).findBy({ kind: 'task-reminder' });
      expect(outbox).toHaveLength(1);
      const tasks = t.dataSource.getRepository(LeadTask);
      expect((await tasks.findOneByOrFail({ id: due.body.id })).reminded_at).not.toBeNull();
      expect((await tasks.findOneByOrFail({ id: later.body.id })).reminded_at).toBeNull();
      expect((await tasks.findOneByOrFail({ id: doneTask.body.id })).reminded_at).toBeNull();
      expect(smtp.mails.filter((m) => m.subject.startsWith('Recordatorio:'))).toHaveLength(1);
    });
  });

  describe('anonymisation', () => {
    it('exports the notes of a lead, and deletes them when the lead is anonymised', async () => {
      const l = await seedLead(t, destinationId);
      await t
        .http()
        .post('/api/admin/lead-notes/')
        .set(as(admin))
        .send({ lead_id: l.id, text: 'Su hija se llama Ana' })
        .expect(201);
      const repo = t.app.get(PersonalDataRepository);
      const [exported] = await repo.leadsWithHistory([l.id]);
      expect(exported.notes.map((n) => n.text)).toEqual(['Su hija se llama Ana']);
      await t.dataSource.transaction((m) => repo.anonymiseLeads(m, [l.id]));
      expect(await t.dataSource.getRepository(LeadNote).countBy({ lead_id: l.id })).toBe(0);
    });
  });
});
