import { useSyncExternalStore } from 'react';
import { login, logout, logoutEverywhere } from './actions';
import { getServerSessionState, getSessionState, subscribeSession, type SessionState } from './session-store';

export interface Session extends SessionState {
  isAuthenticated: boolean;
  isAdmin: boolean;
  login: typeof login;
  logout: typeof logout;
  logoutEverywhere: typeof logoutEverywhere;
}

/**
 * The visitor's session, for any component (no provider needed). On the server and during
 * hydration it reads 'loading'; in the browser it follows localStorage, other tabs included.
 */
export function useSession(): Session {
  const state = useSyncExternalStore(subscribeSession, getSessionState, getServerSessionState);
  return {
    ...state,
    isAuthenticated: state.status === 'authenticated',
    isAdmin: state.user?.isAdmin ?? false,
    login,
    logout,
    logoutEverywhere,
  };
}
