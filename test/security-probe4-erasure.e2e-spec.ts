import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { DataSource, IsNull } from 'typeorm';
import { TaskRemindersService } from '../src/admin/desk/task-reminders.service';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { isSqlite } from '../src/database/dialect';
import { LeadEmailVerification } from '../src/leads/entities/lead-email-verification.entity';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { OutboxWorker } from '../src/mail/outbox-worker.service';
import { User } from '../src/users/entities/user.entity';
import { backupInstall } from '../src/cli/backup';
import { login } from './support/account-helpers';
import { bearer, pngBytes, seedDestination } from './support/admin-fixtures';
import { codeOf, eventually, seedVerified, validLead } from './support/leads';
import { ReceivedMail } from './support/smtp';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';
import { testDialect } from './support/test-db';

/**
 * Issue 50 D and G: an erasure (and an account deletion) leaves nothing of the person, in the
 * database (on SQLite: in the file's very bytes), the audit log or the outbox folder; and every
 * file the server writes is its owner's only.
 */

const AGENCY = 'agencia@example.com';
let seq = 0;

/** Letters only (names allow no digits): a number written with a–j. */
const letters = (n: number) =>
  String(n)
    .split('')
    .map((d) => String.fromCharCode(97 + Number(d)))
    .join('');

/** A person nobody else in the suite shares a name or a number with. */
function somebody(tag: string) {
  seq += 1;
  const n = `${Date.now() % 1_000_000}${seq}`.padStart(8, '0').slice(-8);
  return {
    email: `${tag}${seq}-${Date.now()}@example.com`,
    first: `Zenobia${letters(Number(n))}`,
    last: `Quintanar${letters(seq)}`,
    phone: `55${n}`,
    phone2: `56${n}`,
  };
}
type Somebody = ReturnType<typeof somebody>;
const needles = (p: Somebody) => [p.email, p.first, p.last, p.phone, p.phone2].map((s) => s.toLowerCase());

/** Every .eml of the outbox folder, parsed. */
async function outboxMails(dir: string): Promise<Array<ReceivedMail & { file: string; raw: string }>> {
  if (!existsSync(dir)) return [];
  const out: Array<ReceivedMail & { file: string; raw: string }> = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.eml'))) {
    const raw = readFileSync(join(dir, file));
    const parsed = await PostalMime.parse(raw);
    out.push({
      file,
      raw: raw.toString('utf8'),
      to: (parsed.to ?? []).map((a) => (a.address ?? '').toLowerCase()),
      from: parsed.from?.address ?? '',
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: parsed.html ?? '',
    });
  }
  return out;
}

/** The outbox files (raw and decoded) that name any of the needles. */
async function outboxFilesNaming(dir: string, words: string[]): Promise<string[]> {
  const mails = await outboxMails(dir);
  return mails
    .filter((m) => {
      const all = [m.raw, m.subject, m.text, m.html, m.to.join(' ')].join('\n').toLowerCase();
      return words.some((w) => all.includes(w));
    })
    .map((m) => m.file);
}

/** Every table and its text columns, as the database's own catalogue lists them. */
async function textColumns(ds: DataSource): Promise<Array<{ table: string; column: string }>> {
  if (isSqlite(ds)) {
    const tables = (await ds.query(`SELECT name FROM sqlite_master WHERE type = 'table'`)) as Array<{ name: string }>;
    const out: Array<{ table: string; column: string }> = [];
    for (const { name } of tables) {
      const columns = (await ds.query(`PRAGMA table_info("${name}")`)) as Array<{ name: string }>;
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

/** `table.column: needle` for every text value holding a needle (case-insensitive). */
async function whereFound(ds: DataSource, words: string[]): Promise<string[]> {
  const found: string[] = [];
  const q = (name: string) => (isSqlite(ds) ? `"${name}"` : `\`${name}\``);
  for (const { table, column } of await textColumns(ds)) {
    if (isSqlite(ds) && table.startsWith('leads_search')) continue; // the FTS index's shadow tables
    for (const word of words) {
      const textOnly = isSqlite(ds) ? `typeof(${q(column)}) = 'text' AND ` : '';
      const [row] = (await ds.query(
        `SELECT COUNT(*) AS n FROM ${q(table)} WHERE ${textOnly}INSTR(LOWER(${q(column)}), ?) > 0`,
        [word],
      )) as Array<{ n: number | string }>;
      if (Number(row.n) > 0) found.push(`${table}.${column}: ${word}`);
    }
  }
  return found;
}

/** The needles found in the SQLite file and its WAL, as bytes (lower-cased ASCII). */
function rawFileHits(path: string, words: string[]): string[] {
  const hits: string[] = [];
  for (const file of [path, `${path}-wal`]) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file).toString('latin1').toLowerCase();
    for (const word of words) {
      let count = 0;
      for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) count += 1;
      if (count) hits.push(`${file.endsWith('-wal') ? 'wal' : 'db'}: ${word} ×${count}`);
    }
  }
  return hits;
}

describe('Issue 50: erasure leaves nothing of the person; files are the owner’s only', () => {
  jest.setTimeout(180_000);
  let t: TestApp;
  let admin: CreatedUser;
  let destinationId: number;

  beforeAll(async () => {
    // No SMTP_URL: every mail is written as an .eml file under OUTBOX_DIR, as MAIL_TRANSPORT=outbox does.
    t = await bootTestApp({ LEADS_NOTIFY_EMAIL: AGENCY });
    admin = await createUser(t, { admin: true });
    destinationId = (await seedDestination(t, { name: 'Cancún' })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const api = () => t.http();
  const asAdmin = <R extends { set: (h: Record<string, string>) => R }>(req: R) => req.set(bearer(admin.token));

  async function mailTo(to: string, predicate: (m: ReceivedMail) => boolean = () => true): Promise<ReceivedMail> {
    const found = await eventually(async () =>
      (await outboxMails(t.config.outboxDir)).find((m) => m.to.includes(to) && predicate(m)),
    );
    return found!;
  }

  /** Every queued mail written out (each is a file once sent). */
  async function outboxDrained(): Promise<void> {
    await eventually(
      async () =>
        (await t.dataSource.getRepository(OutboxMail).count({ where: { sent_at: IsNull(), failed_at: IsNull() } })) ===
        0,
    );
    await t.app.get(OutboxWorker).idle();
  }

  /** A lead through the public form, its address verified with the e-mailed code. */
  async function leadThroughForm(p: Somebody): Promise<number> {
    const sent = await api().post('/api/destination-lead/send-email-verification/').send({ email: p.email });
    expect(sent.status).toBe(200);
    const mail = await mailTo(p.email, (m) => /código/i.test(m.subject));
    const ok = await api()
      .post('/api/destination-lead/verify-code/')
      .send({ email: p.email, confirmation_code: codeOf(mail) });
    expect(ok.status).toBe(200);
    const lead = await api()
      .post('/api/leads/')
      .send(
        validLead(destinationId, p.email, {
          first_name: p.first,
          last_name: p.last,
          phone: p.phone,
          marketing_opt_in: true,
        }),
      );
    expect(lead.status).toBe(201);
    return lead.body.id as number;
  }

  /** Everything the desk does about a lead: an edit, a note, a task (reminded), a template e-mail. */
  async function deskWork(p: Somebody, leadId: number): Promise<void> {
    const edit = await asAdmin(api().put(`/api/admin/leads/${leadId}`)).send({
      phone: p.phone2,
      notes: `Viaja con su perro; llamar a ${p.first} al ${p.phone}`,
    });
    expect(edit.status).toBe(200);
    const note = await asAdmin(api().post('/api/admin/lead-notes')).send({
      lead_id: leadId,
      text: `${p.first} ${p.last} (${p.email}) prefiere la tarde`,
    });
    expect(note.status).toBe(201);
    const task = await asAdmin(api().post('/api/admin/tasks')).send({
      lead_id: leadId,
      title: `Llamar a ${p.first} ${p.last} al ${p.phone2}`,
      due_at: new Date(Date.now() - 60_000).toISOString(),
      assignee_id: admin.user.id,
    });
    expect(task.status).toBe(201);
    expect(await t.app.get(TaskRemindersService).remindDue()).toBeGreaterThanOrEqual(1);
    const template = await asAdmin(api().post('/api/admin/email-templates')).send({
      name: `Saludo ${seq}-${Date.now()}`,
      subject: 'Hola {{nombre}} {{apellido}}, tu viaje a {{destino}}',
      body: 'Hola {{nombre}}:\n\nTe escribimos por tu viaje.',
    });
    expect(template.status).toBe(201);
    const sent = await asAdmin(api().post(`/api/admin/leads/${leadId}/send-email`)).send({
      template_id: template.body.id,
    });
    expect(sent.status).toBe(201);
    expect(sent.body.subject).toContain(p.first);
  }

  async function erase(email: string) {
    const res = await asAdmin(api().post('/api/admin/privacy/erase')).send({ email });
    expect(res.status).toBe(200);
    return res.body as { accounts: number; leads: number; contact_messages: number };
  }

  it('after an erasure the address, names and phones are nowhere: tables, audit log, desk, outbox folder, and (SQLite) the file’s bytes', async () => {
    const p = somebody('erase');
    const bystander = somebody('keep');

    // An account (with a session, and staff edits in the audit log).
    const account = await createUser(t, { email: p.email });
    await t.dataSource
      .getRepository(User)
      .update({ id: account.user.id }, { first_name: p.first, last_name: p.last, phone: p.phone });
    expect((await login(t, p.email, account.password)).status).toBe(200);
    const userEdit = await asAdmin(api().put(`/api/admin/users/${account.user.id}`)).send({ phone: p.phone2 });
    expect(userEdit.status).toBe(200);

    // A lead through the public form (code mail, verification row, the agency's notice), the desk's work on it.
    const leadId = await leadThroughForm(p);
    await deskWork(p, leadId);
    // A contact message (forwarded to the agency with Reply-To).
    const contact = await api()
      .post('/api/contact/submit/')
      .send({
        firstName: p.first,
        lastName: p.last,
        phone: p.phone,
        email: p.email,
        message: `Soy ${p.first} ${p.last}, mi teléfono es ${p.phone}.`,
      });
    expect(contact.status).toBe(201);
    // Somebody else, who must keep everything.
    const keptLead = await leadThroughForm(bystander);
    await outboxDrained();
    await mailTo(AGENCY, (m) => m.text.includes(p.email));

    const words = needles(p);
    expect((await whereFound(t.dataSource, words)).length).toBeGreaterThan(5);
    expect((await outboxFilesNaming(t.config.outboxDir, words)).length).toBeGreaterThanOrEqual(4);
    const auditBefore = await asAdmin(api().get('/api/admin/audit-log?range=[0,999]'));
    expect(JSON.stringify(auditBefore.body).toLowerCase()).toContain(p.phone2);
    const entriesBefore = await t.dataSource.getRepository(AuditEntry).count();
    const dbFile = isSqlite(t.dataSource) ? String(t.dataSource.options.database) : null;
    if (dbFile) expect(rawFileHits(dbFile, words).length).toBeGreaterThan(3);

    expect(await erase(p.email)).toEqual({ accounts: 1, leads: 1, contact_messages: 1 });

    // The database: no value anywhere holds the address, a name or a phone.
    expect(await whereFound(t.dataSource, words)).toEqual([]);
    // On SQLite, not even the bytes of the file and its WAL (secure_delete, a checkpoint after the erase).
    if (dbFile) {
      expect(rawFileHits(dbFile, words)).toEqual([]);
      expect(rawFileHits(dbFile, [bystander.email]).length).toBeGreaterThan(0);
    }
    // The outbox folder: every file to or about the person is gone, the bystander's stay.
    expect(await outboxFilesNaming(t.config.outboxDir, words)).toEqual([]);
    expect((await outboxFilesNaming(t.config.outboxDir, [bystander.email])).length).toBeGreaterThan(0);

    // The audit log keeps who did what and when, with the personal values scrubbed.
    const audit = await asAdmin(api().get('/api/admin/audit-log?range=[0,999]'));
    expect(audit.status).toBe(200);
    const text = JSON.stringify(audit.body).toLowerCase();
    for (const word of words) expect(text).not.toContain(word);
    expect(await t.dataSource.getRepository(AuditEntry).count()).toBe(entriesBefore + 1);
    const leadEntries = (
      audit.body as Array<{ resource: string; record_id: string; action: string; actor_id: number }>
    ).filter((e) => e.resource === 'leads' && e.record_id === String(leadId));
    expect(leadEntries).toEqual([expect.objectContaining({ action: 'update', actor_id: admin.user.id })]);
    expect(JSON.stringify(leadEntries[0])).toContain('[borrado]');

    // The desk: the lead's history and its task keep what happened, without the person.
    const timeline = await asAdmin(api().get(`/api/admin/leads/${leadId}/timeline`));
    expect(timeline.status).toBe(200);
    const kinds = (timeline.body as Array<{ kind: string }>).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['email', 'task']));
    for (const word of words) expect(JSON.stringify(timeline.body).toLowerCase()).not.toContain(word);
    expect(await t.dataSource.getRepository(LeadEmailVerification).countBy({ email: p.email })).toBe(0);

    // The bystander's lead and code row are untouched.
    const kept = await asAdmin(api().get(`/api/admin/leads/${keptLead}`));
    expect(kept.body).toMatchObject({ email: bystander.email, first_name: bystander.first });
    expect(await t.dataSource.getRepository(LeadEmailVerification).countBy({ email: bystander.email })).toBe(1);
  });

  it('a namesake who shares the phone keeps their lead and mails: only the address tells the person in others’ records', async () => {
    const p = somebody('erase-one');
    const namesake = { ...somebody('namesake'), first: p.first, last: p.last, phone: p.phone };
    await leadThroughForm(p);
    const theirs = await leadThroughForm(namesake);
    await outboxDrained();
    const filesBefore = (await outboxFilesNaming(t.config.outboxDir, [namesake.email.toLowerCase()])).length;
    expect(filesBefore).toBeGreaterThan(0);

    expect(await erase(p.email)).toEqual({ accounts: 0, leads: 1, contact_messages: 0 });

    expect((await outboxFilesNaming(t.config.outboxDir, [namesake.email.toLowerCase()])).length).toBe(filesBefore);
    const kept = await asAdmin(api().get(`/api/admin/leads/${theirs}`));
    expect(kept.body).toMatchObject({ email: namesake.email, first_name: p.first, last_name: p.last, phone: p.phone });
  });

  it('an account deletion scrubs the account’s audit entries and its verification rows the same way', async () => {
    const p = somebody('gone');
    const account = await createUser(t, { email: p.email });
    await t.dataSource
      .getRepository(User)
      .update({ id: account.user.id }, { first_name: p.first, last_name: p.last, phone: p.phone });
    const userEdit = await asAdmin(api().put(`/api/admin/users/${account.user.id}`)).send({ phone: p.phone2 });
    expect(userEdit.status).toBe(200);
    const leadId = await leadThroughForm(p);
    await deskWork(p, leadId);
    await outboxDrained();
    const words = needles(p);
    expect((await whereFound(t.dataSource, words)).length).toBeGreaterThan(3);

    const res = await api()
      .delete(`/api/users/user/${account.user.id}/`)
      .set(bearer(account.token))
      .send({ password: account.password });
    expect(res.status).toBe(204);

    expect(await whereFound(t.dataSource, words)).toEqual([]);
    expect(await t.dataSource.getRepository(LeadEmailVerification).countBy({ email: p.email })).toBe(0);
    const audit = await asAdmin(api().get('/api/admin/audit-log?range=[0,999]'));
    const text = JSON.stringify(audit.body).toLowerCase();
    for (const word of words) expect(text).not.toContain(word);
    expect(
      (audit.body as Array<{ resource: string; record_id: string }>).some(
        (e) => e.resource === 'users' && e.record_id === String(account.user.id),
      ),
    ).toBe(true);
    expect(await outboxFilesNaming(t.config.outboxDir, words)).toEqual([]);
  });

  it('the database, its WAL and shared memory, uploads, outbox mails and backups are 0600 in 0700 folders', async () => {
    const mode = (path: string) => statSync(path).mode & 0o777;
    // A fresh installation: nothing of its folders exists before the server starts.
    const root = mkdtempSync(join(tmpdir(), 'travel-modes-'));
    const dbPath = join(root, 'db', 'travel.sqlite');
    const fresh = await bootTestApp({
      ...(testDialect() === 'sqlite' ? { DATABASE_URL: `sqlite:${dbPath}` } : {}),
      DATA_DIR: join(root, 'data'),
      UPLOAD_DIR: join(root, 'uploads'),
      OUTBOX_DIR: join(root, 'outbox'),
      LEADS_NOTIFY_EMAIL: AGENCY,
      JWT_SECRET: '',
    });
    try {
      const staff = await createUser(fresh, { admin: true });
      const destination = await seedDestination(fresh, { name: 'Tulum' });
      // A lead (the database and its WAL written, the agency's notice mailed), an uploaded image.
      const email = `modes${Date.now()}@example.com`;
      await seedVerified(fresh, [email]);
      const lead = await fresh.http().post('/api/leads/').send(validLead(destination.id, email));
      expect(lead.status).toBe(201);
      const code = await fresh
        .http()
        .post('/api/destination-lead/send-email-verification/')
        .send({ email: `other-${email}` });
      expect(code.status).toBe(200);
      const upload = await fresh
        .http()
        .post('/api/admin/destinations/')
        .set(bearer(staff.token))
        .field('name', 'Bacalar')
        .field('location', 'México')
        .field('description', 'Laguna.')
        .attach('main_image', await pngBytes(), 'main.png');
      expect(upload.status).toBe(201);
      await eventually(
        async () => existsSync(fresh.config.outboxDir) && readdirSync(fresh.config.outboxDir).length > 0,
      );
      await fresh.app.get(OutboxWorker).idle();

      const files: string[] = [];
      const folders: string[] = [];
      const walk = (dir: string) => {
        folders.push(dir);
        for (const name of readdirSync(dir)) {
          const full = join(dir, name);
          if (statSync(full).isDirectory()) walk(full);
          else files.push(full);
        }
      };
      for (const dir of ['data', 'uploads', 'outbox']) walk(join(root, dir));
      if (testDialect() === 'sqlite') {
        walk(join(root, 'db'));
        for (const f of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) expect(files).toContain(f);
        // npm run backup's copy.
        backupInstall(
          { database: dbPath, uploadDir: fresh.config.uploadDir, dataDir: fresh.config.dataDir },
          join(root, 'backups', 'one'),
        );
        walk(join(root, 'backups'));
        expect(files).toContain(join(root, 'backups', 'one', 'database.sqlite'));
      }
      expect(files.filter((f) => f.endsWith('.webp')).length).toBeGreaterThan(0);
      expect(files.filter((f) => f.endsWith('.eml')).length).toBeGreaterThan(0);
      expect(files.map((f) => [f, mode(f).toString(8)]).filter(([, m]) => m !== '600')).toEqual([]);
      expect(folders.map((f) => [f, mode(f).toString(8)]).filter(([, m]) => m !== '700')).toEqual([]);
    } finally {
      await fresh.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
