import { IsNull } from 'typeorm';
import type { Lead } from './entities/lead.entity';

/**
 * A **first request**: a lead that stands for a request of its own — not a repeat request linked to
 * an earlier open lead (`duplicate_of`, shown on that lead instead), not merged into another lead
 * (`merged_into`, kept only as a pointer). Only first requests are counted as work on the dashboard,
 * judged against the SLA, notified when late, and repeated by a new lead. Every reader of the rule
 * takes it from here, in the form it needs.
 */
export function isFirstRequest(lead: Pick<Lead, 'duplicate_of' | 'merged_into'>): boolean {
  return lead.duplicate_of == null && lead.merged_into == null;
}

/** The rule as a TypeORM `where` (spread it into the other conditions). */
export const FIRST_REQUEST_WHERE = { duplicate_of: IsNull(), merged_into: IsNull() } as const;

/**
 * The rule as SQL over the leads table, columns quoted for MySQL/MariaDB and SQLite alike; with an
 * alias (`l`) for a query builder's `l.duplicate_of`. `filter`: the rule only filters rows another
 * index has found (a visitor's leads by e-mail or phone), each column behind a unary plus, which both
 * dialects read as the column itself. Without it SQLite's planner may search the `duplicate_of`
 * index for `IS NULL` — nearly every lead — instead of the e-mail's: 15 ms per lead intake with
 * 100,000 leads, against 25 µs.
 */
export function firstRequestSql(alias?: string, use: 'index' | 'filter' = 'index'): string {
  const column = (name: string) => `${use === 'filter' ? '+' : ''}${alias ? `${alias}.${name}` : `\`${name}\``}`;
  return `${column('duplicate_of')} IS NULL AND ${column('merged_into')} IS NULL`;
}
