import { LeadSource, LeadStatus } from '../../shared/limits';
import { LeadResponse } from '../../shared/api/leads';
import { formatDateTime } from '../../shared/rules/primitives';
import { Lead } from './entities/lead.entity';

/** The API shape of a lead; `destination` must be the lead's destination (id and name). */
export function toLeadResponse(lead: Lead, destination: { id: number; name: string }): LeadResponse {
  return {
    id: lead.id,
    created_at: lead.created_at.toISOString(),
    formatted_created_at: formatDateTime(lead.created_at),
    first_name: lead.first_name,
    last_name: lead.last_name,
    email: lead.email,
    phone: lead.phone,
    date: lead.date ?? null,
    hour: lead.hour ?? null,
    status: lead.status as LeadStatus,
    source: lead.source as LeadSource,
    destination: { id: destination.id, name: destination.name },
    is_priority: !!lead.is_priority,
  };
}
