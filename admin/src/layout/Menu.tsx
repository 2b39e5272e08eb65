import { Menu as RaMenu } from 'react-admin';

/** Home, Agents, Customers, Destinations, Travel Packs, Leads. */
export function Menu() {
  return (
    <RaMenu>
      <RaMenu.DashboardItem primaryText="Home" />
      <RaMenu.ResourceItem name="agents" />
      <RaMenu.ResourceItem name="users" />
      <RaMenu.ResourceItem name="destinations" />
      <RaMenu.ResourceItem name="travel-packs" />
      <RaMenu.ResourceItem name="leads" />
    </RaMenu>
  );
}
