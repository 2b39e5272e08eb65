/**
 * Contact form: the lead form's name and e-mail rules, an optional phone of the lead form's
 * length, and a required message. Keyed by the form's field names, which the API uses too.
 */
import { LIMITS } from '../limits';
import { optional, text } from './form';
import { LEAD_FORM_RULES, LEAD_MESSAGES } from './lead';

export const CONTACT_MESSAGES = {
  firstNameRequired: LEAD_MESSAGES.firstNameRequired,
  firstNameTooLong: LEAD_MESSAGES.firstNameTooLong,
  firstNameInvalid: LEAD_MESSAGES.firstNameInvalid,
  lastNameRequired: LEAD_MESSAGES.lastNameRequired,
  lastNameTooLong: LEAD_MESSAGES.lastNameTooLong,
  lastNameInvalid: LEAD_MESSAGES.lastNameInvalid,
  emailRequired: LEAD_MESSAGES.emailRequired,
  emailInvalid: LEAD_MESSAGES.emailInvalid,
  phoneInvalid: LEAD_MESSAGES.phoneInvalid,
  messageRequired: 'Message is required',
  messageTooLong: `Message cannot exceed ${LIMITS.contactMessage.max} characters`,
  /** Shown by the site when the submission fails. */
  submitFailed: 'Ocurrió un error al enviar el formulario. Intenta nuevamente.',
} as const;

export const CONTACT_FORM_RULES = {
  firstName: LEAD_FORM_RULES.firstName,
  lastName: LEAD_FORM_RULES.lastName,
  phone: optional(LEAD_FORM_RULES.phone),
  email: LEAD_FORM_RULES.email,
  /** Several lines are fine here: the message is the one free-text field. */
  message: text(
    { required: CONTACT_MESSAGES.messageRequired, tooLong: CONTACT_MESSAGES.messageTooLong },
    LIMITS.contactMessage.max,
  ),
};
