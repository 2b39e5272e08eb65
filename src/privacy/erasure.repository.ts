import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { LeadNote } from '../admin/desk/lead-note.entity';
import { LeadTask } from '../admin/desk/lead-task.entity';
import { TASK_REMINDER_KIND } from '../admin/desk/task-reminders.service';
import { AuditEntry } from '../audit/entities/audit-entry.entity';
import { CONTACT_FORWARD_KIND } from '../contact/contact.service';
import { checkpointTruncate } from '../database/sqlite-checkpointer';
import { ContactMessage } from '../contact/entities/contact-message.entity';
import { LeadEmailVerification } from '../leads/entities/lead-email-verification.entity';
import { LeadEvent } from '../leads/entities/lead-event.entity';
import { Lead } from '../leads/entities/lead.entity';
import { LEAD_NOTICE_KIND } from '../leads/lead-notifier.service';
import { OutboxMail } from '../mail/outbox-mail.entity';
import { User } from '../users/entities/user.entity';
import { EARLIER_LEADS_KIND, VERIFY_EMAIL_KIND } from '../users/mail/account-mailer.service';
import { SIGN_IN_LINK } from '../users/sign-in-link';

/** What an erasure writes where the person's data was (the audit log, the desk's history, task titles). */
export const ERASED = '[borrado]';
/** Ids per statement (parameter limits of both drivers). */
const CHUNK = 500;
/** lead_events.from_value/to_value and tasks.title hold at most this many characters. */
const EVENT_VALUE_MAX = 100;
const TASK_TITLE_MAX = 200;

/**
 * Audit fields (`{ field: [old, new] }`) whose values are a person's data: names, address, phone
 * and the free texts (a lead's notes, a message, a note's text, a task's title, a mail's subject
 * and body). In an entry about the person's own records their values, old and new, are erased.
 */
const PERSONAL_AUDIT_FIELDS = new Set([
  'first_name',
  'last_name',
  'name',
  'email',
  'phone',
  'notes',
  'message',
  'text',
  'title',
  'subject',
  'body',
  'reply_to',
  'to_address',
]);

/** The outbox kinds whose ref_id names a row of the person (by the table it names). */
const MAIL_ABOUT = {
  lead: [LEAD_NOTICE_KIND, 'lead-reply', 'lead-follow-up', 'lead-sla-notice'],
  task: [TASK_REMINDER_KIND],
  contactMessage: [CONTACT_FORWARD_KIND],
  user: [VERIFY_EMAIL_KIND, EARLIER_LEADS_KIND, SIGN_IN_LINK.kind],
} as const;

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** The rows of one person that an erasure reaches (found before they are anonymised). */
export interface PersonRecords {
  email: string;
  userId: number | null;
  leadIds: number[];
  contactMessageIds: number[];
  taskIds: number[];
  noteIds: number[];
}

/**
 * The person's words, as their rows hold them: `distinctive` ones (addresses, phones, full names)
 * are looked for anywhere (the audit log, the outbox); `all` of them, first and last names alone
 * too, in what is about the person's own records (their leads' history and tasks, audit entries).
 */
export interface PersonWords {
  distinctive: string[];
  all: string[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces each word (whole words, case-insensitive, longest first) with ERASED. */
export function eraseWords(text: string, words: readonly string[]): string {
  if (!words.length || !text) return text;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${[...words]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
  return text.replace(pattern, ERASED);
}

/**
 * A changes value with every string's words erased; with `byField`, the values of a personal
 * field (at any depth) erased whole.
 */
function scrubValue(value: unknown, words: readonly string[], byField: boolean, personal = false): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, words, byField, personal));
  if (personal) return ERASED;
  if (typeof value === 'string') return eraseWords(value, words);
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        scrubValue(v, words, byField, byField && PERSONAL_AUDIT_FIELDS.has(k)),
      ]),
    );
  return value;
}

/**
 * An audit entry's `changes` text scrubbed: an entry about the person's own record (`own`) loses
 * its personal fields' values and the person's words; another only the words.
 */
export function scrubChanges(changes: string, words: readonly string[], own: boolean): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(changes);
  } catch {
    return eraseWords(changes, words);
  }
  const scrubbed = JSON.stringify(scrubValue(parsed, words, own));
  // Unchanged values keep their text as it was written.
  return scrubbed === JSON.stringify(parsed) ? changes : scrubbed;
}

/**
 * Everything an erasure (or an account deletion) does beyond anonymising the person's leads and
 * contact messages, in the caller's transaction: the audit log's change details scrubbed, the
 * rendered subjects of the leads' history and the titles of their tasks rewritten, the outbox rows
 * to or about the person deleted, and the address's code and verification rows deleted.
 */
@Injectable()
export class ErasureRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * On SQLite, after the erasure committed: the WAL copied into the file and emptied (with
   * secure_delete on, no erased value is left in either). Null elsewhere; false if a reader held it.
   */
  emptyWal(): Promise<boolean | null> {
    return checkpointTruncate(this.dataSource);
  }

  /** The person's tasks and desk notes (of their leads), found before anything changes. */
  async recordsOf(
    m: EntityManager,
    person: { email: string; userId: number | null },
    leadIds: number[],
    contactMessageIds: number[],
  ): Promise<PersonRecords> {
    const taskIds: number[] = [];
    const noteIds: number[] = [];
    for (const part of chunks(leadIds)) {
      const tasks = await m.getRepository(LeadTask).find({ where: { lead_id: In(part) }, select: { id: true } });
      const notes = await m.getRepository(LeadNote).find({ where: { lead_id: In(part) }, select: { id: true } });
      taskIds.push(...tasks.map((r) => r.id));
      noteIds.push(...notes.map((r) => r.id));
    }
    return { email: person.email, userId: person.userId, leadIds, contactMessageIds, taskIds, noteIds };
  }

  /** The names, addresses and phones the person's rows hold now (anonymised rows give none). */
  async wordsOf(m: EntityManager, records: PersonRecords): Promise<PersonWords> {
    type Named = { first_name: string | null; last_name: string | null; email: string | null; phone: string | null };
    const rows: Named[] = [];
    const fields = { first_name: true, last_name: true, email: true, phone: true } as const;
    for (const part of chunks(records.leadIds))
      rows.push(...(await m.getRepository(Lead).find({ where: { id: In(part) }, select: fields })));
    for (const part of chunks(records.contactMessageIds))
      rows.push(...(await m.getRepository(ContactMessage).find({ where: { id: In(part) }, select: fields })));
    if (records.userId !== null) {
      const user = await m.getRepository(User).findOne({ where: { id: records.userId }, select: fields });
      if (user) rows.push(user);
    }
    // Only an address identifies the person in records that are not theirs: a name or a phone is
    // shared by other people (a namesake, a family's phone), whose mails and entries must stay.
    // Names and phones are erased in the person's own records (`all`).
    const distinctive = new Set<string>([records.email]);
    const all = new Set<string>();
    const clean = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();
    for (const row of rows) {
      if (/@anonimizado\.invalid$/.test(clean(row.email))) continue;
      const [first, last, email, phone] = [row.first_name, row.last_name, row.email, row.phone].map(clean);
      if (email) distinctive.add(email);
      if (phone.replace(/\D/g, '').length >= 6) all.add(phone);
      if (first && last) all.add(`${first} ${last}`);
      for (const name of [first, last]) if (name.length >= 2) all.add(name);
    }
    for (const word of distinctive) all.add(word);
    return { distinctive: [...distinctive], all: [...all] };
  }

  /**
   * The audit log: the entries about the person's leads, tasks, notes and account keep who did
   * what and when, with every personal field's values erased and the person's words erased in the
   * rest; any other entry naming the person (an export's filter) has the distinctive words erased.
   */
  async scrubAuditLog(m: EntityManager, records: PersonRecords, words: PersonWords): Promise<void> {
    const own: Array<[string, number[]]> = [
      ['leads', records.leadIds],
      ['tasks', records.taskIds],
      ['lead-notes', records.noteIds],
      ['users', records.userId === null ? [] : [records.userId]],
      ['agents', records.userId === null ? [] : [records.userId]],
    ];
    const scrubbed = new Set<number>();
    const repo = m.getRepository(AuditEntry);
    for (const [resource, ids] of own) {
      for (const part of chunks(ids)) {
        const entries = await repo.find({
          where: { resource, record_id: In(part.map(String)) },
          select: { id: true, changes: true },
        });
        for (const entry of entries) {
          scrubbed.add(entry.id);
          if (!entry.changes) continue;
          const changes = scrubChanges(entry.changes, words.all, true);
          if (changes !== entry.changes) await repo.update({ id: entry.id }, { changes });
        }
      }
    }
    for (const word of words.distinctive) {
      const rows = (await m.query('SELECT `id`, `changes` FROM `audit_log` WHERE INSTR(LOWER(`changes`), ?) > 0', [
        word,
      ])) as Array<{ id: number | string; changes: string }>;
      for (const row of rows) {
        const id = Number(row.id);
        if (scrubbed.has(id)) continue;
        const changes = scrubChanges(row.changes, words.distinctive, false);
        if (changes !== row.changes) await repo.update({ id }, { changes });
      }
    }
  }

  /** The leads' history (a reply's subject greets the person) and their tasks' titles, without the person's words. */
  async rewriteDesk(m: EntityManager, records: PersonRecords, words: PersonWords): Promise<void> {
    for (const part of chunks(records.leadIds)) {
      const events = await m.getRepository(LeadEvent).find({
        where: { lead_id: In(part) },
        select: { id: true, from_value: true, to_value: true },
      });
      for (const e of events) {
        const rewrite = (v: string | null) => (v === null ? null : eraseWords(v, words.all).slice(0, EVENT_VALUE_MAX));
        const [from_value, to_value] = [rewrite(e.from_value), rewrite(e.to_value)];
        if (from_value !== e.from_value || to_value !== e.to_value)
          await m.getRepository(LeadEvent).update({ id: e.id }, { from_value, to_value });
      }
    }
    for (const part of chunks(records.taskIds)) {
      const tasks = await m
        .getRepository(LeadTask)
        .find({ where: { id: In(part) }, select: { id: true, title: true } });
      for (const task of tasks) {
        const title = eraseWords(task.title, words.all).slice(0, TASK_TITLE_MAX);
        if (title !== task.title) await m.getRepository(LeadTask).update({ id: task.id }, { title });
      }
    }
  }

  /**
   * Deletes every outbox row to the person, about one of their rows (a lead's notice or reply, a
   * task's reminder, a forwarded message, an account's link) or naming their distinctive words,
   * sent or not; answers the ids deleted (their .eml files are named by them: see outbox-files.ts).
   */
  async deleteOutboxRows(m: EntityManager, records: PersonRecords, words: PersonWords): Promise<number[]> {
    const ids = new Set<number>();
    const add = (rows: Array<{ id: number | string }>) => rows.forEach((r) => ids.add(Number(r.id)));
    const repo = m.getRepository(OutboxMail);
    const about: Array<[readonly string[], number[]]> = [
      [MAIL_ABOUT.lead, records.leadIds],
      [MAIL_ABOUT.task, records.taskIds],
      [MAIL_ABOUT.contactMessage, records.contactMessageIds],
      [MAIL_ABOUT.user, records.userId === null ? [] : [records.userId]],
    ];
    for (const [kinds, refIds] of about)
      for (const part of chunks(refIds))
        add(await repo.find({ where: { kind: In([...kinds]), ref_id: In(part) }, select: { id: true } }));
    const cols = ['to_address', 'reply_to', 'subject', 'label', 'body_text', 'body_html'];
    for (const word of words.distinctive) {
      const found = cols.map((c) => `INSTR(LOWER(\`${c}\`), ?) > 0`).join(' OR ');
      add(
        (await m.query(
          `SELECT \`id\` FROM \`outbox\` WHERE ${found}`,
          cols.map(() => word),
        )) as Array<{ id: number | string }>,
      );
    }
    const list = [...ids];
    for (const part of chunks(list)) await repo.delete({ id: In(part) });
    return list;
  }

  /** The address's lead code and verification row (lead_email_verifications is keyed by it). */
  async deleteVerifications(m: EntityManager, email: string): Promise<void> {
    await m.getRepository(LeadEmailVerification).delete({ email });
  }
}
