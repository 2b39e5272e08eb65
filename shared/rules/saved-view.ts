/** Saved views of the back-office lists: a name and the list's query, per staff member. */
import { requiredLine } from './admin-fields';
import { FieldRule } from './form';

export const SAVED_VIEW_LIMITS = { name: 100, query: 4000 } as const;
/** The lists a view may be saved for. */
export const SAVED_VIEW_RESOURCES = [
  'leads',
  'tasks',
  'lead-notes',
  'packs',
  'users',
  'agents',
  'destinations',
] as const;

export const SAVED_VIEW_MESSAGES = {
  resource: `Resource must be one of: ${SAVED_VIEW_RESOURCES.join(', ')}`,
  query: 'Query must be an object (filter, sort, order)',
  queryTooLong: `Query cannot exceed ${SAVED_VIEW_LIMITS.query} characters as JSON`,
  nameTaken: 'You already have a view with this name for this list',
} as const;

export const SAVED_VIEW_RULES = {
  resource: ((value) =>
    (SAVED_VIEW_RESOURCES as readonly unknown[]).includes(value)
      ? undefined
      : SAVED_VIEW_MESSAGES.resource) as FieldRule<unknown>,
  name: requiredLine('Name', SAVED_VIEW_LIMITS.name),
  query: ((value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return SAVED_VIEW_MESSAGES.query;
    return JSON.stringify(value).length > SAVED_VIEW_LIMITS.query ? SAVED_VIEW_MESSAGES.queryTooLong : undefined;
  }) as FieldRule<unknown>,
};
