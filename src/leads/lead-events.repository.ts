import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { User } from '../users/entities/user.entity';
import { LeadEvent } from './entities/lead-event.entity';

/** An agent as a history row names them. */
export type AgentName = Pick<User, 'id' | 'first_name' | 'last_name'>;

/** The lead_events table (a lead's history): every query of it. Each method runs in the caller's `em`. */
@Injectable()
export class LeadEventsRepository {
  /** Records a change of a lead (status, assignment, mail…) with who made it; call inside the change's transaction. */
  async record(
    em: EntityManager,
    leadId: number,
    kind: LeadEvent['kind'],
    from: string | number | null,
    to: string | number | null,
    actorId: number | null,
  ): Promise<void> {
    await em.insert(LeadEvent, {
      lead_id: leadId,
      kind,
      from_value: from === null ? null : String(from),
      to_value: to === null ? null : String(to),
      actor_id: actorId,
    });
  }

  /** The lead's events, oldest first, each with its actor's id and name. */
  historyOf(em: EntityManager, leadId: number): Promise<LeadEvent[]> {
    return em
      .createQueryBuilder(LeadEvent, 'e')
      .leftJoin('e.actor', 'actor')
      .addSelect(['actor.id', 'actor.first_name', 'actor.last_name'])
      .where('e.lead_id = :leadId', { leadId })
      .orderBy('e.id', 'ASC')
      .getMany();
  }

  /** The names of the accounts `ids` (the agents an assignment event names). */
  agentNames(em: EntityManager, ids: number[]): Promise<AgentName[]> {
    if (!ids.length) return Promise.resolve([]);
    return em.find(User, { select: { id: true, first_name: true, last_name: true }, where: { id: In(ids) } });
  }

  /** Moves lead `from`'s history to lead `to` (a merge). */
  async moveToLead(em: EntityManager, from: number, to: number): Promise<void> {
    await em.update(LeadEvent, { lead_id: from }, { lead_id: to });
  }
}
