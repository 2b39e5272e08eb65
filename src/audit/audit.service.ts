import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { AuditContext } from './audit-context';
import { AuditLogEntriesRepository } from './audit-log-entries.repository';
import type { AuditAction } from '../../shared/api/admin';

/** Fields whose values never reach the log: a changed one is recorded as changed, its values hidden. */
const SECRET_FIELD = /password|token|secret|hash/i;
export const HIDDEN = '[oculto]';

export type AuditChanges = Record<string, [unknown, unknown]>;

export interface AuditRecord {
  action: AuditAction;
  resource: string;
  record_id?: number | string | null;
  /** Changed fields, `{ field: [old, new] }` (see diffForAudit), or any small JSON detail. */
  changes?: AuditChanges | Record<string, unknown> | null;
}

/**
 * The fields of `after` whose values differ from `before`, as `{ field: [old, new] }`; a secret field
 * (password, token…) appears with its values hidden. Dates compare by time.
 */
export function diffForAudit(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[] = Object.keys(after),
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const [a, b] = [normalise(before[field]), normalise(after[field])];
    if (same(a, b)) continue;
    changes[field] = SECRET_FIELD.test(field) ? [HIDDEN, HIDDEN] : [a, b];
  }
  return changes;
}

/**
 * The fields of a created or deleted record, as `{ field: [null, value] }` (created) or
 * `{ field: [value, null] }` (deleted); empty values are left out, secret fields hidden.
 */
export function snapshotForAudit(
  record: Record<string, unknown>,
  fields: readonly string[],
  side: 'created' | 'deleted',
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const value = normalise(record[field]);
    if (value === null || value === '') continue;
    const shown = SECRET_FIELD.test(field) ? HIDDEN : value;
    changes[field] = side === 'created' ? [null, shown] : [shown, null];
  }
  return changes;
}

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

/** Lists and objects (a pack's features) compare by their JSON text. */
const same = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

/** Writes audit entries, always with the caller's entity manager: the entry commits with the change. */
@Injectable()
export class AuditService {
  constructor(private readonly entries: AuditLogEntriesRepository) {}

  async record(em: EntityManager, ctx: AuditContext, entry: AuditRecord): Promise<void> {
    await this.recordMany(em, ctx, [entry]);
  }

  async recordMany(em: EntityManager, ctx: AuditContext, entries: readonly AuditRecord[]): Promise<void> {
    if (entries.length === 0) return;
    const rows = entries.map((entry) => ({
      actor_id: ctx.actor_id,
      ip: ctx.ip,
      action: entry.action,
      resource: entry.resource,
      record_id: entry.record_id == null ? null : String(entry.record_id),
      changes: entry.changes && Object.keys(entry.changes).length > 0 ? JSON.stringify(redact(entry.changes)) : null,
    }));
    await this.entries.insertMany(em, rows);
  }
}

/** A secret's `[old, new]` keeps its shape (null stays null: "set" or "removed" is still told). */
const hide = (value: unknown): unknown =>
  Array.isArray(value) && value.length === 2 ? value.map((v) => (v === null ? null : HIDDEN)) : HIDDEN;

function redact(changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(changes).map(([field, value]) => [field, SECRET_FIELD.test(field) ? hide(value) : value]),
  );
}
