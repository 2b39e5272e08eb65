import { DataSource, IsNull, Not } from 'typeorm';
import { AuditService } from '../src/audit/audit.service';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { isSqlite } from '../src/database/dialect';
import { Lead } from '../src/leads/entities/lead.entity';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { User } from '../src/users/entities/user.entity';
import { login } from './support/account-helpers';
import { bearer, seedDestination, seedLead } from './support/admin-fixtures';
import { eventually, uniqueEmail, validLead, verifyThroughMail } from './support/leads';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

const AGENCY = 'agencia@example.com';

/** Every table and its text columns, as the database's own catalogue lists them. */
async function textColumns(ds: DataSource): Promise<Array<{ table: string; column: string }>> {
  if (isSqlite(ds)) {
    const tables = (await ds.query(`SELECT name FROM sqlite_master WHERE type = 'table'`)) as Array<{ name: string }>;
    const out: Array<{ table: string; column: string }> = [];
    for (const { name } of tables) {
      const columns = (await ds.query(`PRAGMA table_info("${name}")`)) as Array<{ name: string }>;
      // Every column: SQLite stores text in any of them (the scan keeps the values that are text).
      for (const column of columns) out.push({ table: name, column: column.name });
    }
    return out;
  }
  const rows = (await ds.query(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS c FROM information_schema.COLUMNS
     WHERE TABLE_SCHEMA = DATABASE() AND DATA_TYPE IN ('char', 'varchar', 'tinytext', 'text', 'mediumtext', 'longtext', 'json', 'enum', 'set')`,
  )) as Array<{ t: string; c: string }>;
  return rows.map((r) => ({ table: r.t, column: r.c }));
}

/** `table.column` for every row whose text holds `needle` (case-insensitive). */
async function whereFound(ds: DataSource, needle: string): Promise<string[]> {
  const found: string[] = [];
  const q = (name: string) => (isSqlite(ds) ? `"${name}"` : `\`${name}\``);
  for (const { table, column } of await textColumns(ds)) {
    const textOnly = isSqlite(ds) ? `typeof(${q(column)}) = 'text' AND ` : '';
    const [row] = (await ds.query(
      `SELECT COUNT(*) AS n FROM ${q(table)} WHERE ${textOnly}INSTR(LOWER(${q(column)}), ?) > 0`,
      [needle.toLowerCase()],
    )) as Array<{ n: number | string }>;
    if (Number(row.n) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe('POST /api/admin/privacy/erase', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: CreatedUser;
  let destinationId: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url, LEADS_NOTIFY_EMAIL: AGENCY });
    admin = await createUser(t, { admin: true });
    destinationId = (await seedDestination(t, { name: 'Cancún' })).id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const erase = (body: unknown, token?: string) => {
    const req = t.http().post('/api/admin/privacy/erase');
    if (token) void req.set(bearer(token));
    return req.send(body as object);
  };

  it('refuses anonymous callers (401), non-admins (403) and a bad address (400)', async () => {
    const customer = await createUser(t);
    expect((await erase({ email: 'x@example.com' })).status).toBe(401);
    expect((await erase({ email: 'x@example.com' }, customer.token)).status).toBe(403);
    for (const body of [{}, { email: 'not-an-address' }, { email: 42 }, { email: 'a@b.c'.repeat(100) }]) {
      const res = await erase(body, admin.token);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const self = await erase({ email: admin.user.email }, admin.token);
    expect(self.status).toBe(409);
  });

  it('leaves no row with the address in any table, keeps everybody else’s, and logs the counts only', async () => {
    const person = uniqueEmail('erase-me');
    const bystander = uniqueEmail('keep-me');

    // The address everywhere the product puts it: an account with a session, leads through the
    // public form (code mail, verification, the agency's notice, consent), a contact message
    // (forwarded with Reply-To), queued mail, and audit entries that name it.
    const account = await createUser(t, { email: person });
    expect((await login(t, person, account.password)).status).toBe(200);
    await verifyThroughMail(t, smtp, person);
    const lead = await t
      .http()
      .post('/api/leads/')
      .send(validLead(destinationId, person, { first_name: 'Marta', last_name: 'Ruiz', marketing_opt_in: true }));
    expect(lead.status).toBe(201);
    await verifyThroughMail(t, smtp, bystander);
    const kept = await t
      .http()
      .post('/api/leads/')
      .send(validLead(destinationId, bystander, { first_name: 'Otro' }));
    expect(kept.status).toBe(201);
    const agencyLead = await seedLead(t, destinationId, { email: person, notes: `Escribir a ${person}` });
    const contact = await t.http().post('/api/contact/submit/').send({
      firstName: 'Marta',
      lastName: 'Ruiz',
      phone: '5559876543',
      email: person.toUpperCase(),
      message: 'Quiero información.',
    });
    expect(contact.status).toBe(201);
    await smtp.waitFor(AGENCY, (m) => m.text.includes(person));
    await t.dataSource.getRepository(OutboxMail).insert({
      kind: 'test-mail',
      label: 'A queued mail that names the address',
      to_address: AGENCY,
      subject: 'Seguimiento',
      body_text: `Llamar a ${person}`,
      body_html: `<p>Llamar a ${person}</p>`,
      next_attempt_at: new Date(Date.now() + 3600_000),
      discard_after: new Date(Date.now() + 7200_000),
    });
    await t.dataSource.transaction((m) =>
      t.app.get(AuditService).record(
        m,
        { actor_id: admin.user.id, ip: '127.0.0.1' },
        {
          action: 'update',
          resource: 'leads',
          record_id: agencyLead.id,
          changes: { email: [bystander, person.toUpperCase()] },
        },
      ),
    );
    // Somebody else's lead that once had the address: only the address goes from its entry.
    await t.dataSource.transaction((m) =>
      t.app
        .get(AuditService)
        .record(
          m,
          { actor_id: admin.user.id, ip: '127.0.0.1' },
          { action: 'update', resource: 'leads', record_id: kept.body.id, changes: { email: [person, bystander] } },
        ),
    );
    // Every queued mail went (the code mails, the notices, the forward): their rows stay a week.
    await eventually(
      async () =>
        (await t.dataSource
          .getRepository(OutboxMail)
          .count({ where: { sent_at: IsNull(), failed_at: IsNull(), kind: Not('test-mail') } })) === 0,
    );
    expect((await whereFound(t.dataSource, person)).length).toBeGreaterThan(4);

    const res = await erase({ email: `  ${person.toUpperCase()} ` }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accounts: 1, leads: 2, contact_messages: 1 });

    expect(await whereFound(t.dataSource, person)).toEqual([]);
    // The rows themselves stay, anonymised, for statistics; nobody else's changed.
    const anonymous = await t.dataSource.getRepository(Lead).findOneByOrFail({ id: lead.body.id });
    expect(anonymous).toMatchObject({
      first_name: 'Anónimo',
      email: `anonimo-${lead.body.id}@anonimizado.invalid`,
      destination_id: destinationId,
      status: 'new',
    });
    expect((await t.dataSource.getRepository(Lead).findOneByOrFail({ id: kept.body.id })).email).toBe(bystander);
    expect(await t.dataSource.getRepository(User).exists({ where: { id: account.user.id } })).toBe(false);
    // The erased account's token is refused at once.
    expect((await t.http().get(`/api/users/user/${account.user.id}/`).set(bearer(account.token))).status).toBe(401);

    // One audit entry, with the counts and never the address.
    const entries = await t.dataSource
      .getRepository(AuditEntry)
      .find({ where: { action: 'erase', resource: 'privacy' } });
    expect(entries).toHaveLength(1);
    expect(entries[0].actor_id).toBe(admin.user.id);
    expect(JSON.parse(entries[0].changes!)).toEqual({ accounts: 1, leads: 2, contact_messages: 1 });
    // An entry about the person's own lead keeps who and when, its personal values (old and new) erased.
    const scrubbed = await t.dataSource.getRepository(AuditEntry).findOneByOrFail({ record_id: String(agencyLead.id) });
    expect(JSON.parse(scrubbed.changes!)).toEqual({ email: ['[borrado]', '[borrado]'] });
    expect(scrubbed.actor_id).toBe(admin.user.id);
    const other = await t.dataSource.getRepository(AuditEntry).findOneByOrFail({ record_id: String(kept.body.id) });
    expect(JSON.parse(other.changes!)).toEqual({ email: ['[borrado]', bystander] });

    // The back-office searches find nothing of the address.
    const q = encodeURIComponent(JSON.stringify({ q: person }));
    const leadSearch = await t.http().get(`/api/admin/leads?filter=${q}`).set(bearer(admin.token));
    expect(leadSearch.status).toBe(200);
    expect(leadSearch.body).toEqual([]);
    const userSearch = await t.http().get(`/api/admin/users?filter=${q}`).set(bearer(admin.token));
    expect(userSearch.status).toBe(200);
    expect(userSearch.body).toEqual([]);
    const byName = encodeURIComponent(JSON.stringify({ q: 'Marta' }));
    expect((await t.http().get(`/api/admin/leads?filter=${byName}`).set(bearer(admin.token))).body).toEqual([]);

    // Erasing again finds nothing more.
    expect((await erase({ email: person }, admin.token)).body).toEqual({ accounts: 0, leads: 0, contact_messages: 0 });
  });
});
