/** Back-office lead forms: new lead and edit lead. */
import { LEAD_STATUSES, LIMITS } from '../limits';
import { optionalText, requiredLine } from './admin-fields';
import { email as emailRule, FieldRule, idRule, oneOf, optionalBoolean, phone as phoneRule, whenSent } from './form';
import { HOUR_PATTERN, isBlank, isCalendarDate } from './primitives';

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
  // The desk's refusals (README, Security: what an agent cannot do; the merge's same-person rule).
  contactAdminOnly:
    "Only an admin can change a lead's e-mail or phone: replies from the desk go to the address the person gave.",
  taskOfAnother:
    'This task belongs to another member of the desk: an agent can edit, complete or delete only their own tasks (an admin can change any).',
  typedAddressTemplateOnly:
    'This address was typed in the back-office, not confirmed by its person: an agent can send it a template as it is, not text of their own (an admin can).',
  otherPersonNoPhone: 'These leads belong to different people: the e-mail differs, and one of them has no phone.',
  otherPersonPhoneAndName:
    'These leads belong to different people: the e-mail differs, and the phone and the last name differ.',
  otherPersonPhone: 'These leads belong to different people: the e-mail differs, and the phone differs.',
  otherPersonName: 'These leads belong to different people: the e-mail differs, and the last name differs.',
  linkInstead: 'An admin can link them as related instead.',
} as const;

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

const M = ADMIN_LEAD_MESSAGES;
const email = emailRule({ required: M.emailRequired, invalid: M.emailInvalid }, LIMITS.email.max);
/** Stored as digits only: "555-123-4567" is accepted and stored as 5551234567. */
const phone = phoneRule(
  { required: M.phoneRequired, invalid: M.phoneInvalid },
  LIMITS.phone.lead.min,
  LIMITS.phone.lead.max,
);
const hour: FieldRule = (value) => {
  if (isBlank(value)) return undefined;
  return typeof value === 'string' && HOUR_PATTERN.test(trimHour(value)) ? undefined : ADMIN_LEAD_MESSAGES.hourFormat;
};
const status = whenSent(oneOf(LEAD_STATUSES, M.invalidStatus));
const optionalId = (label: string): FieldRule => idRule(null, label);
/** `destination` (an id, as the edit form sends it) is accepted in place of destination_id. */
const destination: FieldRule = (value, values) =>
  idRule(ADMIN_LEAD_MESSAGES.destinationRequired, 'Destination')(value ?? values.destination, values);

/**
 * New lead. `today` is the first acceptable date (the browser passes its local date); without
 * it, the earliest date current anywhere, read at each check.
 */
export function createLeadRules(today?: string): Record<string, FieldRule> {
  return {
    first_name: requiredLine('First name', LIMITS.leadName.max),
    last_name: requiredLine('Last name', LIMITS.leadName.max),
    email,
    phone,
    date: (value) => {
      if (isBlank(value)) return undefined;
      if (!isCalendarDate(value)) return ADMIN_LEAD_MESSAGES.dateFormat;
      return value < (today ?? earliestToday()) ? M.datePast : undefined;
    },
    hour,
    status,
    destination_id: destination,
    destination: optionalId('Destination'),
    travel_pack_id: optionalId('Travel pack'),
    agent_id: optionalId('Agent'),
    notes: optionalText('Notes', LIMITS.leadNotes.max),
  };
}

/** Edit: fields that are sent are checked (an old lead keeps its past date); empty date/hour mean "unchanged". */
export const UPDATE_LEAD_RULES: Record<string, FieldRule> = {
  first_name: whenSent(requiredLine('First name', LIMITS.leadName.max)),
  last_name: whenSent(requiredLine('Last name', LIMITS.leadName.max)),
  email: whenSent(email),
  phone: whenSent(phone),
  date: (value) => (isBlank(value) || isCalendarDate(value) ? undefined : ADMIN_LEAD_MESSAGES.dateFormat),
  hour,
  status,
  destination_id: optionalId('Destination'),
  destination: optionalId('Destination'),
  travel_pack_id: optionalId('Travel pack'),
  agent_id: optionalId('Agent'),
  is_priority: optionalBoolean('Priority'),
  notes: optionalText('Notes', LIMITS.leadNotes.max),
};

/** The new-lead form as the server checks it: "today" is read when a request is checked. */
export const NEW_LEAD_RULES = createLeadRules();
