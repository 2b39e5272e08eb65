/** A person's own leads, as their account page lists them (GET /api/users/user/{id}/leads/). */
import type { LeadStatus } from '../limits';

export interface OwnLead {
  id: number;
  /** ISO 8601. */
  created_at: string;
  /** 'YYYY-MM-DD HH:MM' (UTC). */
  formatted_created_at: string;
  destination: { id: number; name: string };
  /** The pack the agency attached to the lead, if any. */
  travel_pack: { id: number; name: string } | null;
  /** Preferred date (YYYY-MM-DD) and hour (HH:MM) the person gave, if any. */
  date: string | null;
  hour: string | null;
  status: LeadStatus;
}

export const OWN_LEADS_MESSAGES = {
  forbidden: 'You can only see your own leads.',
} as const;

/** At most this many leads are listed, newest first. */
export const OWN_LEADS_LIMIT = 100;
