import { LEAD_CODE_RULES, LEAD_FORM_RULES } from '@shared/rules/lead';

/**
 * The lead form's rules as react-hook-form takes them: each shared rule is a `validate` (a message,
 * or undefined when the value is valid), the same function the server applies.
 */
export const LEAD_FIELD_RULES = {
  destination_id: LEAD_FORM_RULES.destination_id,
  firstName: LEAD_FORM_RULES.firstName,
  lastName: LEAD_FORM_RULES.lastName,
  email: LEAD_FORM_RULES.email,
  phone: LEAD_FORM_RULES.phone,
  confirmationCode: LEAD_CODE_RULES.confirmation_code,
} as const;
