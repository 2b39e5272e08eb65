import { EntityManager, In } from 'typeorm';
import { LeadEvent } from '../../leads/entities/lead-event.entity';
import { User } from '../../users/entities/user.entity';
import { AdminLeadEvent } from '../../../shared/api/admin';
import { fullName, iso } from '../common/formatting';

/** Records a change of a lead (status or assignment) with who made it; call inside the change's transaction. */
export function recordLeadEvent(
  em: EntityManager,
  leadId: number,
  kind: LeadEvent['kind'],
  from: string | number | null,
  to: string | number | null,
  actorId: number | null,
): Promise<unknown> {
  return em.insert(LeadEvent, {
    lead_id: leadId,
    kind,
    from_value: from === null ? null : String(from),
    to_value: to === null ? null : String(to),
    actor_id: actorId,
  });
}

/** The lead's history, oldest first; assignment events name the agents. */
export async function loadLeadHistory(em: EntityManager, leadId: number): Promise<AdminLeadEvent[]> {
  const events = await em
    .createQueryBuilder(LeadEvent, 'e')
    .leftJoin('e.actor', 'actor')
    .addSelect(['actor.id', 'actor.first_name', 'actor.last_name'])
    .where('e.lead_id = :leadId', { leadId })
    .orderBy('e.id', 'ASC')
    .getMany();
  const agentIds = new Set<number>();
  for (const e of events) {
    if (e.kind !== 'assignment') continue;
    for (const v of [e.from_value, e.to_value]) if (v && /^\d+$/.test(v)) agentIds.add(Number(v));
  }
  const agents = agentIds.size
    ? await em.find(User, { select: { id: true, first_name: true, last_name: true }, where: { id: In([...agentIds]) } })
    : [];
  const names = new Map(agents.map((a) => [String(a.id), fullName(a)]));
  const label = (e: LeadEvent, v: string | null) => (e.kind === 'assignment' && v ? (names.get(v) ?? `#${v}`) : v);
  return events.map((e) => ({
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
