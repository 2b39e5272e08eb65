import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { ConsentRecord, ConsentSource } from './entities/consent-record.entity';

export const INSERT_CONSENT_SQL =
  'INSERT INTO `consent_records` (`email`, `user_id`, `purpose`, `granted`, `source`, `created_at`) VALUES (?, ?, ?, ?, ?, ?)';

/**
 * A marketing consent given, as one raw statement (the shape of OutboxStatement), for writers whose
 * transaction runs raw SQL (the public lead intake): `params` gets the dialect's date conversion
 * and the transaction's clock.
 */
export function consentStatement(
  email: string,
  userId: number | null,
  source: ConsentSource,
): { readonly sql: string; params<D>(date: (d: Date) => D, now?: Date): unknown[] } {
  return {
    sql: INSERT_CONSENT_SQL,
    params: (date, now = new Date()) => [email.toLowerCase(), userId, 'marketing', 1, source, date(now)],
  };
}

/**
 * Marketing consent given or withdrawn (GDPR art. 7(1)): one row per change, never edited. Every
 * method takes the caller's EntityManager, so the record commits with the change it documents.
 */
@Injectable()
export class ConsentRepository {
  constructor(private readonly dataSource: DataSource) {}

  async record(
    m: EntityManager,
    entry: { email: string; user_id?: number | null; granted: boolean; source: ConsentSource },
  ): Promise<void> {
    await m.getRepository(ConsentRecord).insert({
      email: entry.email.trim().toLowerCase(),
      user_id: entry.user_id ?? null,
      purpose: 'marketing',
      granted: entry.granted,
      source: entry.source,
    });
  }

  /** The records of an address or of an account, oldest first. */
  listFor(emails: readonly string[], userId: number | null, m?: EntityManager): Promise<ConsentRecord[]> {
    const where = [
      ...(emails.length ? [{ email: In(emails.map((e) => e.toLowerCase())) }] : []),
      ...(userId !== null ? [{ user_id: userId }] : []),
    ];
    if (!where.length) return Promise.resolve([]);
    return (m ?? this.dataSource.manager).getRepository(ConsentRecord).find({ where, order: { id: 'ASC' } });
  }

  /** Removes the records of an address and of an account (erasure); answers how many. */
  async deleteFor(m: EntityManager, email: string, userId: number | null): Promise<number> {
    const repo = m.getRepository(ConsentRecord);
    let removed = (await repo.delete({ email: email.toLowerCase() })).affected ?? 0;
    if (userId !== null) removed += (await repo.delete({ user_id: userId })).affected ?? 0;
    return removed;
  }
}
