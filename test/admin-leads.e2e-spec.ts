import { Lead } from '../src/leads/entities/lead.entity';
import { User } from '../src/users/entities/user.entity';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';
import { startSmtp, TestSmtp } from './support/smtp';
import { bearer, seedDestination, seedLead, seedPack } from './support/admin-fixtures';

const today = () => new Date().toISOString().slice(0, 10);
const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('admin leads', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: CreatedUser;
  let agent: CreatedUser;
  let destination: { id: number; name: string };
  let other: { id: number; name: string };
  let valid: Record<string, unknown>;
  const auth = () => bearer(admin.token);
  const create = (body: object) => t.http().post('/api/admin/leads/').set(auth()).send(body);

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url });
    admin = await createUser(t, { admin: true });
    agent = await createUser(t, { agent: true });
    destination = await seedDestination(t, { name: 'Punta Cana' });
    other = await seedDestination(t, { name: 'Las Vegas' });
    valid = {
      first_name: 'Carla',
      last_name: 'Méndez',
      email: 'Carla@Example.com',
      phone: '5551234567',
      date: daysFromNow(30),
      hour: '14:30',
      destination_id: destination.id,
    };
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('creating', () => {
    it('creates a lead with source admin and a history entry naming the admin', async () => {
      const pack = await seedPack(t, destination.id, { name: 'Beach week' });
      const res = await create({
        ...valid,
        phone: '(555) 123-4567',
        travel_pack_id: pack.id,
        agent_id: agent.user.id,
        notes: 'Call after 5',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        first_name: 'Carla',
        email: 'carla@example.com',
        phone: '5551234567',
        status: 'new',
        source: 'admin',
        is_priority: false,
        destination: { id: destination.id, name: 'Punta Cana' },
        travel_pack: { id: pack.id, name: 'Beach week' },
        agent_id: agent.user.id,
        agent: { id: agent.user.id, full_name: `Test ${agent.user.last_name}` },
        notes: 'Call after 5',
        formatted_created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      });
      expect(res.body.history).toEqual([
        expect.objectContaining({
          kind: 'created',
          to: 'new',
          actor: { id: admin.user.id, full_name: `Test ${admin.user.last_name}` },
        }),
        expect.objectContaining({
          kind: 'assignment',
          from: null,
          to: String(agent.user.id),
          to_label: `Test ${agent.user.last_name}`,
        }),
      ]);
      const again = await create(valid);
      expect(again.body.is_priority).toBe(true);
    });

    it('accepts today and no date or hour', async () => {
      expect((await create({ ...valid, date: today() })).status).toBe(201);
      const bare = await create({ ...valid, date: null, hour: '' });
      expect(bare.status).toBe(201);
      expect(bare.body).toMatchObject({ date: null, hour: null });
    });

    it.each([
      ['first name missing', { first_name: ' ' }, { first_name: 'First name is required' }],
      ['last name too long', { last_name: 'x'.repeat(51) }, { last_name: 'Last name cannot exceed 50 characters' }],
      ['e-mail missing', { email: '' }, { email: 'Email is required' }],
      ['e-mail malformed', { email: 'carla@example' }, { email: 'Invalid email format' }],
      ['phone missing', { phone: '' }, { phone: 'Phone is required' }],
      ['phone of 9 digits', { phone: '555123456' }, { phone: 'Phone must contain 10 to 15 digits' }],
      ['phone of 16 digits', { phone: '5551234567890123' }, { phone: 'Phone must contain 10 to 15 digits' }],
      ['phone with letters', { phone: '555-CALL-NOW' }, { phone: 'Phone must contain 10 to 15 digits' }],
      ['date in the past', { date: daysFromNow(-3) }, { date: 'Date must be in the future' }],
      ['date malformed', { date: '30/01/2031' }, { date: 'Invalid date format (YYYY-MM-DD)' }],
      ['hour 24:00', { hour: '24:00' }, { hour: 'Invalid time format (HH:MM)' }],
      ['hour without leading zero', { hour: '9:00' }, { hour: 'Invalid time format (HH:MM)' }],
      ['destination missing', { destination_id: undefined }, { destination_id: 'Destination is required' }],
      [
        'status unknown',
        { status: 'won' },
        { status: 'Invalid status. Allowed values: new, contacted, qualified, proposal_sent, booked, lost.' },
      ],
      ['is_priority sent', { is_priority: true }, { is_priority: 'property is_priority should not exist' }],
      [
        'created_at sent',
        { created_at: '2020-01-01T00:00:00Z' },
        { created_at: 'property created_at should not exist' },
      ],
    ])('refuses %s', async (_name, change, errors) => {
      const res = await create({ ...valid, ...change });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(errors);
    });

    it('checks the destination, the pack and the agent against the database', async () => {
      const foreignPack = await seedPack(t, other.id);
      const cases: Array<[object, Record<string, string>]> = [
        [{ destination_id: 999999 }, { destination_id: 'Destination not found' }],
        [
          { travel_pack_id: foreignPack.id },
          { travel_pack_id: 'The travel pack does not belong to the selected destination' },
        ],
        [{ travel_pack_id: 999999 }, { travel_pack_id: 'Travel pack not found' }],
        [{ agent_id: admin.user.id }, { agent_id: 'The selected agent does not exist' }],
      ];
      for (const [change, errors] of cases) {
        const res = await create({ ...valid, ...change });
        expect({ change, status: res.status, errors: res.body.errors }).toEqual({ change, status: 400, errors });
      }
    });
  });

  describe('editing', () => {
    it('records every status and assignment change with who made it', async () => {
      const lead = await seedLead(t, destination.id);
      const path = `/api/admin/leads/${lead.id}/`;
      await t.http().put(path).set(auth()).send({ status: 'contacted', agent_id: agent.user.id }).expect(200);
      const res = await t.http().put(path).set(auth()).send({ status: 'qualified', agent_id: null });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'qualified', agent_id: null, agent: null });
      const history = res.body.history.map((e: Record<string, unknown>) => [
        e.kind,
        e.from,
        e.to,
        (e.actor as { id: number })?.id,
      ]);
      expect(history).toEqual([
        ['assignment', null, String(agent.user.id), admin.user.id],
        ['status', 'new', 'contacted', admin.user.id],
        ['assignment', String(agent.user.id), null, admin.user.id],
        ['status', 'contacted', 'qualified', admin.user.id],
      ]);
      const unchanged = await t.http().put(path).set(auth()).send({ status: 'qualified' });
      expect(unchanged.body.history).toHaveLength(4);
    });

    it('refuses an unknown status, a move the pipeline forbids, and a user who is not an agent', async () => {
      const lead = await seedLead(t, destination.id, { status: 'booked' });
      const path = `/api/admin/leads/${lead.id}`;
      const unknown = await t.http().put(path).set(auth()).send({ status: 'closed' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toBe(
        'Invalid status. Allowed values: new, contacted, qualified, proposal_sent, booked, lost.',
      );
      const backwards = await t.http().put(path).set(auth()).send({ status: 'new' });
      expect(backwards.status).toBe(400);
      expect(backwards.body.errors).toEqual({ status: 'A lead cannot move from Booked to New' });
      const customer = await createUser(t);
      const notAgent = await t.http().put(path).set(auth()).send({ agent_id: customer.user.id });
      expect(notAgent.body.errors).toEqual({ agent_id: 'The selected agent does not exist' });
      const stored = await t.dataSource.getRepository(Lead).findOneByOrFail({ id: lead.id });
      expect(stored).toMatchObject({ status: 'booked', agent_id: null });
    });

    it('trims the hour, leaves an empty date or hour as it was, and accepts `destination` as an id', async () => {
      const pack = await seedPack(t, destination.id);
      const lead = await seedLead(t, destination.id, { date: '2031-01-01', hour: '10:00', travel_pack_id: pack.id });
      const path = `/api/admin/leads/${lead.id}`;
      const hour = await t.http().put(path).set(auth()).send({ hour: '16:45:00', date: '' });
      expect(hour.body).toMatchObject({ hour: '16:45', date: '2031-01-01' });
      const moved = await t.http().put(path).set(auth()).send({ destination: other.id, hour: '' });
      expect(moved.body).toMatchObject({
        destination: { id: other.id, name: 'Las Vegas' },
        travel_pack_id: null,
        hour: '16:45',
      });
      const past = await t
        .http()
        .put(path)
        .set(auth())
        .send({ date: '2001-01-01', first_name: 'Old', email: 'OLD@example.com' });
      expect(past.body).toMatchObject({ date: '2001-01-01', first_name: 'Old', email: 'old@example.com' });
      const bad = await t.http().put(path).set(auth()).send({ email: 'nope', phone: '12', id: 3 });
      expect(bad.body.errors).toEqual({
        email: 'Invalid email format',
        phone: 'Phone must contain 10 to 15 digits',
        id: 'property id should not exist',
      });
    });
  });

  describe('creating an account from a lead', () => {
    it('creates an inactive user and sends the verification e-mail', async () => {
      const lead = await seedLead(t, destination.id, { first_name: 'Nora', email: 'nora@example.com' });
      const res = await t.http().post(`/api/admin/leads/${lead.id}/create-account/`).set(auth());
      expect(res.status).toBe(201);
      const user = await t.dataSource.getRepository(User).findOneByOrFail({ email: 'nora@example.com' });
      expect(user).toMatchObject({ first_name: 'Nora', is_active: false, is_superuser: false, is_agent: false });
      expect(res.body.user_id).toBe(user.id);
      expect(res.body.history.at(-1)).toMatchObject({
        kind: 'account_created',
        to: String(user.id),
        actor: { id: admin.user.id },
      });
      const mail = await smtp.waitFor('nora@example.com');
      expect(mail.text).toMatch(/http:\/\/localhost:3000\/email-verification\/[^/\s]+\/[^/\s]+/);
      const twice = await t.http().post(`/api/admin/leads/${lead.id}/create-account`).set(auth());
      expect(twice.status).toBe(409);
      expect(twice.body.error).toBe('An account with this email already exists.');
    });

    it('answers 409 when the e-mail already has an account', async () => {
      const customer = await createUser(t);
      const lead = await seedLead(t, destination.id, { email: customer.user.email });
      const res = await t.http().post(`/api/admin/leads/${lead.id}/create-account`).set(auth());
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('An account with this email already exists.');
      expect((await t.http().post('/api/admin/leads/999999/create-account').set(auth())).status).toBe(404);
    });
  });

  describe('lists', () => {
    it('shows priority leads first, then the newest, with destination and agent', async () => {
      const place = await seedDestination(t, { name: 'Orlando' });
      const old = await seedLead(t, place.id, { first_name: 'Old' });
      const vip = await seedLead(t, place.id, { first_name: 'Vip', is_priority: true });
      const fresh = await seedLead(t, place.id, { first_name: 'Fresh', agent_id: agent.user.id });
      await t.dataSource.getRepository(Lead).update({ id: old.id }, { created_at: new Date('2024-01-01T00:00:00Z') });
      await t.dataSource.getRepository(Lead).update({ id: vip.id }, { created_at: new Date('2023-01-01T00:00:00Z') });
      const res = await t
        .http()
        .get(`/api/admin/leads?filter=${encodeURIComponent(JSON.stringify({ destination_id: place.id }))}`)
        .set(auth());
      expect(res.body.map((l: { id: number }) => l.id)).toEqual([vip.id, fresh.id, old.id]);
      expect(res.body[1]).toMatchObject({
        destination: { id: place.id, name: 'Orlando' },
        agent: { id: agent.user.id, full_name: `Test ${agent.user.last_name}` },
        status: 'new',
        is_priority: false,
      });
      expect(res.body[2].formatted_created_at).toBe('2024-01-01 00:00');
    });

    it('deletes a lead, and bulk-deletes all or nothing', async () => {
      const [a, b, c] = [await seedLead(t, other.id), await seedLead(t, other.id), await seedLead(t, other.id)];
      const one = await t.http().delete(`/api/admin/leads/${a.id}/`).set(auth());
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ id: a.id, destination: { id: other.id } });
      const missing = await t
        .http()
        .post('/api/admin/leads/bulk-delete')
        .set(auth())
        .send({ lead_ids: [b.id, c.id, a.id] });
      expect(missing.status).toBe(404);
      expect(missing.body.missing_ids).toEqual([a.id]);
      expect(await t.dataSource.getRepository(Lead).countBy([{ id: b.id }, { id: c.id }])).toBe(2);
      const ok = await t
        .http()
        .post('/api/admin/leads/bulk-delete')
        .set(auth())
        .send({ lead_ids: [b.id, c.id] });
      expect(ok.body).toEqual({ deleted: 2 });
    });
  });

  describe('CSV export', () => {
    it('streams the whole filtered set with formula cells neutralised', async () => {
      const place = await seedDestination(t, { name: 'Cancún, "Zona Hotelera"' });
      const attacks = ['=HYPERLINK("http://evil","x")', '+1+1', '-2+3', '@SUM(A1)', '\tTab', '\rCR'];
      for (const name of attacks) await seedLead(t, place.id, { first_name: name, status: 'contacted' });
      await seedLead(t, place.id, { first_name: 'Ignored', status: 'new' });
      const filter = encodeURIComponent(JSON.stringify({ destination_id: place.id, status: 'contacted' }));
      const res = await t
        .http()
        .get(`/api/admin/leads/export/?filter=${filter}`)
        .set(auth())
        .buffer(true)
        .parse((r, cb) => {
          let data = '';
          r.on('data', (c: Buffer) => (data += c.toString('utf8')));
          r.on('end', () => cb(null, data));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="destination_leads.csv"');
      const text = res.body as string;
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(text.slice(1, text.indexOf('\r\n'))).toBe(
        'lead_id,created_at,first_name,last_name,email,phone,date,hour,status,destination',
      );
      expect(text).toContain(`,"'=HYPERLINK(""http://evil"",""x"")",`);
      const rows = parseCsv(text.slice(1));
      expect(rows).toHaveLength(1 + attacks.length);
      expect(rows.slice(1).map((r) => r[2])).toEqual(attacks.map((a) => `'${a}`));
      expect(rows[1].slice(8)).toEqual(['contacted', 'Cancún, "Zona Hotelera"']);
      expect(text).not.toContain('Ignored');
    });

    it('quotes cells holding a semicolon or a tab, which Spanish-locale spreadsheets split on', async () => {
      const place = await seedDestination(t, { name: 'Semicolons' });
      await seedLead(t, place.id, { first_name: 'Ana;=1+1', last_name: 'Ruiz\tGómez', status: 'lost' });
      const filter = encodeURIComponent(JSON.stringify({ destination_id: place.id }));
      const res = await t.http().get(`/api/admin/leads/export/?filter=${filter}`).set(auth()).buffer(true);
      expect(res.status).toBe(200);
      expect(res.text).toContain(',"Ana;=1+1","Ruiz\tGómez",');
      expect(parseCsv(res.text.slice(1))[1].slice(2, 4)).toEqual(['Ana;=1+1', 'Ruiz\tGómez']);
    });

    it('exports more rows than one batch, in id order', async () => {
      const place = await seedDestination(t, { name: 'Batch' });
      const rows = Array.from({ length: 2345 }, (_, i) => ({
        first_name: `P${i}`,
        last_name: 'Bulk',
        email: `bulk${i}@example.com`,
        phone: '5550000000',
        destination_id: place.id,
      }));
      for (let i = 0; i < rows.length; i += 500) await t.dataSource.getRepository(Lead).insert(rows.slice(i, i + 500));
      const filter = encodeURIComponent(JSON.stringify({ destination_id: place.id }));
      const res = await t.http().get(`/api/admin/leads/export?filter=${filter}`).set(auth());
      const lines = res.text.split('\r\n').filter(Boolean);
      expect(lines).toHaveLength(2346);
      const ids = lines.slice(1).map((l) => Number(l.split(',')[0]));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const bad = await t.http().get('/api/admin/leads/export?filter={"nope":1}').set(auth());
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Unknown filter "nope" for leads.');
    });
  });
});

/** RFC 4180 reader for the assertions (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}
