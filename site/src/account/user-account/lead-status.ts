import type { LeadStatus } from '@shared/limits';

/** How a person reads the state of their request (the back-office uses the English pipeline names). */
export const LEAD_STATUS_ES: Record<LeadStatus, string> = {
  new: 'Recibida',
  contacted: 'Contactado',
  qualified: 'En evaluación',
  proposal_sent: 'Propuesta enviada',
  booked: 'Reservado',
  lost: 'Cerrada',
};
