/**
 * The lead status pipeline: labels and the moves a back-office user may make.
 */
import { LEAD_STATUSES, LeadStatus } from '../limits';
import { LEAD_MESSAGES } from './lead';

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  proposal_sent: 'Proposal sent',
  booked: 'Booked',
  lost: 'Lost',
};

/**
 * Allowed moves. Forward moves may skip stages (a first call can end in a booking); any open
 * lead can be lost; a step back is allowed to correct a mistake; a lost lead can be re-opened
 * and a booking can be cancelled (lost). Staying on the same status is always allowed.
 */
export const LEAD_STATUS_TRANSITIONS: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'qualified', 'proposal_sent', 'booked', 'lost'],
  contacted: ['new', 'qualified', 'proposal_sent', 'booked', 'lost'],
  qualified: ['contacted', 'proposal_sent', 'booked', 'lost'],
  proposal_sent: ['qualified', 'booked', 'lost'],
  booked: ['proposal_sent', 'lost'],
  lost: ['new', 'contacted'],
};

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value);
}

export function canChangeLeadStatus(from: LeadStatus, to: LeadStatus): boolean {
  return from === to || LEAD_STATUS_TRANSITIONS[from].includes(to);
}

/** The message for a refused move, or undefined when the move is allowed. */
export function validateLeadStatusChange(from: LeadStatus, to: unknown): string | undefined {
  if (!isLeadStatus(to)) return LEAD_MESSAGES.statusInvalid;
  if (canChangeLeadStatus(from, to)) return undefined;
  return `A lead cannot move from ${LEAD_STATUS_LABELS[from]} to ${LEAD_STATUS_LABELS[to]}`;
}
