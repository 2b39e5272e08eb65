/** Back-office lead forms (SPEC section 5 'New lead (admin)' and 'Edit lead (admin)'). */
import { LEAD_STATUSES, LIMITS } from '../limits';
import {
  EMAIL_PATTERN,
  FieldRule,
  HOUR_PATTERN,
  idRule,
  isBlank,
  isCalendarDate,
  optionalBoolean,
  optionalText,
  requiredText,
  runRules,
} from './admin-fields';
import { normalizePhone } from './lead';

export const LEAD_NOTES_MAX = 2000;

export const ADMIN_LEAD_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  phoneRequired: 'Phone is required',
  phoneInvalid: `Phone must contain ${LIMITS.phone.lead.min} to ${LIMITS.phone.lead.max} digits`,
  dateFormat: 'Invalid date format (YYYY-MM-DD)',
  datePast: 'Date must be in the future',
  hourFormat: 'Invalid time format (HH:MM)',
  destinationRequired: 'Destination is required',
  destinationNotFound: 'Destination not found',
  packNotFound: 'Travel pack not found',
  packOtherDestination: 'The travel pack does not belong to the selected destination',
  agentNotFound: 'The selected agent does not exist',
  invalidStatus: `Invalid status. Allowed values: ${LEAD_STATUSES.join(', ')}.`,
  accountExists: 'An account with this email already exists.',
} as const;

/** Lead phones are stored as digits only, 10 to 15 of them ("555-123-4567" is accepted and stored as digits). */
export const LEAD_PHONE_PATTERN = new RegExp(`^\\d{${LIMITS.phone.lead.min},${LIMITS.phone.lead.max}}$`);

/**
 * The earliest calendar date still current somewhere on Earth (UTC-12), so a lead for "today"
 * entered late in the evening in the Americas is never refused because the server runs on UTC.
 */
export function earliestToday(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 3600 * 1000).toISOString().slice(0, 10);
}

/** '14:30:00' and ' 14:30 ' become '14:30'; anything else is returned trimmed, to be refused. */
export function trimHour(value: string): string {
  const trimmed = value.trim();
  return /^\d{2}:\d{2}:\d{2}$/.test(trimmed) ? trimmed.slice(0, 5) : trimmed;
}

const email: FieldRule = (value) => {
  if (isBlank(value)) return ADMIN_LEAD_MESSAGES.emailRequired;
  if (typeof value !== 'string' || !EMAIL_PATTERN.test(value.trim()) || value.trim().length > LIMITS.email.max) {
    return ADMIN_LEAD_MESSAGES.emailInvalid;
  }
  return undefined;
};
const phone: FieldRule = (value) => {
  if (isBlank(value)) return ADMIN_LEAD_MESSAGES.phoneRequired;
  return LEAD_PHONE_PATTERN.test(normalizePhone(value) ?? '') ? undefined : ADMIN_LEAD_MESSAGES.phoneInvalid;
};
const hour: FieldRule = (value) => {
  if (isBlank(value)) return undefined;
  return typeof value === 'string' && HOUR_PATTERN.test(trimHour(value)) ? undefined : ADMIN_LEAD_MESSAGES.hourFormat;
};
const status: FieldRule = (value) =>
  value === undefined || (LEAD_STATUSES as readonly unknown[]).includes(value) ? undefined : ADMIN_LEAD_MESSAGES.invalidStatus;
const optionalId = (label: string): FieldRule => idRule(null, label);
/** `destination` (an id, as SPEC's client sends it) is accepted in place of destination_id. */
const destination: FieldRule = (value, values) =>
  idRule(ADMIN_LEAD_MESSAGES.destinationRequired, 'Destination')(value ?? values.destination, values);
const onlyIfPresent =
  (rule: FieldRule): FieldRule =>
  (value, values) =>
    value === undefined ? undefined : rule(value, values);

/** New lead; `today` is the first acceptable date (the browser passes its local date). */
export function createLeadRules(today: string): Record<string, FieldRule> {
  return {
    first_name: requiredText('First name', LIMITS.leadName.max),
    last_name: requiredText('Last name', LIMITS.leadName.max),
    email,
    phone,
    date: (value) => {
      if (isBlank(value)) return undefined;
      if (!isCalendarDate(value)) return ADMIN_LEAD_MESSAGES.dateFormat;
      return value < today ? ADMIN_LEAD_MESSAGES.datePast : undefined;
    },
    hour,
    status,
    destination_id: destination,
    destination: optionalId('Destination'),
    travel_pack_id: optionalId('Travel pack'),
    agent_id: optionalId('Agent'),
    notes: optionalText('Notes', LEAD_NOTES_MAX),
  };
}

/** Edit: fields that are sent are checked (an old lead keeps its past date); empty date/hour mean "unchanged". */
export const UPDATE_LEAD_RULES: Record<string, FieldRule> = {
  first_name: onlyIfPresent(requiredText('First name', LIMITS.leadName.max)),
  last_name: onlyIfPresent(requiredText('Last name', LIMITS.leadName.max)),
  email: onlyIfPresent(email),
  phone: onlyIfPresent(phone),
  date: (value) => (isBlank(value) || isCalendarDate(value) ? undefined : ADMIN_LEAD_MESSAGES.dateFormat),
  hour,
  status,
  destination_id: optionalId('Destination'),
  destination: optionalId('Destination'),
  travel_pack_id: optionalId('Travel pack'),
  agent_id: optionalId('Agent'),
  is_priority: optionalBoolean('Priority'),
  notes: optionalText('Notes', LEAD_NOTES_MAX),
};

export const validateCreateLead = (values: Record<string, unknown>, today: string) =>
  runRules(createLeadRules(today), values);
export const validateUpdateLead = (values: Record<string, unknown>) => runRules(UPDATE_LEAD_RULES, values);
