import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
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
/** The history state the home page shows as a notice once the account is deleted. */
const DELETED_NOTICE = { notice: MY_DATA.deleted };

/** The signed-in customer's page. Visitors go to the login; admins to the back-office. */
export function UserAccountPage() {
  const session = useSession();
  const rest = (useParams()['*'] ?? '').replace(/\/+$/, '');
  const tab = TABS[rest];
  const isAdmin = session.isAuthenticated && session.isAdmin;
  // Set while the account is being deleted: its session then ends, and the person goes home.
  const [leaving, setLeaving] = useState(false);
  const navigate = useNavigate();
  const sentHome = useRef(false);
  const deleted = leaving && !session.user && session.status !== 'loading';

  useEffect(() => {
    // Once, by hand: a <Navigate> with a state object navigates again on each render, and while the
    // home page loads this page renders again and again (it sent the catalogue requests in a loop).
    if (!deleted || sentHome.current) return;
    sentHome.current = true;
    void navigate(PATHS.home, { replace: true, state: DELETED_NOTICE });
  }, [deleted, navigate]);

  useEffect(() => {
    // The back-office is another application: a full navigation, not a router change.
    if (isAdmin) window.location.replace(ADMIN_BASE);
  }, [isAdmin]);

  if (session.status === 'loading' || isAdmin) return <AuthLoading />;
  if (!session.user) return leaving ? <AuthLoading /> : <Navigate to={PATHS.login} replace />;
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
