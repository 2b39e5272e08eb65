import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon, ClockIcon, ShieldIcon, UserIcon } from '../../components/ui/icons';
import { PATHS } from '@shared/paths';

export type AccountTab = 'account' | 'leads' | 'settings';

const ITEMS: Array<{ tab: AccountTab; to: string; label: string; icon: ReactNode }> = [
  { tab: 'account', to: PATHS.account, label: 'My Account', icon: <UserIcon size={20} /> },
  { tab: 'leads', to: PATHS.accountLeads, label: 'Leads', icon: <ClockIcon size={20} /> },
  { tab: 'settings', to: PATHS.accountSettings, label: 'Settings', icon: <ShieldIcon size={20} /> },
];

/** The account page's frame: a sidebar that folds down to its icons, and the active tab. */
export function AccountLayout({ active, name, children }: { active: AccountTab; name?: string; children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <section className={`account page-width${collapsed ? ' account--collapsed' : ''}`}>
      <aside className="account__sidebar" aria-label="Mi cuenta">
        <div className="account__hello">
          <span className="account__avatar" aria-hidden="true">
            {(name ?? '·').slice(0, 1).toUpperCase()}
          </span>
          <span className="account__hello-text">Hola{name ? `, ${name}` : ''}</span>
        </div>
        <nav className="account__tabs">
          {ITEMS.map((item) => (
            <NavLink
              key={item.tab}
              to={item.to}
              end
              className={`account__tab${item.tab === active ? ' account__tab--active' : ''}`}
              title={collapsed ? item.label : undefined}
            >
              {item.icon}
              <span className="account__tab-label">{item.label}</span>
            </NavLink>
          ))}
        </nav>
        <button
          type="button"
          className="account__collapse"
          aria-expanded={!collapsed}
          aria-label={collapsed ? 'Mostrar menú' : 'Ocultar menú'}
          onClick={() => setCollapsed((c) => !c)}
        >
          {collapsed ? <ChevronRightIcon size={18} /> : <ChevronLeftIcon size={18} />}
          <span className="account__tab-label">Ocultar menú</span>
        </button>
      </aside>
      <div className="account__content">{children}</div>
    </section>
  );
}
