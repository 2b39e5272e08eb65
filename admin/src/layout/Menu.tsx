import { Menu as RaMenu } from 'react-admin';
import { useIsAdmin } from '../auth';

/**
 * Home, Agents, Customers, Destinations, Travel Packs, Leads, E-mail templates, Audit log; an agent
 * (the lead desk) sees Home and Leads.
 */
export function Menu() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) {
    return (
      <RaMenu>
        <RaMenu.DashboardItem primaryText="app.menu.home" />
        <RaMenu.ResourceItem name="leads" />
      </RaMenu>
    );
  }
  return (
    <RaMenu>
      <RaMenu.DashboardItem primaryText="app.menu.home" />
      <RaMenu.ResourceItem name="agents" />
      <RaMenu.ResourceItem name="users" />
      <RaMenu.ResourceItem name="destinations" />
      <RaMenu.ResourceItem name="travel-packs" />
      <RaMenu.ResourceItem name="leads" />
      <RaMenu.ResourceItem name="email-templates" />
      {/* 'Registro de auditoría' is longer than the menu: it wraps rather than being cut. */}
      <RaMenu.ResourceItem name="audit-log" sx={{ whiteSpace: 'normal', '& *': { whiteSpace: 'normal' } }} />
    </RaMenu>
  );
}
