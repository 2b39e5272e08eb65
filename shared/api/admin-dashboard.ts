import type { LeadStatus } from '../limits';
import type { AdminLead } from './admin';

/** How many days the leads-per-day series of the back-office dashboard covers (today included). */
export const DASHBOARD_DAYS = 30;
/** How many destinations the leads-by-destination figure names (the rest are summed as "Other"). */
export const DASHBOARD_TOP_DESTINATIONS = 8;
/** How many leads the latest and unassigned tables show. */
export const DASHBOARD_LIST_SIZE = 8;

/**
 * GET /api/admin/dashboard: the figures an agent reads every morning. Days are calendar days in
 * UTC, the week starts on Monday (UTC).
 */
export interface AdminDashboard {
  /** The UTC date the figures were computed for, YYYY-MM-DD. */
  today: string;
  /** Every request, repeat requests included (as the charts count them). */
  total_leads: number;
  /**
   * The work figures below count only a person's first request: a repeat request (linked to the
   * open lead of the same person) is shown on that lead, not as new work.
   */
  new_today: number;
  new_this_week: number;
  unassigned: number;
  /** LEAD_SLA_MINUTES: how long a lead may stay `new` before it waits too long. */
  sla_minutes: number;
  /** Leads still `new` longer than sla_minutes after they came in. */
  waiting_past_sla: number;
  /** The moment before which a `new` lead waits too long (ISO), for the list's created_at_lte filter. */
  sla_deadline: string;
  /** One entry per day, oldest first, days without leads included with 0. */
  leads_per_day: Array<{ date: string; count: number }>;
  /** Every status, in pipeline order, zeros included. */
  leads_by_status: Array<{ status: LeadStatus; count: number }>;
  /** The destinations with most leads, most first; `other` counts the rest. */
  leads_by_destination: Array<{ id: number; name: string; count: number }>;
  other_destinations: number;
  latest_leads: AdminLead[];
  unassigned_leads: AdminLead[];
  /** The leads waiting longest past the SLA, oldest first. */
  past_sla_leads: AdminLead[];
}
