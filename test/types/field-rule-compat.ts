/**
 * Compile-only check (run by the type check): the shared field rules are accepted as they are by
 * react-hook-form's `validate` on a typed form and by react-admin's `validate`.
 */
import type { Validator } from 'react-admin';
import type { RegisterOptions } from 'react-hook-form';
import { RESET_PASSWORD_RULES, SIGN_UP_RULES } from '../../shared/rules/account';
import { CREATE_AGENT_RULES } from '../../shared/rules/admin-user';
import { CONTACT_FORM_RULES } from '../../shared/rules/contact';
import type { FieldRule } from '../../shared/rules/form';
import { LEAD_FORM_RULES } from '../../shared/rules/lead';
import { PACK_RULES } from '../../shared/rules/pack';

type SignUpForm = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
};
type LeadForm = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  date: string;
  hour: string;
  destination_id: number;
};
interface ContactForm {
  firstName: string;
  lastName: string;
  phone?: string;
  email: string;
  message: string;
}

export const signUp: RegisterOptions<SignUpForm, 'confirm_password'> = { validate: SIGN_UP_RULES.confirm_password };
export const signUpEmail: RegisterOptions<SignUpForm, 'email'> = { validate: SIGN_UP_RULES.email };
export const lead: RegisterOptions<LeadForm, 'destination_id'> = { validate: LEAD_FORM_RULES.destination_id };
export const leadName: RegisterOptions<LeadForm, 'firstName'> = { validate: LEAD_FORM_RULES.firstName };
// An interface has no index signature: rules type only the other fields they read, so they still fit.
export const contact: RegisterOptions<ContactForm, 'message'> = { validate: CONTACT_FORM_RULES.message };
interface ResetForm {
  password: string;
  confirm_password: string;
}
export const reset: RegisterOptions<ResetForm, 'confirm_password'> = {
  validate: RESET_PASSWORD_RULES.confirm_password,
};

export const agentEmail: Validator = CREATE_AGENT_RULES.email;
export const packDiscount: Validator = PACK_RULES.discount_price;
export const anyRule: Validator = null as unknown as FieldRule;
