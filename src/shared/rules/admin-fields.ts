/**
 * Building blocks of the back-office validators. Pure TypeScript: the server DTOs and the
 * react-admin inputs run the same functions. A rule returns the message, or undefined when valid;
 * its signature is react-admin's `validate` signature `(value, allValues)`.
 */
export type FieldRule = (value: unknown, values: Record<string, unknown>) => string | undefined;
export type FieldErrors = Record<string, string>;

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Missing, null, or only whitespace. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A real calendar date written YYYY-MM-DD (2024-02-30 is refused). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Required text with a maximum length, e.g. requiredText('Title', 100). */
export function requiredText(label: string, max: number): FieldRule {
  return (value) => {
    if (isBlank(value)) return `${label} is required`;
    if (typeof value !== 'string') return `${label} must be text`;
    if (value.trim().length > max) return `${label} cannot exceed ${max} characters`;
    return undefined;
  };
}

/** Optional text with a maximum length. */
export function optionalText(label: string, max: number): FieldRule {
  return (value) => {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') return `${label} must be text`;
    if (value.trim().length > max) return `${label} cannot exceed ${max} characters`;
    return undefined;
  };
}

/** Optional boolean flag. */
export function optionalBoolean(label: string): FieldRule {
  return (value) => (value === undefined || typeof value === 'boolean' ? undefined : `${label} must be true or false`);
}

/** A positive whole number id, required or not. */
export function idRule(requiredMessage: string | null, label: string): FieldRule {
  return (value) => {
    if (value === undefined || value === null || value === '') return requiredMessage ?? undefined;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) return `${label} must be a valid id`;
    return undefined;
  };
}

/** Runs every rule of a form and returns the failing fields. */
export function runRules(rules: Record<string, FieldRule>, values: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, rule] of Object.entries(rules)) {
    const message = rule(values[field], values);
    if (message) errors[field] = message;
  }
  return errors;
}
