import { usePermissions } from 'react-admin';
import type { StaffRole } from './authProvider';

/**
 * True for an admin, false for an agent of the lead desk (and while the role is still being read).
 * Screens hide what only admins may do; the server refuses it to agents whatever the screen shows.
 */
export function useIsAdmin(): boolean {
  const { permissions } = usePermissions<StaffRole | null>();
  return permissions === 'admin';
}
