/**
 * Contact form (SPEC section 5): the lead form's name and e-mail rules, an optional phone of
 * 10 to 15 digits, and a required message of at most 1500 characters. Pure TypeScript.
 */
import { LIMITS } from '../limits';
import {
  LEAD_MESSAGES,
  validateLeadEmail,
  validateLeadFirstName,
  validateLeadLastName,
  validateOptionalPhone,
} from './lead';

export const CONTACT_MESSAGES = {
  firstNameRequired: LEAD_MESSAGES.firstNameRequired,
  firstNameTooLong: LEAD_MESSAGES.firstNameTooLong,
  lastNameRequired: LEAD_MESSAGES.lastNameRequired,
  lastNameTooLong: LEAD_MESSAGES.lastNameTooLong,
  emailRequired: LEAD_MESSAGES.emailRequired,
  emailInvalid: LEAD_MESSAGES.emailInvalid,
  phoneInvalid: LEAD_MESSAGES.phoneInvalid,
  messageRequired: 'Message is required',
  messageTooLong: `Message cannot exceed ${LIMITS.contactMessage.max} characters`,
  /** Shown by the site when the submission fails (SPEC section 8). */
  submitFailed: 'Ocurrió un error al enviar el formulario. Intenta nuevamente.',
} as const;

export const validateContactFirstName = validateLeadFirstName;
export const validateContactLastName = validateLeadLastName;
export const validateContactEmail = validateLeadEmail;
export const validateContactPhone = validateOptionalPhone;

export function validateContactMessage(value: unknown): string | null {
  const v = typeof value === 'string' ? value.trim() : '';
  if (!v) return CONTACT_MESSAGES.messageRequired;
  return v.length > LIMITS.contactMessage.max ? CONTACT_MESSAGES.messageTooLong : null;
}

export interface ContactFormValues {
  firstName: unknown;
  lastName: unknown;
  phone?: unknown;
  email: unknown;
  message: unknown;
}

/** Validates the contact form; keys are the form's field names. Empty object when valid. */
export function validateContactForm(values: ContactFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const checks: Array<[string, string | null]> = [
    ['firstName', validateContactFirstName(values.firstName)],
    ['lastName', validateContactLastName(values.lastName)],
    ['email', validateContactEmail(values.email)],
    ['phone', validateContactPhone(values.phone)],
    ['message', validateContactMessage(values.message)],
  ];
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}
