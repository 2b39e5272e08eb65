import { Injectable, NotFoundException } from '@nestjs/common';
import { AuditEntry } from '../../audit/entities/audit-entry.entity';
import { AdminAuditEntry, AUDIT_ACTIONS, AUDIT_RESOURCES } from '../../../shared/api/admin';
import { UsersRepository } from '../../users/users.repository';
import { iso } from '../common/formatting';
import { ListQueryDto } from '../common/list-query.dto';
import { ListSpec, parseListQuery } from '../common/simple-rest';
import { Page } from '../../database/list-pages';
import { AuditLogRepository } from './audit-log.repository';

/** The audit log, newest first; filters by actor, resource, action, record and date range. */
const SPEC: ListSpec = {
  resource: 'audit-log',
  alias: 'a',
  sortable: {
    id: ['a.id'],
    created_at: ['a.created_at'],
    actor_id: ['a.actor_id'],
    action: ['a.action'],
    resource: ['a.resource'],
    record_id: ['a.record_id'],
  },
  defaultOrder: [['a.id', 'DESC']],
  filters: {
    actor_id: { column: 'a.actor_id', kind: 'nullable-int' },
    resource: { column: 'a.resource', kind: { oneOf: AUDIT_RESOURCES } },
    action: { column: 'a.action', kind: { oneOf: AUDIT_ACTIONS } },
    record_id: { column: 'a.record_id', kind: 'text' },
    created_at_gte: { column: 'a.created_at', kind: 'from-date' },
    created_at_lte: { column: 'a.created_at', kind: 'to-date' },
  },
  searchColumns: ['a.resource', 'a.action', 'a.record_id'],
};

function parseChanges(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads the audit log; nothing here writes (entries are written by AuditService, in the writes' transactions). */
@Injectable()
export class AuditLogService {
  constructor(
    private readonly entries: AuditLogRepository,
    private readonly users: UsersRepository,
  ) {}

  async list(query: ListQueryDto): Promise<Page<AdminAuditEntry>> {
    const page = await this.entries.pageOf(parseListQuery(query, SPEC));
    return { ...page, items: await this.shapes(page.items) };
  }

  async get(id: number): Promise<AdminAuditEntry> {
    const entry = await this.entries.findById(id);
    if (!entry) throw new NotFoundException('Audit entry not found.');
    return (await this.shapes([entry]))[0];
  }

  /** The entries with their actors' e-mails (one query for the page). */
  private async shapes(entries: AuditEntry[]): Promise<AdminAuditEntry[]> {
    const actorIds = [...new Set(entries.map((e) => e.actor_id).filter((id): id is number => id !== null))];
    const actors = await this.users.findByIds(actorIds, { email: true });
    const emails = new Map(actors.map((u) => [u.id, u.email]));
    return entries.map((e) => ({
      id: e.id,
      created_at: iso(e.created_at) ?? '',
      actor_id: e.actor_id,
      actor_email: e.actor_id === null ? null : (emails.get(e.actor_id) ?? null),
      action: e.action,
      resource: e.resource,
      record_id: e.record_id,
      changes: parseChanges(e.changes),
      ip: e.ip,
    }));
  }
}
