import { insertDestination } from '../faults/support/leads-load';
import { call, Fleet, insertUser, startFleet, stopStrays } from './support/fleet';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The lead desk's task reminders with two app processes on one MariaDB and one Redis: both run the
 * every-minute job, and each due task's assignee still gets exactly one reminder.
 */
describe('task reminders with two instances', () => {
  jest.setTimeout(240_000);
  let fleet: Fleet;

  beforeAll(async () => {
    fleet = await startFleet(2);
  }, 400_000);
  afterAll(async () => {
    await fleet?.close();
    await stopStrays();
  });

  it('sends one reminder per due task, whichever instance runs the job', async () => {
    const [a, b] = fleet.apps;
    const destination = await insertDestination(fleet.db, fleet.databaseUrl);
    const admin = await insertUser(fleet.db, { admin: true });
    const login = await call(a, 'POST', '/api/users/admin/login/', {
      ip: '203.0.113.200',
      body: { email: admin.email, password: admin.password },
    });
    expect(login.status).toBe(200);
    const token = login.body.access as string;
    const lead = await call(b, 'POST', '/api/admin/leads/', {
      ip: '203.0.113.200',
      token,
      body: {
        first_name: 'Carla',
        last_name: 'Méndez',
        email: 'carla@fleet.example',
        phone: '5551234567',
        destination_id: destination,
      },
    });
    expect(lead.status).toBe(201);
    const past = new Date(Date.now() - 60_000).toISOString();
    const titles = ['Llamar a Carla', 'Enviar presupuesto', 'Confirmar vuelo'];
    for (const [i, title] of titles.entries()) {
      const task = await call(i % 2 ? a : b, 'POST', '/api/admin/tasks/', {
        ip: '203.0.113.200',
        token,
        body: { lead_id: lead.body.id, title, due_at: past },
      });
      expect(task.status).toBe(201);
    }
    const remindersOf = (title: string) =>
      fleet.smtp.mails.filter((m) => m.to.includes(admin.email) && m.subject === `Recordatorio: ${title}`).length;
    // The job runs every minute on both instances.
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline && titles.some((t) => remindersOf(t) === 0)) await sleep(500);
    expect(titles.map(remindersOf)).toEqual([1, 1, 1]);
    // Let the next minute's runs on both instances pass: nothing more is sent.
    await sleep(65_000);
    expect(titles.map(remindersOf)).toEqual([1, 1, 1]);
    const rows = await fleet.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM "tasks" WHERE "reminded_at" IS NULL');
    expect(Number(rows[0].n)).toBe(0);
    const mail = fleet.smtp.mails.find((m) => m.subject === 'Recordatorio: Llamar a Carla')!;
    expect(mail.text).toContain('Carla Méndez');
    expect(mail.text).toContain(`/admin/leads/${lead.body.id}/show`);
  });
});
