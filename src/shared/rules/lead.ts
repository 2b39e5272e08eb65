/**
 * Public lead form: validators, messages (SPEC section 5), the e-mail code timings and the lead
 * status pipeline. Pure TypeScript: the server, the site and the back-office all import it.
 * Each validator takes the raw input value and returns the message to show, or null when valid.
 */
import { LEAD_STATUSES, LeadStatus, LIMITS } from '../limits';

export const LEAD_MESSAGES = {
  firstNameRequired: 'First Name is required',
  firstNameTooLong: `First Name cannot exceed ${LIMITS.leadName.max} characters`,
  lastNameRequired: 'Last Name is required',
  lastNameTooLong: `Last Name cannot exceed ${LIMITS.leadName.max} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  emailTooLong: `Email cannot exceed ${LIMITS.email.max} characters`,
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Invalid phone number (10-15 digits)',
  dateInvalid: 'Invalid date format (YYYY-MM-DD)',
  hourInvalid: 'Invalid hour format (HH:MM, 24-hour format)',
  destinationRequired: 'Destination is required',
  destinationNotFound: 'Selected destination does not exist',
  sourceInvalid: 'Invalid source',
  confirmationCodeRequired: 'Confirmation code is required',
  confirmationCodeInvalid: 'Invalid confirmation code. Please try again.',
  statusInvalid: `Status must be one of: ${LEAD_STATUSES.join(', ')}`,
} as const;

/** Texts of the server's answers in the lead flow (the site shows `message`/`error`). */
export const LEAD_FLOW_MESSAGES = {
  codeSent: 'A verification code was sent to your email.',
  emailVerified: 'Email verified successfully.',
  codeExpired: 'The confirmation code has expired. Please request a new one.',
  codeLocked: 'Too many incorrect attempts. Please request a new confirmation code.',
  resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.`,
  tooManyCodes: 'Too many codes were requested for this email. Please try again later.',
  /** SPEC section 8: shown on the e-mail field when the code e-mail cannot be sent. */
  sendFailed: 'Ocurrió un error al enviar el email. Intenta más tarde.',
  verifyFirst: 'Please verify your email before submitting your request.',
  /** SPEC section 8: the site's default when lead creation fails. */
  createFailed: 'Failed to create lead. Please try again.',
} as const;

/** Timings of the e-mail code step (minutes/seconds as named). */
export const LEAD_VERIFICATION = {
  codeLength: LIMITS.confirmationCode.length,
  codeTtlMinutes: 10,
  maxAttemptsPerCode: 5,
  resendIntervalSeconds: 30,
  sendsPerHour: 5,
  /** A verified e-mail may submit leads for this long. */
  verifiedForMinutes: 30,
  /** A repeat of the same e-mail + destination within this window returns the first lead. */
  duplicateWindowMinutes: 10,
} as const;

/** The only source a public lead may carry. */
export const PUBLIC_LEAD_SOURCE = 'email_verification';

const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Separators people type inside phone numbers; a leading + is allowed too. */
const PHONE_SEPARATORS = /[\s().-]/g;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function nameRule(required: string, tooLong: string) {
  return (value: unknown): string | null => {
    const v = text(value);
    if (!v) return required;
    return v.length > LIMITS.leadName.max ? tooLong : null;
  };
}

export const validateLeadFirstName = nameRule(LEAD_MESSAGES.firstNameRequired, LEAD_MESSAGES.firstNameTooLong);
export const validateLeadLastName = nameRule(LEAD_MESSAGES.lastNameRequired, LEAD_MESSAGES.lastNameTooLong);

export function isEmailShape(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** How e-mails are stored and compared: trimmed and lower-cased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function validateLeadEmail(value: unknown): string | null {
  const v = text(value);
  if (!v) return LEAD_MESSAGES.emailRequired;
  if (v.length > LIMITS.email.max) return LEAD_MESSAGES.emailTooLong;
  return isEmailShape(v) ? null : LEAD_MESSAGES.emailInvalid;
}

/** Digits only ("+1 (555) 123-4567" -> "15551234567"), or null when the input is not a phone number. */
export function normalizePhone(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const v = String(value).trim().replace(PHONE_SEPARATORS, '');
  const digits = v.startsWith('+') ? v.slice(1) : v;
  return /^\d+$/.test(digits) ? digits : null;
}

function isLeadPhone(value: unknown): boolean {
  const digits = normalizePhone(value);
  return digits !== null && digits.length >= LIMITS.phone.lead.min && digits.length <= LIMITS.phone.lead.max;
}

export function validateLeadPhone(value: unknown): string | null {
  if (isBlank(value)) return LEAD_MESSAGES.phoneRequired;
  return isLeadPhone(value) ? null : LEAD_MESSAGES.phoneInvalid;
}

/** Contact form: the phone may be left empty. */
export function validateOptionalPhone(value: unknown): string | null {
  if (isBlank(value)) return null;
  return isLeadPhone(value) ? null : LEAD_MESSAGES.phoneInvalid;
}

/** True for a real calendar day written YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** Date is optional: empty or null means "not given". */
export function validateLeadDate(value: unknown): string | null {
  if (isBlank(value)) return null;
  return typeof value === 'string' && isCalendarDate(value.trim()) ? null : LEAD_MESSAGES.dateInvalid;
}

/** Hour is optional: empty or null means "not given". */
export function validateLeadHour(value: unknown): string | null {
  if (isBlank(value)) return null;
  return typeof value === 'string' && HOUR_PATTERN.test(value.trim()) ? null : LEAD_MESSAGES.hourInvalid;
}

/** The destination id as a positive integer, or null. Accepts 3 and "3". */
export function parseDestinationId(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function validateLeadDestination(value: unknown): string | null {
  if (isBlank(value)) return LEAD_MESSAGES.destinationRequired;
  return parseDestinationId(value) === null ? LEAD_MESSAGES.destinationNotFound : null;
}

export function validateLeadSource(value: unknown): string | null {
  if (isBlank(value)) return null;
  return value === PUBLIC_LEAD_SOURCE ? null : LEAD_MESSAGES.sourceInvalid;
}

/** Only presence is checked on the client; the server judges correctness. */
export function validateConfirmationCode(value: unknown): string | null {
  if (typeof value === 'number') return null;
  return text(value) ? null : LEAD_MESSAGES.confirmationCodeRequired;
}

export interface LeadFormValues {
  firstName: unknown;
  lastName: unknown;
  email: unknown;
  phone: unknown;
  date?: unknown;
  hour?: unknown;
  destination_id?: unknown;
}

/** Validates the site's lead form; keys are the form's field names. Empty object when valid. */
export function validateLeadForm(values: LeadFormValues, opts: { requireDestination?: boolean } = {}): Record<string, string> {
  const errors: Record<string, string> = {};
  const checks: Array<[string, string | null]> = [
    ['firstName', validateLeadFirstName(values.firstName)],
    ['lastName', validateLeadLastName(values.lastName)],
    ['email', validateLeadEmail(values.email)],
    ['phone', validateLeadPhone(values.phone)],
    ['date', validateLeadDate(values.date)],
    ['hour', validateLeadHour(values.hour)],
    ['destination_id', opts.requireDestination ? validateLeadDestination(values.destination_id) : null],
  ];
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}

// ---- Lead status pipeline -------------------------------------------------------------------

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  proposal_sent: 'Proposal sent',
  booked: 'Booked',
  lost: 'Lost',
};

/** Closed statuses end the pipeline; a closed lead can only be re-opened. */
export const CLOSED_LEAD_STATUSES: readonly LeadStatus[] = ['booked', 'lost'];

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

export function validateLeadStatus(value: unknown): string | null {
  return isLeadStatus(value) ? null : LEAD_MESSAGES.statusInvalid;
}

export function canChangeLeadStatus(from: LeadStatus, to: LeadStatus): boolean {
  return from === to || LEAD_STATUS_TRANSITIONS[from].includes(to);
}

/** The message for a refused move, or null when the move is allowed. */
export function validateLeadStatusChange(from: LeadStatus, to: unknown): string | null {
  if (!isLeadStatus(to)) return LEAD_MESSAGES.statusInvalid;
  if (canChangeLeadStatus(from, to)) return null;
  return `A lead cannot move from ${LEAD_STATUS_LABELS[from]} to ${LEAD_STATUS_LABELS[to]}`;
}

/** 'YYYY-MM-DD HH:MM' (UTC), the lead lists' formatted_created_at. */
export function formatLeadCreatedAt(date: Date): string {
  return date.toISOString().slice(0, 16).replace('T', ' ');
}
