/** Back-office agent and customer forms. */
import { LIMITS } from '../limits';
import { requiredLine } from './admin-fields';
import { email, FieldRule, optionalBoolean, whenSent } from './form';

export const PASSWORD_SPECIALS = '!@#$%^&*';

export const ADMIN_USER_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  emailTooLong: `Email cannot exceed ${LIMITS.email.max} characters`,
  emailReadOnly: 'Email cannot be changed.',
  emailTaken: 'A user with this email already exists.',
  agentPhone: `Phone number must be exactly ${LIMITS.phone.agent.exact} digits`,
  customerPhone: `Phone number must contain only numbers and be between ${LIMITS.phone.profile.min} and ${LIMITS.phone.profile.max} digits`,
  passwordMin: `Password must be at least ${LIMITS.password.min} characters long.`,
  passwordMax: `Password cannot exceed ${LIMITS.password.max} characters.`,
  passwordUppercase: 'Password must contain at least one uppercase letter.',
  passwordNumber: 'Password must contain at least one number.',
  passwordSpecial: `Password must contain at least one special character (${PASSWORD_SPECIALS}).`,
  passwordMismatch: 'Passwords do not match.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotDemoteSelf: 'You cannot remove your own admin rights.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  lastAdmin: 'The last admin cannot be deleted, demoted or deactivated.',
} as const;

/** The strength rules of an admin-set password; undefined when strong enough. */
export function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.length < LIMITS.password.min) return ADMIN_USER_MESSAGES.passwordMin;
  if (password.length > LIMITS.password.max) return ADMIN_USER_MESSAGES.passwordMax;
  if (!/[A-Z]/.test(password)) return ADMIN_USER_MESSAGES.passwordUppercase;
  if (!/[0-9]/.test(password)) return ADMIN_USER_MESSAGES.passwordNumber;
  if (![...PASSWORD_SPECIALS].some((c) => password.includes(c))) return ADMIN_USER_MESSAGES.passwordSpecial;
  return undefined;
}

/** Capitalises the first letter, as the back-office form does while typing. */
export function capitalizeFirst(value: string): string {
  const trimmed = value.trim();
  return trimmed.charAt(0).toLocaleUpperCase('es') + trimmed.slice(1);
}

const nameRule = (label: string, required: boolean): FieldRule<unknown> => {
  const rule = requiredLine(label, LIMITS.adminName.max);
  return required ? rule : whenSent(rule);
};

/** Agent and customer phones are stored as typed, so only digits are accepted (no separators). */
const digits =
  (min: number, max: number, message: string): FieldRule =>
  (value) => {
    if (value === undefined || value === null || value === '') return undefined;
    return typeof value === 'string' && new RegExp(`^\\d{${min},${max}}$`).test(value) ? undefined : message;
  };

const passwordRule: FieldRule = (value) => (value === undefined || value === '' ? undefined : passwordProblem(value));
const confirmRule: FieldRule<{ password?: unknown }> = (value, values) => {
  if (values.password === undefined || values.password === '') return undefined;
  return value === values.password ? undefined : ADMIN_USER_MESSAGES.passwordMismatch;
};
const readOnlyEmail: FieldRule = (value) => (value === undefined ? undefined : ADMIN_USER_MESSAGES.emailReadOnly);

const agentPhone = digits(LIMITS.phone.agent.exact, LIMITS.phone.agent.exact, ADMIN_USER_MESSAGES.agentPhone);
const customerPhone = digits(LIMITS.phone.profile.min, LIMITS.phone.profile.max, ADMIN_USER_MESSAGES.customerPhone);

/** New agent: without a password the agent is created inactive (cannot sign in yet). */
export const CREATE_AGENT_RULES: Record<string, FieldRule> = {
  first_name: nameRule('First name', true),
  last_name: nameRule('Last name', true),
  email: email(
    {
      required: ADMIN_USER_MESSAGES.emailRequired,
      invalid: ADMIN_USER_MESSAGES.emailInvalid,
      tooLong: ADMIN_USER_MESSAGES.emailTooLong,
    },
    LIMITS.email.max,
  ),
  phone: agentPhone,
  password: passwordRule,
  confirm_password: confirmRule,
};

/** Edit of an agent: every field optional (unchanged when absent); e-mail is read-only. */
export const UPDATE_AGENT_RULES: Record<string, FieldRule> = {
  first_name: nameRule('First name', false),
  last_name: nameRule('Last name', false),
  email: readOnlyEmail,
  phone: agentPhone,
  is_active: optionalBoolean('Active'),
  receives_leads: optionalBoolean('Receives leads'),
  password: passwordRule,
  confirm_password: confirmRule,
};

/** Edit of a customer or admin; is_superuser is how further admins are made. */
export const UPDATE_USER_RULES: Record<string, FieldRule> = {
  ...UPDATE_AGENT_RULES,
  phone: customerPhone,
  is_superuser: optionalBoolean('Admin'),
  is_agent: optionalBoolean('Agent'),
};
