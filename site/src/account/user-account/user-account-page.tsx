import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { useSession } from '../../session/use-session';
import { AuthLoading } from '../components/auth-card';
import { ACCOUNT_PATHS } from '../paths';
import { AccountLayout, type AccountTab } from './account-layout';
import { LeadsTab } from './leads-tab';
import { MyAccountTab } from './my-account-tab';
import { SettingsTab } from './settings-tab';
import '../account.css';

const TABS: Record<string, AccountTab> = { '': 'account', leads: 'leads', settings: 'settings' };

/** The signed-in customer's page. Visitors go to the login; admins to the back-office. */
export function UserAccountPage() {
  const session = useSession();
  const rest = (useParams()['*'] ?? '').replace(/\/+$/, '');
  const tab = TABS[rest];
  const isAdmin = session.isAuthenticated && session.isAdmin;

  useEffect(() => {
    // The back-office is another application: a full navigation, not a router change.
    if (isAdmin) window.location.replace(ACCOUNT_PATHS.admin);
  }, [isAdmin]);

  if (session.status === 'loading' || isAdmin) return <AuthLoading />;
  if (!session.user) return <Navigate to={ACCOUNT_PATHS.login} replace />;
  if (!tab) return <Navigate to={ACCOUNT_PATHS.account} replace />;
  const userId = session.user.id;
  return (
    <AccountLayout active={tab} name={session.profile?.first_name}>
      {tab === 'account' && <MyAccountTab userId={userId} />}
      {tab === 'leads' && <LeadsTab userId={userId} />}
      {tab === 'settings' && <SettingsTab />}
    </AccountLayout>
  );
}
