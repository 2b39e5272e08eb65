import { LEAD_STATUSES, type LeadStatus } from '@shared/limits';

export const STATUS_COLORS: Record<LeadStatus, string> = {
  new: '#1976d2',
  contacted: '#0288d1',
  qualified: '#7b1fa2',
  proposal_sent: '#f57c00',
  booked: '#2e7d32',
  lost: '#757575',
};

/** The catalogue key of a status name. */
export const statusKey = (status: string) => `app.status.${status}`;

/** Choices for the status inputs (react-admin translates their names). */
export const STATUS_CHOICES = LEAD_STATUSES.map((id) => ({ id, name: statusKey(id) }));
