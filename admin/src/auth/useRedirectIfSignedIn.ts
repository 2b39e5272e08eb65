import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { claims, readTokens } from './tokens';

/** Login, sign-up and forgot-password send a signed-in admin to the back-office home. */
export function useRedirectIfSignedIn(enabled = true) {
  const navigate = useNavigate();
  useEffect(() => {
    const tokens = readTokens();
    if (enabled && tokens && claims(tokens.access).is_admin) void navigate('/', { replace: true });
  }, [enabled, navigate]);
}

export const isSignedInAdmin = () => {
  const tokens = readTokens();
  return Boolean(tokens && claims(tokens.access).is_admin);
};
