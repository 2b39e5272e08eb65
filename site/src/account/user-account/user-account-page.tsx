import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useSession } from '../../session/use-session';
import { AuthLoading } from '../components/auth-card';
import { MY_DATA } from '../messages';
import { ADMIN_BASE, PATHS } from '@shared/paths';
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
  // Set while the account is being deleted: its session then ends, and the person goes home.
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    // The back-office is another application: a full navigation, not a router change.
    if (isAdmin) window.location.replace(ADMIN_BASE);
  }, [isAdmin]);

  if (session.status === 'loading' || isAdmin) return <AuthLoading />;
  if (!session.user)
    return leaving ? (
      <Navigate to={PATHS.home} replace state={{ notice: MY_DATA.deleted }} />
    ) : (
      <Navigate to={PATHS.login} replace />
    );
  if (!tab) return <Navigate to={PATHS.account} replace />;
  const userId = session.user.id;
  return (
    <AccountLayout active={tab} name={session.profile?.first_name}>
      {tab === 'account' && <MyAccountTab userId={userId} onLeaving={setLeaving} />}
      {tab === 'leads' && <LeadsTab userId={userId} />}
      {tab === 'settings' && <SettingsTab />}
    </AccountLayout>
  );
}
