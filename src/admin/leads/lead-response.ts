import { Lead } from '../../leads/entities/lead.entity';
import { isFirstRequest } from '../../leads/first-request';
import { toLeadResponse } from '../../leads/lead-response';
import { AdminLead } from '../../../shared/api/admin';
import { fullName } from '../common/formatting';

/** What the lead desk adds to a lead row: the SLA (minutes; none: not judged) and its repeat requests. */
interface LeadDeskView {
  slaMinutes?: number;
  repeatRequests?: number;
  now?: Date;
}

/**
 * A lead still `new` LEAD_SLA_MINUTES after it came in waits too long; a repeat request (shown on
 * its original) and a merged lead never do.
 */
function isSlaBreached(lead: Lead, slaMinutes: number, now = new Date()): boolean {
  return (
    lead.status === 'new' &&
    isFirstRequest(lead) &&
    new Date(lead.created_at).getTime() + slaMinutes * 60_000 <= now.getTime()
  );
}

/** Expects destination, travel_pack and agent (id and names) to be loaded. */
export function toAdminLead(lead: Lead): AdminLead {
  return toDeskLead(lead, {});
}

/** toAdminLead with the lead desk's view: SLA flag and repeat-request count. */
export function toDeskLead(lead: Lead, desk: LeadDeskView): AdminLead {
  return {
    ...toLeadResponse(lead, { id: lead.destination_id, name: lead.destination?.name ?? '' }),
    notes: lead.notes ?? null,
    destination_id: lead.destination_id,
    travel_pack_id: lead.travel_pack_id ?? null,
    travel_pack: lead.travel_pack ? { id: lead.travel_pack.id, name: lead.travel_pack.name } : null,
    agent_id: lead.agent_id ?? null,
    agent: lead.agent ? { id: lead.agent.id, full_name: fullName(lead.agent) } : null,
    user_id: lead.user_id ?? null,
    duplicate_of: lead.duplicate_of ?? null,
    merged_into: lead.merged_into ?? null,
    repeat_requests: desk.repeatRequests ?? 0,
    sla_breached: desk.slaMinutes === undefined ? false : isSlaBreached(lead, desk.slaMinutes, desk.now),
  };
}
