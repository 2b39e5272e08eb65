import { Lead } from '../../leads/entities/lead.entity';
import { toLeadResponse } from '../../leads/lead-response';
import { AdminLead } from '../../shared/api/admin';
import { fullName } from '../common/formatting';

/** Expects destination, travel_pack and agent (id and names) to be loaded. */
export function toAdminLead(lead: Lead): AdminLead {
  return {
    ...toLeadResponse(lead, { id: lead.destination_id, name: lead.destination?.name ?? '' }),
    notes: lead.notes ?? null,
    destination_id: lead.destination_id,
    travel_pack_id: lead.travel_pack_id ?? null,
    travel_pack: lead.travel_pack ? { id: lead.travel_pack.id, name: lead.travel_pack.name } : null,
    agent_id: lead.agent_id ?? null,
    agent: lead.agent ? { id: lead.agent.id, full_name: fullName(lead.agent) } : null,
    user_id: lead.user_id ?? null,
  };
}
