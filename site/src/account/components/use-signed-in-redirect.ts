import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../session/use-session';
import { PATHS } from '@shared/paths';

/**
 * Login, sign-up and forgot-password are for visitors: a signed-in customer is sent to their
 * account. Returns true while the page should not show (session still loading, or leaving).
 */
export function useSignedInRedirect(): boolean {
  const session = useSession();
  const navigate = useNavigate();
  const leave = session.isAuthenticated && !session.isAdmin;
  useEffect(() => {
    if (leave) void navigate(PATHS.account, { replace: true });
  }, [leave, navigate]);
  return session.status === 'loading' || leave;
}
