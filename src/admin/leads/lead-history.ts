import { EntityManager } from 'typeorm';
import { LeadEvent } from '../../leads/entities/lead-event.entity';
import { AdminLeadEvent } from '../../../shared/api/admin';
import { fullName, iso } from '../common/formatting';
import { LeadEventsRepository } from '../../leads/lead-events.repository';

/** The lead's history, oldest first; assignment events name the agents. */
export async function loadLeadHistory(
  events: LeadEventsRepository,
  em: EntityManager,
  leadId: number,
): Promise<AdminLeadEvent[]> {
  const rows = await events.historyOf(em, leadId);
  const agentIds = new Set<number>();
  for (const e of rows) {
    if (e.kind !== 'assignment') continue;
    for (const v of [e.from_value, e.to_value]) if (v && /^\d+$/.test(v)) agentIds.add(Number(v));
  }
  const agents = await events.agentNames(em, [...agentIds]);
  const names = new Map(agents.map((a) => [String(a.id), fullName(a)]));
  const label = (e: LeadEvent, v: string | null) => (e.kind === 'assignment' && v ? (names.get(v) ?? `#${v}`) : v);
  return rows.map((e) => ({
    id: e.id,
    kind: e.kind,
    from: e.from_value,
    to: e.to_value,
    from_label: label(e, e.from_value),
    to_label: label(e, e.to_value),
    actor: e.actor ? { id: e.actor.id, full_name: fullName(e.actor) } : null,
    created_at: iso(e.created_at) ?? '',
  }));
}
