/**
 * Public lead form: its field rules and messages, the e-mail code step's rules and timings.
 * The site's form and the server's DTOs run the same rules.
 */
import { LEAD_STATUSES, LIMITS } from '../limits';
import { email, FieldRule, oneOf, optional, phone, text } from './form';
import { HOUR_PATTERN, isBlank, isCalendarDate, trimmed } from './primitives';

export const LEAD_MESSAGES = {
  firstNameRequired: 'First Name is required',
  firstNameTooLong: `First Name cannot exceed ${LIMITS.leadName.max} characters`,
  lastNameRequired: 'Last Name is required',
  lastNameTooLong: `Last Name cannot exceed ${LIMITS.leadName.max} characters`,
  firstNameInvalid: 'First Name contains characters that are not allowed',
  lastNameInvalid: 'Last Name contains characters that are not allowed',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  emailTooLong: `Email cannot exceed ${LIMITS.email.max} characters`,
  phoneRequired: 'Phone is required',
  phoneInvalid: `Invalid phone number (${LIMITS.phone.lead.min}-${LIMITS.phone.lead.max} digits)`,
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
  codeLocked: 'Too many incorrect attempts. Please request a new confirmation code.',
  resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.`,
  tooManyCodes: 'Too many codes were requested for this email. Please try again later.',
  /** Shown on the e-mail field when the code e-mail cannot be sent. */
  sendFailed: 'Ocurrió un error al enviar el email. Intenta más tarde.',
  verifyFirst: 'Please verify your email before submitting your request.',
  /** The site's default when lead creation fails. */
  createFailed: 'Failed to create lead. Please try again.',
} as const;

/** Timings of the e-mail code step (minutes/seconds as named). */
export const LEAD_VERIFICATION = {
  codeLength: LIMITS.confirmationCode.length,
  codeTtlMinutes: 10,
  maxAttemptsPerCode: 5,
  resendIntervalSeconds: 30,
  /**
   * Codes one client (the e-mail and the client's IP) may ask for in a window; past it, 429. Per
   * client, so a stranger's requests never use up the owner's own budget.
   */
  sendsPerClient: 5,
  clientWindowMinutes: 15,
  /**
   * Codes sent to one e-mail in a window, from every client together (against flooding a mailbox
   * from many addresses). Past it the answer is the usual one, nothing more is sent and the last
   * code sent stays valid; the short window means the owner gets a fresh code within minutes.
   */
  sendsPerEmail: 10,
  emailWindowMinutes: 15,
  /** A verified e-mail may submit leads for this long. */
  verifiedForMinutes: 30,
  /** A repeat of the same e-mail + destination within this window returns the first lead. */
  duplicateWindowMinutes: 10,
} as const;

/** The only source a public lead may carry. */
export const PUBLIC_LEAD_SOURCE = 'email_verification';

const M = LEAD_MESSAGES;

/** The destination id as a positive integer, or null. Accepts 3 and "3". */
export function parseDestinationId(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

const leadEmail = email(
  { required: M.emailRequired, tooLong: M.emailTooLong, invalid: M.emailInvalid },
  LIMITS.email.max,
);

/** Optional YYYY-MM-DD or HH:MM text: empty or null means "not given". */
const optionalMatch = (matches: (v: string) => boolean, message: string): FieldRule<unknown> =>
  optional((value) => (typeof value === 'string' && matches(value.trim()) ? undefined : message));

/**
 * The public lead form, keyed by the form's field names. The API payload names the same fields
 * first_name, last_name and destination; the server binds each to the rule of its form field.
 */
export const LEAD_FORM_RULES = {
  firstName: text(
    { required: M.firstNameRequired, invalid: M.firstNameInvalid, tooLong: M.firstNameTooLong },
    LIMITS.leadName.max,
  ),
  lastName: text(
    { required: M.lastNameRequired, invalid: M.lastNameInvalid, tooLong: M.lastNameTooLong },
    LIMITS.leadName.max,
  ),
  email: leadEmail,
  phone: phone({ required: M.phoneRequired, invalid: M.phoneInvalid }, LIMITS.phone.lead.min, LIMITS.phone.lead.max),
  date: optionalMatch(isCalendarDate, M.dateInvalid),
  hour: optionalMatch((v) => HOUR_PATTERN.test(v), M.hourInvalid),
  destination_id: ((value) => {
    if (isBlank(value)) return M.destinationRequired;
    return parseDestinationId(value) === null ? M.destinationNotFound : undefined;
  }) as FieldRule<unknown>,
};

/** The payload's `source`: absent, or the one source a public lead may carry. */
export const LEAD_SOURCE_RULE: FieldRule<unknown> = optional(oneOf([PUBLIC_LEAD_SOURCE], M.sourceInvalid));

/** The e-mail code step. Only the code's presence is checked here; the server judges correctness. */
export const LEAD_CODE_RULES = {
  email: leadEmail,
  confirmation_code: ((value) =>
    typeof value === 'number' || trimmed(value) ? undefined : M.confirmationCodeRequired) as FieldRule<unknown>,
};
