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
  total_leads: number;
  new_today: number;
  new_this_week: number;
  unassigned: number;
  /** One entry per day, oldest first, days without leads included with 0. */
  leads_per_day: Array<{ date: string; count: number }>;
  /** Every status, in pipeline order, zeros included. */
  leads_by_status: Array<{ status: LeadStatus; count: number }>;
  /** The destinations with most leads, most first; `other` counts the rest. */
  leads_by_destination: Array<{ id: number; name: string; count: number }>;
  other_destinations: number;
  latest_leads: AdminLead[];
  unassigned_leads: AdminLead[];
}
