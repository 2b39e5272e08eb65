import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { readClaims } from '@session/claims';
import { readTokens } from '@session/tokens';

/** Login, sign-up and forgot-password send a signed-in admin to the back-office home. */
export function useRedirectIfSignedIn(enabled = true) {
  const navigate = useNavigate();
  useEffect(() => {
    const tokens = readTokens();
    if (enabled && readClaims(tokens?.access)?.isAdmin) void navigate('/', { replace: true });
  }, [enabled, navigate]);
}

export const isSignedInAdmin = () => {
  return readClaims(readTokens()?.access)?.isAdmin === true;
};
