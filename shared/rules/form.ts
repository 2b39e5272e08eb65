/**
 * The rule language of every form. A field rule takes the field's value and the whole form and
 * returns the message to show, or undefined when the value is valid: react-hook-form's and
 * react-admin's `validate` accept it as it is, and the server applies the same function to a DTO
 * property. A form is a record of field rules (`<FORM>_RULES`) beside its messages.
 */
import { isBlank, isEmail, isSingleLine, normalizePhone } from './primitives';

export type FieldRule<V = Record<string, unknown>> = (value: unknown, values: V) => string | undefined;
export type FormRules<V = Record<string, unknown>> = Record<string, FieldRule<V>>;
/** Field name to message, only for the fields that failed. */
export type FieldErrors = Record<string, string>;

/** The length limits a rule enforces, read by documents that describe a form (the server's OpenAPI document). */
export interface RuleLimits {
  minLength?: number;
  maxLength?: number;
}

const RULE_LIMITS = new WeakMap<object, RuleLimits>();

/** Records the length limits `rule` enforces, so they are stated once, where the rule is made. */
export function withLimits<R extends FieldRule<never>>(rule: R, limits: RuleLimits | undefined): R {
  if (limits) RULE_LIMITS.set(rule, limits);
  return rule;
}

/** The length limits a rule was made with (none for rules without a length limit). */
export function limitsOf(rule: FieldRule<never>): RuleLimits {
  return RULE_LIMITS.get(rule) ?? {};
}

/** Runs every rule of a form and returns the failing fields (an empty object when all pass). */
export function validateForm<V extends object>(rules: Partial<Record<string, FieldRule<V>>>, values: V): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, rule] of Object.entries(rules)) {
    const message = rule?.((values as Record<string, unknown>)[field], values);
    if (message) errors[field] = message;
  }
  return errors;
}

/** The rule applies only when a value is given: missing, null or blank text passes. */
export function optional<V>(rule: FieldRule<V>): FieldRule<V> {
  return withLimits((value, values) => (isBlank(value) ? undefined : rule(value, values)), RULE_LIMITS.get(rule));
}

/** The rule applies only when the field is sent at all (edit forms: absent means unchanged). */
export function whenSent<V>(rule: FieldRule<V>): FieldRule<V> {
  return withLimits((value, values) => (value === undefined ? undefined : rule(value, values)), RULE_LIMITS.get(rule));
}

export interface TextMessages {
  /** Blank or missing; without it the field is optional. */
  required?: string;
  /** Not text at all (a number, a list); `required` when not given. */
  notText?: string;
  /** Holds line breaks or other characters a single line may not have. */
  invalid?: string;
  tooLong: string;
}

/**
 * Text of at most `max` characters (surrounding spaces not counted). With `m.invalid` it must be
 * a single line: names, titles and the like go into e-mails and spreadsheets.
 */
export function text(m: TextMessages, max: number): FieldRule<unknown> {
  const rule: FieldRule<unknown> = (value) => {
    if (isBlank(value)) return m.required;
    if (typeof value !== 'string') return m.notText ?? m.required ?? m.tooLong;
    if (m.invalid && !isSingleLine(value)) return m.invalid;
    return value.trim().length > max ? m.tooLong : undefined;
  };
  return withLimits(rule, { maxLength: max });
}

export interface EmailMessages {
  required: string;
  invalid: string;
  /** Longer than the limit; `invalid` when not given. */
  tooLong?: string;
}

/** A required e-mail address of the one shape every form accepts, at most `max` characters. */
export function email(m: EmailMessages, max: number): FieldRule<unknown> {
  const rule: FieldRule<unknown> = (value) => {
    if (isBlank(value) || typeof value !== 'string') return m.required;
    if (value.trim().length > max) return m.tooLong ?? m.invalid;
    return isEmail(value) ? undefined : m.invalid;
  };
  return withLimits(rule, { maxLength: max });
}

/**
 * A required phone number: min to max digits once the usual separators are dropped. With
 * `m.notText` only text is accepted (a JSON number gets that message).
 */
export function phone(
  m: { required: string; invalid: string; notText?: string },
  min: number,
  max: number,
): FieldRule<unknown> {
  return (value) => {
    if (isBlank(value)) return m.required;
    if (m.notText && typeof value !== 'string') return m.notText;
    const digits = normalizePhone(value);
    return digits !== null && digits.length >= min && digits.length <= max ? undefined : m.invalid;
  };
}

/** A value that must be one of a fixed list. */
export function oneOf(allowed: readonly unknown[], message: string): FieldRule<unknown> {
  return (value) => (allowed.includes(value) ? undefined : message);
}

/** An optional true/false flag. */
export function optionalBoolean(label: string): FieldRule<unknown> {
  return (value) => (value === undefined || typeof value === 'boolean' ? undefined : `${label} must be true or false`);
}

/** A positive whole-number id; `requiredMessage` null makes it optional. */
export function idRule(requiredMessage: string | null, label: string): FieldRule<unknown> {
  return (value) => {
    if (value === undefined || value === null || value === '') return requiredMessage ?? undefined;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) return `${label} must be a valid id`;
    return undefined;
  };
}
