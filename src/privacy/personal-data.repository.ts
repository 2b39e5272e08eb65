import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull, LessThan, MoreThanOrEqual, Not } from 'typeorm';
import { LeadNote } from '../admin/desk/lead-note.entity';
import { reindexLeadText } from '../admin/leads/lead-search-index.repository';
import { ContactMessage } from '../contact/entities/contact-message.entity';
import { isSqlite } from '../database/dialect';
import { LeadEmailVerification } from '../leads/entities/lead-email-verification.entity';
import { LeadEvent } from '../leads/entities/lead-event.entity';
import { Lead } from '../leads/entities/lead.entity';
import { RefreshToken } from '../users/entities/refresh-token.entity';
import { UserToken } from '../users/entities/user-token.entity';
import { User } from '../users/entities/user.entity';

/** What replaces a person's names, e-mail, phone and notes (the rest of the row stays for statistics). */
export const ANONYMOUS_FIRST_NAME = 'Anónimo';
export const ANONYMOUS_MESSAGE = '[mensaje anonimizado]';
/** Never deliverable (RFC 2606's .invalid), unique per row: `anonimo-{id}@anonimizado.invalid`. */
const ANONYMOUS_DOMAIN = '@anonimizado.invalid';
/** Ids per statement (parameter limits of both drivers). */
const CHUNK = 500;

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** The anonymous address of a row, made by the database from the row's id. */
const anonymousEmailSql = (m: EntityManager) =>
  isSqlite(m) ? `'anonimo-' || \`id\` || '${ANONYMOUS_DOMAIN}'` : `CONCAT('anonimo-', \`id\`, '${ANONYMOUS_DOMAIN}')`;

/** A person as the privacy flows find them: the account's id and address, and which of its leads are its own. */
export interface Person {
  userId: number | null;
  email: string;
  /**
   * From when the rows sent with the address are the person's (see ownLeadsSince in leads/own-leads.service.ts): null
   * for all of them (earlier leads claimed, or an erasure by address), undefined for none (the
   * address never verified).
   */
  since: Date | null | undefined;
}

/**
 * Every table that holds a person's data, read and rewritten for the privacy flows (export,
 * account deletion, erasure, retention). Each method takes the caller's EntityManager.
 */
@Injectable()
export class PersonalDataRepository {
  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /**
   * The person of an account: its leads (by account), and the rows sent with its address, those
   * sent before the address was verified only once the earlier leads were claimed (the rule of
   * own-leads: verifying proves the mailbox, not that its owner is the one who signed up).
   */
  static personOf(user: Pick<User, 'id' | 'email' | 'email_verified_at' | 'earlier_leads_claimed_at'>): Person {
    let since: Date | null | undefined;
    if (user.earlier_leads_claimed_at) since = null;
    else if (user.email_verified_at) {
      // Whole seconds, less one: datetime columns keep whole seconds (see ownLeadsSince).
      since = new Date(Math.floor(new Date(user.email_verified_at).getTime() / 1000) * 1000 - 1000);
    }
    return { userId: user.id, email: user.email.toLowerCase(), since };
  }

  /** The ids of the person's leads: by account, and by address (see Person.since). */
  async leadIdsOf(m: EntityManager, person: Person): Promise<number[]> {
    const where = [
      ...(person.userId !== null ? [{ user_id: person.userId }] : []),
      ...(person.since !== undefined
        ? [{ email: person.email, ...(person.since ? { created_at: MoreThanOrEqual(person.since) } : {}) }]
        : []),
    ];
    if (!where.length) return [];
    const rows = await m.getRepository(Lead).find({ where, select: { id: true }, order: { id: 'ASC' } });
    return rows.map((r) => r.id);
  }

  async contactMessageIdsOf(m: EntityManager, person: Person): Promise<number[]> {
    if (person.since === undefined) return [];
    const rows = await m.getRepository(ContactMessage).find({
      where: { email: person.email, ...(person.since ? { created_at: MoreThanOrEqual(person.since) } : {}) },
      select: { id: true },
      order: { id: 'ASC' },
    });
    return rows.map((r) => r.id);
  }

  /** The leads with their destination, pack, history and (unless `notes` is false) desk notes (the export). */
  async leadsWithHistory(
    ids: readonly number[],
    options: { notes?: boolean } = {},
  ): Promise<Array<{ lead: Lead; events: LeadEvent[]; notes: LeadNote[] }>> {
    const out: Array<{ lead: Lead; events: LeadEvent[]; notes: LeadNote[] }> = [];
    for (const part of chunks(ids)) {
      const leads = await this.manager.getRepository(Lead).find({
        where: { id: In(part) },
        relations: { destination: true, travel_pack: true },
        order: { id: 'ASC' },
      });
      const events = await this.manager
        .getRepository(LeadEvent)
        .find({ where: { lead_id: In(part) }, order: { id: 'ASC' } });
      const notes =
        options.notes === false
          ? []
          : await this.manager.getRepository(LeadNote).find({ where: { lead_id: In(part) }, order: { id: 'ASC' } });
      for (const lead of leads)
        out.push({
          lead,
          events: events.filter((e) => e.lead_id === lead.id),
          notes: notes.filter((n) => n.lead_id === lead.id),
        });
    }
    return out;
  }

  async contactMessages(ids: readonly number[]): Promise<ContactMessage[]> {
    const out: ContactMessage[] = [];
    for (const part of chunks(ids))
      out.push(
        ...(await this.manager.getRepository(ContactMessage).find({ where: { id: In(part) }, order: { id: 'ASC' } })),
      );
    return out;
  }

  /**
   * Replaces names, e-mail, phone and notes of the leads (and deletes their desk notes), keeps destination, dates and status, and
   * parts them from any account; on MySQL/MariaDB each lead's search index is rebuilt (SQLite's
   * follows by trigger). Answers how many were anonymised now (already anonymised ones count too).
   */
  async anonymiseLeads(m: EntityManager, ids: readonly number[], now = new Date()): Promise<number> {
    for (const part of chunks(ids)) {
      await m
        .createQueryBuilder()
        .update(Lead)
        .set({
          first_name: ANONYMOUS_FIRST_NAME,
          last_name: '',
          email: () => anonymousEmailSql(m),
          phone: '',
          notes: null,
          user_id: null,
          marketing_opt_in_at: null,
          anonymised_at: now,
        })
        .where({ id: In(part) })
        .execute();
      // The desk's notes are free text about the person: they go with the names.
      await m.delete(LeadNote, { lead_id: In(part) });
      for (const id of part) await reindexLeadText(m, id);
    }
    return ids.length;
  }

  async anonymiseContactMessages(m: EntityManager, ids: readonly number[], now = new Date()): Promise<number> {
    for (const part of chunks(ids)) {
      await m
        .createQueryBuilder()
        .update(ContactMessage)
        .set({
          first_name: ANONYMOUS_FIRST_NAME,
          last_name: '',
          email: () => anonymousEmailSql(m),
          phone: null,
          message: ANONYMOUS_MESSAGE,
          anonymised_at: now,
        })
        .where({ id: In(part) })
        .execute();
    }
    return ids.length;
  }

  /**
   * Removes an account in the caller's transaction: its sessions and one-time links, its marks on
   * leads (assigned agent) and lead history (actor), then the row. Its access tokens are the
   * caller's to deny (TokenRevocationService), once the transaction has committed.
   */
  async deleteAccount(m: EntityManager, userId: number): Promise<void> {
    await m.getRepository(RefreshToken).delete({ user_id: userId });
    await m.getRepository(UserToken).delete({ user_id: userId });
    await m.getRepository(Lead).update({ user_id: userId }, { user_id: null });
    await m.getRepository(Lead).update({ agent_id: userId }, { agent_id: null });
    await m.getRepository(LeadEvent).update({ actor_id: userId }, { actor_id: null });
    await m.getRepository(User).delete({ id: userId });
  }

  /**
   * The addresses that could receive mail from us and hold a consent, as stored (the stop link's
   * candidates): those of opted-in leads, then of opted-in accounts, then of lead code requests.
   */
  async marketingAddresses(m: EntityManager): Promise<string[]> {
    const optedIn = { marketing_opt_in_at: Not(IsNull()) };
    return [
      ...(await m.getRepository(Lead).find({ where: optedIn, select: { email: true } })).map((r) => r.email),
      ...(await m.getRepository(User).find({ where: optedIn, select: { email: true } })).map((r) => r.email),
      ...(await m.getRepository(LeadEmailVerification).find({ select: { email: true } })).map((r) => r.email),
    ];
  }

  /** Withdraws the address's marketing consent on its leads, then on its account (the stop link). */
  async withdrawMarketing(m: EntityManager, email: string): Promise<void> {
    await m.getRepository(Lead).update({ email, marketing_opt_in_at: Not(IsNull()) }, { marketing_opt_in_at: null });
    await m.getRepository(User).update({ email, marketing_opt_in_at: Not(IsNull()) }, { marketing_opt_in_at: null });
  }

  /** Leads and contact messages created before `before` and not yet anonymised (retention). */
  async idsOlderThan(before: Date, limit: number): Promise<{ leads: number[]; contactMessages: number[] }> {
    const old = { created_at: LessThan(before), anonymised_at: IsNull() };
    const leads = await this.manager
      .getRepository(Lead)
      .find({ where: old, select: { id: true }, take: limit, order: { id: 'ASC' } });
    const messages = await this.manager
      .getRepository(ContactMessage)
      .find({ where: old, select: { id: true }, take: limit, order: { id: 'ASC' } });
    return { leads: leads.map((r) => r.id), contactMessages: messages.map((r) => r.id) };
  }

  /** Customer accounts whose address was never verified, opened before `before` (retention). */
  async unverifiedAccountsBefore(before: Date, limit: number): Promise<number[]> {
    const rows = await this.manager.getRepository(User).find({
      where: {
        email_verified_at: IsNull(),
        is_active: false,
        is_superuser: false,
        is_agent: false,
        date_joined: LessThan(before),
      },
      select: { id: true },
      take: limit,
      order: { id: 'ASC' },
    });
    return rows.map((r) => r.id);
  }
}
