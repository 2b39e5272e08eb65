import { ADMIN_WRITABLE_FIELDS, AdminResource } from '@shared/api/admin';

const PASSWORDS = ['password', 'confirm_password'];

const LISTS: Record<string, readonly string[]> = {
  'agents:create': ADMIN_WRITABLE_FIELDS.agentsCreate,
  'agents:update': ADMIN_WRITABLE_FIELDS.agentsUpdate,
  'users:update': ADMIN_WRITABLE_FIELDS.usersUpdate,
  'packs:create': ADMIN_WRITABLE_FIELDS.packs,
  'packs:update': ADMIN_WRITABLE_FIELDS.packs,
  'leads:create': ADMIN_WRITABLE_FIELDS.leadsCreate,
  'leads:update': ADMIN_WRITABLE_FIELDS.leadsUpdate,
};

/** Keeps only the fields the API accepts for this call (it refuses any other with 400). */
export function writableFields(resource: AdminResource, action: 'create' | 'update', data: Record<string, unknown>) {
  const allowed = LISTS[`${resource}:${action}`];
  if (!allowed) return data;
  return Object.fromEntries(
    Object.entries(data).filter(
      // A blank password field means "keep the password".
      ([key, value]) => allowed.includes(key) && value !== undefined && !(PASSWORDS.includes(key) && value === ''),
    ),
  );
}
