import { LEAD_STATUSES, type LeadStatus } from '@shared/limits';
import { LEAD_STATUS_LABELS } from '@shared/rules/lead-status';

export const STATUS_LABELS = LEAD_STATUS_LABELS;

export const STATUS_COLORS: Record<LeadStatus, string> = {
  new: '#1976d2',
  contacted: '#0288d1',
  qualified: '#7b1fa2',
  proposal_sent: '#f57c00',
  booked: '#2e7d32',
  lost: '#757575',
};

export const STATUS_CHOICES = LEAD_STATUSES.map((id) => ({ id, name: STATUS_LABELS[id] }));
