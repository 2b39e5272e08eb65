import { AUDIT_ACTIONS, AUDIT_RESOURCES } from '@shared/api/admin';

/** Catalogue keys of an audit action and resource (an unknown one is shown as it came). */
export const actionKey = (action: string) => `app.audit.actions.${action}`;
export const resourceKey = (resource: string) => `app.audit.resources.${resource}`;

export const ACTION_CHOICES = AUDIT_ACTIONS.map((id) => ({ id, name: actionKey(id) }));
export const RESOURCE_CHOICES = AUDIT_RESOURCES.map((id) => ({ id, name: resourceKey(id) }));

const SCREENS: Record<string, string> = {
  leads: 'leads',
  users: 'users',
  agents: 'agents',
  packs: 'travel-packs',
  destinations: 'destinations',
};

/** The back-office resource (screen) of an audit resource, if it has one. */
export const raResource = (resource: string): string | undefined => SCREENS[resource];

/** The catalogue key of a field as the resource's own screens name it. */
export const fieldKey = (screen: string, field: string) => ['resources', screen, 'fields', field].join('.');

/** The back-office path of an entry's record, when the record has a page of its own. */
export function recordPath(resource: string, recordId: string | null): string | null {
  const screen = raResource(resource);
  return recordId && screen ? `/${screen}/${recordId}/show` : null;
}
