import {
  LEAD_SEARCH_BATCH,
  LEAD_SEARCH_MAX_WAIT,
  LeadSearchIndex,
} from '../src/admin/leads/lead-search-index.repository';
import { startCheckpointer } from '../src/database/sqlite-checkpointer';
import { readPoolOf } from '../src/database/sqlite-read-pool';
import { Lead } from '../src/leads/entities/lead.entity';
import { testDialect } from './support/test-db';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';
import { bearer, seedDestination, seedLead, seedPack } from './support/admin-fixtures';

/** ra-data-simple-rest list conventions on every resource: sort, range, filter, q and Content-Range. */
describe('admin lists: sort, range, filter and Content-Range', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let agent: CreatedUser;
  let punta: { id: number };
  let vegas: { id: number };

  const qs = (params: Record<string, unknown>) =>
    Object.entries(params)
      .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
      .join('&');
  const list = (resource: string, params: Record<string, unknown> = {}) =>
    t
      .http()
      .get(`/api/admin/${resource}?${qs(params)}`)
      .set(bearer(admin.token));
  const ids = (body: Array<{ id: number }>) => body.map((r) => r.id);
  /** Inserts `count` leads at Punta Cana, 400 rows per INSERT. */
  const insertLeads = async (count: number, lead: (i: number) => Partial<Lead>) => {
    const rows = Array.from({ length: count }, (_, i) => ({
      phone: '5550000000',
      destination_id: punta.id,
      ...lead(i),
    }));
    for (let i = 0; i < rows.length; i += 400) await t.dataSource.getRepository(Lead).insert(rows.slice(i, i + 400));
  };

  /** Leads ('Cola Atrasada i') for more than two batches of the search index; resolves to their number. */
  const insertBacklog = async () => {
    const backlog = 2 * LEAD_SEARCH_BATCH + 50;
    await insertLeads(backlog, (i) => ({
      first_name: 'Cola',
      last_name: `Atrasada ${i}`,
      email: `cola${i}@probe.example`,
    }));
    return backlog;
  };

  /**
   * The search index holds exactly what the table says, for every lead it has taken. SQLite: FTS5's
   * own check against its content table. MySQL/MariaDB: the suffix rows derived again here, in
   * JavaScript, from each indexed lead's text (8 characters from each position that is not a
   * space, of at least 3), with the collation's folding left to the comparison.
   */
  const expectIndexAgrees = async () => {
    if (testDialect() === 'sqlite') {
      await t.dataSource.query(`INSERT INTO "leads_search"("leads_search", "rank") VALUES ('integrity-check', 1)`);
      return;
    }
    const [{ last }] = await t.dataSource.query('SELECT `last_lead_id` AS `last` FROM `leads_search_state`');
    const leads = (await t.dataSource.query('SELECT `id`, `search_text` FROM `leads` WHERE `id` <= ?', [
      last,
    ])) as Array<{
      id: number;
      search_text: string;
    }>;
    const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
    const expected = new Set<string>();
    for (const lead of leads) {
      const chars = [...lead.search_text];
      chars.forEach((c, n) => {
        if (c !== ' ' && chars.length - n >= 3) expected.add(`${lead.id} ${fold(chars.slice(n, n + 8).join(''))}`);
      });
    }
    const rows = (await t.dataSource.query('SELECT `lead_id`, `suffix` FROM `lead_search_suffixes`')) as Array<{
      lead_id: number;
      suffix: string;
    }>;
    const actual = new Set(rows.map((r) => `${r.lead_id} ${fold(r.suffix)}`));
    expect(rows).toHaveLength(actual.size);
    expect([...actual].sort()).toEqual([...expected].sort());
  };

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await createUser(t, { admin: true });
    agent = await createUser(t, { agent: true });
    punta = await seedDestination(t, { name: 'Punta Cana', status: 'active', is_priority: false });
    vegas = await seedDestination(t, { name: 'Las Vegas', status: 'inactive', is_priority: true });
    await seedDestination(t, { name: 'Cabo 100%_off', status: 'active' });
    await seedLead(t, punta.id, { first_name: 'Ana', last_name: 'Gómez', email: 'ana@example.com', status: 'new' });
    await seedLead(t, punta.id, {
      first_name: 'Luis',
      last_name: 'Torres',
      email: 'luis@example.com',
      status: 'contacted',
      agent_id: agent.user.id,
    });
    await seedLead(t, vegas.id, {
      first_name: 'María',
      last_name: 'Torres',
      email: 'maria@sample.org',
      status: 'new',
      is_priority: true,
    });
    await seedLead(t, vegas.id, { first_name: 'Pedro', last_name: 'Ruiz', email: 'pedro@example.com', status: 'lost' });
    await seedLead(t, vegas.id, {
      first_name: 'Pepe',
      last_name: '100%_sure',
      email: 'pepe@example.com',
      status: 'new',
    });
    for (let i = 1; i <= 4; i += 1)
      await seedPack(t, punta.id, { name: `Punta pack ${i}`, price: 100 * i, is_featured: i === 2 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a JSON array with Content-Range on every resource', async () => {
    for (const resource of ['agents', 'users', 'packs', 'leads', 'destinations']) {
      const res = await list(resource, { range: [0, 1] });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.headers['content-range']).toMatch(new RegExp(`^${resource} (0-\\d+|\\*)/\\d+$`));
    }
    expect((await list('leads', { range: [0, 1] })).headers['content-range']).toBe('leads 0-1/5');
  });

  it('pages with range and reports the slice actually returned', async () => {
    const all = ids((await list('leads', { sort: ['id', 'ASC'] })).body);
    const page = await list('leads', { sort: ['id', 'ASC'], range: [1, 3] });
    expect(ids(page.body)).toEqual(all.slice(1, 4));
    expect(page.headers['content-range']).toBe('leads 1-3/5');
    const tail = await list('leads', { sort: ['id', 'ASC'], range: [3, 24] });
    expect(tail.headers['content-range']).toBe('leads 3-4/5');
    const beyond = await list('leads', { range: [50, 74] });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['content-range']).toBe('leads */5');
  });

  it('sorts by whitelisted fields in both directions, with the spec default orders', async () => {
    const byName = await list('leads', { sort: ['first_name', 'DESC'] });
    expect(byName.body.map((l: { first_name: string }) => l.first_name)).toEqual([
      'Pepe',
      'Pedro',
      'María',
      'Luis',
      'Ana',
    ]);
    const byPrice = await list('packs', { sort: ['price', 'asc'] });
    expect(byPrice.body.map((p: { price: number }) => p.price)).toEqual([100, 200, 300, 400]);
    expect((await list('packs')).body[0].name).toBe('Punta pack 2');
    expect((await list('leads')).body[0].first_name).toBe('María');
    expect((await list('destinations')).body[0].name).toBe('Las Vegas');
    const formatted = await list('leads', { sort: ['formatted_created_at', 'ASC'] });
    expect(formatted.status).toBe(200);
  });

  it('filters by field, by a list of ids (getMany) and by null (unassigned)', async () => {
    const newOnes = await list('leads', { filter: { status: 'new' } });
    expect(newOnes.body.map((l: { status: string }) => l.status)).toEqual(['new', 'new', 'new']);
    expect(newOnes.headers['content-range']).toBe('leads 0-2/3');
    const several = await list('leads', { filter: { status: ['new', 'lost'], destination_id: vegas.id } });
    expect(several.body).toHaveLength(3);
    const assigned = await list('leads', { filter: { agent_id: agent.user.id } });
    expect(assigned.body.map((l: { first_name: string }) => l.first_name)).toEqual(['Luis']);
    const unassigned = await list('leads', { filter: { agent_id: null } });
    expect(unassigned.body).toHaveLength(4);
    const priority = await list('leads', { filter: { is_priority: true } });
    expect(priority.body.map((l: { first_name: string }) => l.first_name)).toEqual(['María']);
    const all = ids((await list('leads')).body);
    const many = await list('leads', { filter: { id: [all[0], all[2], 999999] } });
    expect(ids(many.body).sort()).toEqual([all[0], all[2]].sort());
    const none = await list('leads', { filter: { id: [] } });
    expect(none.body).toEqual([]);
    const inactive = await list('destinations', { filter: { status: 'inactive' } });
    expect(inactive.body.map((d: { name: string }) => d.name)).toEqual(['Las Vegas']);
    const admins = await list('users', { filter: { is_superuser: true } });
    expect(ids(admins.body)).toEqual([admin.user.id]);
  });

  it('filters leads by creation date range', async () => {
    const repo = t.dataSource.getRepository(Lead);
    const dated = await seedLead(t, punta.id, { first_name: 'Dated' });
    await repo.update({ id: dated.id }, { created_at: new Date('2020-06-15T10:00:00Z') });
    const res = await list('leads', { filter: { created_at_gte: '2020-06-15', created_at_lte: '2020-06-15' } });
    expect(ids(res.body)).toEqual([dated.id]);
    expect((await list('leads', { filter: { created_at_lte: '2020-06-14' } })).body).toEqual([]);
    await repo.delete({ id: dated.id });
  });

  it("counts and pages on SQLite's read workers, off the thread that serves every request", async () => {
    const pool = readPoolOf(t.dataSource);
    if (testDialect() !== 'sqlite') {
      expect(pool).toBeNull(); // MySQL/MariaDB answers from its own threads
      return;
    }
    const before = pool!.served;
    const res = await list('leads', { filter: { q: 'torres' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('leads 0-1/2');
    expect(pool!.served - before).toBe(2); // the match count and the page of ids
  });

  it('searches q by id or by name, case-insensitively, across words', async () => {
    const [first] = (await list('leads', { sort: ['id', 'ASC'], range: [0, 0] })).body;
    expect(ids((await list('leads', { filter: { q: String(first.id) } })).body)).toContain(first.id);
    expect(ids((await list('leads', { filter: { q: `#${first.id}` } })).body)).toContain(first.id);
    const torres = await list('leads', { filter: { q: 'TORRES' } });
    expect(torres.body.map((l: { first_name: string }) => l.first_name).sort()).toEqual(['Luis', 'María']);
    const fullName = await list('leads', { filter: { q: 'luis torres' } });
    expect(fullName.body.map((l: { first_name: string }) => l.first_name)).toEqual(['Luis']);
    const email = await list('leads', { filter: { q: 'sample.org' } });
    expect(email.body.map((l: { first_name: string }) => l.first_name)).toEqual(['María']);
    const destinations = await list('destinations', { filter: { q: 'vegas' } });
    expect(destinations.body.map((d: { name: string }) => d.name)).toEqual(['Las Vegas']);
    const packs = await list('packs', { filter: { q: 'pack 3' } });
    expect(packs.body.map((p: { name: string }) => p.name)).toEqual(['Punta pack 3']);
    const users = await list('agents', { filter: { q: agent.user.email.toUpperCase() } });
    expect(ids(users.body)).toEqual([agent.user.id]);
  });

  it('finds q words whatever their case and accents, with short words too, and follows renames and deletes', async () => {
    const names = (res: { body: Array<{ first_name: string }> }) => res.body.map((l) => l.first_name).sort();
    expect(names(await list('leads', { filter: { q: 'GOMEZ' } }))).toEqual(['Ana']);
    expect(names(await list('leads', { filter: { q: 'maria' } }))).toEqual(['María']);
    expect(names(await list('leads', { filter: { q: 'ma torres' } }))).toEqual(['María']);
    const withStatus = await list('leads', { filter: { q: 'torres', status: 'new' } });
    expect(names(withStatus)).toEqual(['María']);
    expect(withStatus.headers['content-range']).toBe('leads 0-0/1');

    const repo = t.dataSource.getRepository(Lead);
    const zoe = await seedLead(t, punta.id, { first_name: 'Zoe', last_name: 'Quintana', email: 'zq@example.com' });
    const found = await list('leads', { filter: { q: 'quintana' } });
    expect(ids(found.body)).toEqual([zoe.id]);
    expect(found.headers['content-range']).toBe('leads 0-0/1');
    // Renamed by an agent (on MySQL/MariaDB the edit re-indexes the lead in its transaction).
    await t.http().put(`/api/admin/leads/${zoe.id}`).set(bearer(admin.token)).send({ last_name: 'Valdés' }).expect(200);
    expect((await list('leads', { filter: { q: 'quintana' } })).body).toEqual([]);
    expect(ids((await list('leads', { filter: { q: 'valdes zq@' } })).body)).toEqual([zoe.id]);
    await repo.delete({ id: zoe.id });
    const gone = await list('leads', { filter: { q: 'valdes' } });
    expect(gone.body).toEqual([]);
    expect(gone.headers['content-range']).toBe('leads */0');
    await expectIndexAgrees();
  });

  it('renames through the table itself follow on SQLite (by trigger)', async () => {
    if (testDialect() !== 'sqlite') return; // MySQL/MariaDB: an edit re-indexes (the admin API, above)
    const repo = t.dataSource.getRepository(Lead);
    const lead = await seedLead(t, punta.id, { first_name: 'Olga', last_name: 'Quiroga', email: 'oq@example.com' });
    expect(ids((await list('leads', { filter: { q: 'quiroga' } })).body)).toEqual([lead.id]);
    await repo.update({ id: lead.id }, { last_name: 'Serrano' });
    expect((await list('leads', { filter: { q: 'quiroga' } })).body).toEqual([]);
    expect(ids((await list('leads', { filter: { q: 'serrano' } })).body)).toEqual([lead.id]);
    await repo.delete({ id: lead.id });
    await expectIndexAgrees();
  });

  it('indexes new leads in batches, renamed or deleted before their batch included', async () => {
    const index = t.app.get(LeadSearchIndex);
    const repo = t.dataSource.getRepository(Lead);
    await index.catchUp();
    const kept = await seedLead(t, punta.id, { first_name: 'Yara', last_name: 'Pendiente', email: 'yp@example.com' });
    const dropped = await seedLead(t, punta.id, { first_name: 'Xavi', last_name: 'Borrado', email: 'xb@example.com' });
    // Changed before any search or batch took them: the batch reads what they are now.
    await repo.update({ id: kept.id }, { last_name: 'Renombrada' });
    await repo.delete({ id: dropped.id });
    expect(await index.catchUp()).toBe(1);
    expect(await index.catchUp()).toBe(0);
    expect((await list('leads', { filter: { q: 'pendiente' } })).body).toEqual([]);
    expect((await list('leads', { filter: { q: 'borrado' } })).body).toEqual([]);
    expect(ids((await list('leads', { filter: { q: 'renombrada' } })).body)).toEqual([kept.id]);
    // A lead added after the last batch is found by the next search, which indexes it first.
    const later = await seedLead(t, vegas.id, { first_name: 'Wendy', last_name: 'Reciente', email: 'wr@example.com' });
    expect(ids((await list('leads', { filter: { q: 'reciente' } })).body)).toEqual([later.id]);
    await expectIndexAgrees();
    await repo.delete({ id: kept.id });
    await repo.delete({ id: later.id });
    expect((await list('leads', { filter: { q: 'renombrada' } })).body).toEqual([]);
  });

  it('indexes a backlog of leads in batches of their own on MySQL/MariaDB, taken once when two catch-ups meet', async () => {
    if (testDialect() === 'sqlite') return; // SQLite: on the worker thread (below)
    const index = t.app.get(LeadSearchIndex);
    const repo = t.dataSource.getRepository(Lead);
    await index.catchUp();
    const backlog = await insertBacklog();
    try {
      // Two catch-ups at once (the timer's and a search's, or two instances') take turns on the state
      // row: each batch of leads goes to one of them.
      const [first, second] = await Promise.all([index.catchUp(), index.catchUp()]);
      expect(first + second).toBe(backlog);
      const page = await list('leads', { filter: { q: 'atrasada' }, range: [0, 9] });
      expect(page.headers['content-range']).toBe(`leads 0-9/${backlog}`);
      expect(await index.catchUp()).toBe(0);
      await expectIndexAgrees();
      // Deleted leads take their rows with them.
      await repo.delete({ first_name: 'Cola' });
      await expectIndexAgrees();
    } finally {
      await repo.delete({ first_name: 'Cola' });
    }
  });

  it('searches every row on MySQL/MariaDB while a large backlog is indexed in the background', async () => {
    if (testDialect() === 'sqlite') return;
    const index = t.app.get(LeadSearchIndex);
    const repo = t.dataSource.getRepository(Lead);
    await index.catchUp();
    const backlog = LEAD_SEARCH_MAX_WAIT + 10;
    await insertLeads(backlog, (i) => ({
      first_name: 'Lote',
      last_name: `Grande ${i}`,
      email: `lote${i}@probe.example`,
    }));
    const suffixRows = async () =>
      Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM `lead_search_suffixes`'))[0].n);
    try {
      const before = await suffixRows();
      const page = await list('leads', { filter: { q: 'grande' }, range: [0, 9] });
      expect(page.headers['content-range']).toBe(`leads 0-9/${backlog}`);
      expect(await suffixRows()).toBe(before); // the search did not wait for the batches
      await index.catchUpInBackground();
      expect(await suffixRows()).toBeGreaterThan(before);
      const indexed = await list('leads', { filter: { q: 'grande' }, range: [0, 9] });
      expect(indexed.headers['content-range']).toBe(`leads 0-9/${backlog}`);
      await expectIndexAgrees();
    } finally {
      await repo.delete({ first_name: 'Lote' });
    }
  });

  it('indexes a backlog of leads in batches on the worker thread, taken once when two catch-ups meet', async () => {
    if (testDialect() !== 'sqlite') return; // MySQL/MariaDB: in transactions of its own (above)
    const index = t.app.get(LeadSearchIndex);
    const repo = t.dataSource.getRepository(Lead);
    await index.catchUp();
    const onWorker = jest.spyOn(startCheckpointer(t.dataSource)!, 'write');
    const backlog = await insertBacklog();
    try {
      // A search and the background job at once: every lead indexed once, in batches of LEAD_SEARCH_BATCH.
      // (A lead indexed twice would show in the count and fail FTS5's integrity check below.)
      await Promise.all([index.catchUp(), index.catchUpInBackground()]);
      expect(await index.catchUp()).toBe(0);
      expect(onWorker.mock.calls.length).toBeGreaterThanOrEqual(3);
      for (const [statements] of onWorker.mock.calls) expect(statements[0][0]).toMatch(/^INSERT INTO "leads_search"/);
      const [{ n }] = await t.dataSource.query(
        `SELECT COUNT(*) AS n FROM "leads_search" WHERE "leads_search" MATCH '"atrasada"'`,
      );
      expect(Number(n)).toBe(backlog);
      await t.dataSource.query(`INSERT INTO "leads_search"("leads_search", "rank") VALUES ('integrity-check', 1)`);
      const page = await list('leads', { filter: { q: 'atrasada' } });
      expect(page.headers['content-range']).toBe(`leads 0-${backlog - 1}/${backlog}`);
    } finally {
      onWorker.mockRestore();
      await repo.delete({ first_name: 'Cola' });
    }
  });

  it('counts and pages a search that matches more than a thousand leads', async () => {
    const repo = t.dataSource.getRepository(Lead);
    await insertLeads(1005, (i) => ({
      first_name: 'Bulk',
      last_name: `Probeson ${i}`,
      email: `bulk${i}@probe.example`,
    }));
    const made = (await repo.find({ where: { first_name: 'Bulk' }, order: { id: 'DESC' } })).map((l) => l.id);
    expect(made).toHaveLength(1005);
    try {
      const page = await list('leads', { filter: { q: 'probeson' }, sort: ['id', 'DESC'], range: [10, 19] });
      expect(page.headers['content-range']).toBe('leads 10-19/1005');
      expect(ids(page.body)).toEqual(made.slice(10, 20));
      const one = await list('leads', { filter: { q: 'bulk1004@probe' } });
      expect(one.headers['content-range']).toBe('leads 0-0/1');
      expect(ids(one.body)).toEqual([made[0]]);
    } finally {
      await repo.delete({ first_name: 'Bulk' });
    }
  });

  it('treats LIKE wildcards in q as plain characters', async () => {
    expect((await list('destinations', { filter: { q: '%' } })).body.map((d: { name: string }) => d.name)).toEqual([
      'Cabo 100%_off',
    ]);
    expect((await list('destinations', { filter: { q: '_' } })).body.map((d: { name: string }) => d.name)).toEqual([
      'Cabo 100%_off',
    ]);
    expect(
      (await list('leads', { filter: { q: '0%_' } })).body.map((l: { first_name: string }) => l.first_name),
    ).toEqual(['Pepe']);
    const injection = await list('leads', { filter: { q: "' OR 1=1 --" } });
    expect(injection.status).toBe(200);
    expect(injection.body).toEqual([]);
  });

  it.each([
    ['malformed sort JSON', { sort: '["id",' }, 'Invalid sort parameter: expected ["field","ASC"|"DESC"].'],
    ['a sort that is not a pair', { sort: ['id'] }, 'Invalid sort parameter: expected ["field","ASC"|"DESC"].'],
    [
      'an unknown sort direction',
      { sort: ['id', 'SIDEWAYS'] },
      'Invalid sort parameter: expected ["field","ASC"|"DESC"].',
    ],
    [
      'a sort field that is not whitelisted',
      { sort: ['password_hash', 'ASC'] },
      'Cannot sort leads by "password_hash".',
    ],
    [
      'SQL in the sort field',
      { sort: ['id; DROP TABLE leads', 'ASC'] },
      'Cannot sort leads by "id; DROP TABLE leads".',
    ],
    ['malformed range JSON', { range: '[0,' }, 'Invalid range parameter: expected [start, end].'],
    ['a reversed range', { range: [5, 2] }, 'Invalid range parameter: expected [start, end].'],
    ['a negative range', { range: [-1, 5] }, 'Invalid range parameter: expected [start, end].'],
    ['a fractional range', { range: [0.5, 5] }, 'Invalid range parameter: expected [start, end].'],
    ['malformed filter JSON', { filter: '{"q":' }, 'Invalid filter parameter: expected a JSON object.'],
    ['a filter that is an array', { filter: [1, 2] }, 'Invalid filter parameter: expected a JSON object.'],
    ['an unknown filter field', { filter: { password_hash: 'x' } }, 'Unknown filter "password_hash" for leads.'],
    ['an unknown status', { filter: { status: 'won' } }, 'Invalid value for filter "status".'],
    ['a non-boolean flag', { filter: { is_priority: 'maybe' } }, 'Invalid value for filter "is_priority".'],
    ['a non-numeric id', { filter: { id: 'abc' } }, 'Invalid value for filter "id".'],
    ['a bad date', { filter: { created_at_gte: 'yesterday' } }, 'Invalid value for filter "created_at_gte".'],
    ['an unknown query parameter', { page: '2' }, 'property page should not exist'],
  ])('answers 400 (never 500) to %s', async (_name, params, message) => {
    const res = await list('leads', params);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('caps one request at 1000 rows, and answers the first 1000 without any parameter', async () => {
    await insertLeads(1200, (i) => ({ first_name: 'Many', last_name: `N${i}`, email: `many${i}@example.com` }));
    const total = 1205;
    const huge = await list('leads', { range: [0, 99_999] });
    expect(huge.body).toHaveLength(1000);
    expect(huge.headers['content-range']).toBe(`leads 0-999/${total}`);
    const bare = await t.http().get('/api/admin/leads/').set(bearer(admin.token));
    expect(bare.body).toHaveLength(1000);
    expect(bare.headers['content-range']).toBe(`leads 0-999/${total}`);
    const last = await list('leads', { range: [1200, 1299] });
    expect(last.headers['content-range']).toBe(`leads 1200-1204/${total}`);
    const seen = new Set<number>();
    for (let start = 0; start < total; start += 250) {
      for (const id of ids((await list('leads', { range: [start, start + 249] })).body)) seen.add(id);
    }
    expect(seen.size).toBe(total);
  });
});
