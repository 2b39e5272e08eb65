import { Lead } from '../../leads/entities/lead.entity';
import { AdminLead } from '../../shared/api/admin';
import { formatLeadCreatedAt } from '../../shared/rules/lead';
import { fullName, iso } from '../common/formatting';

/** Expects destination, travel_pack and agent (id and names) to be loaded. */
export function toAdminLead(lead: Lead): AdminLead {
  return {
    id: lead.id,
    created_at: iso(lead.created_at) ?? '',
    formatted_created_at: formatLeadCreatedAt(lead.created_at),
    first_name: lead.first_name,
    last_name: lead.last_name,
    email: lead.email,
    phone: lead.phone,
    date: lead.date ?? null,
    hour: lead.hour ?? null,
    status: lead.status,
    source: lead.source,
    is_priority: !!lead.is_priority,
    notes: lead.notes ?? null,
    destination_id: lead.destination_id,
    destination: { id: lead.destination_id, name: lead.destination?.name ?? '' },
    travel_pack_id: lead.travel_pack_id ?? null,
    travel_pack: lead.travel_pack ? { id: lead.travel_pack.id, name: lead.travel_pack.name } : null,
    agent_id: lead.agent_id ?? null,
    agent: lead.agent ? { id: lead.agent.id, full_name: fullName(lead.agent) } : null,
    user_id: lead.user_id ?? null,
  };
}
