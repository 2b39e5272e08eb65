import { BRAND } from './brand';

/**
 * What the privacy notice under the forms promises and the privacy page explains: who is
 * responsible, and how long each kind of data is kept (the server's retention job and
 * RETENTION_MONTHS' default; see the README).
 */
export const PRIVACY = {
  controller: BRAND.name,
  contactEmail: BRAND.infoEmail,
  /** Leads and contact messages are anonymised after this many months. */
  retentionMonths: 24,
  /** Accounts whose e-mail was never verified are removed after this many days. */
  unverifiedAccountDays: 30,
  /** E-mails that carried a code or a link are deleted this many days after delivery. */
  codeMailDays: 7,
  marketingLabel: 'Quiero recibir ofertas por e-mail',
} as const;
