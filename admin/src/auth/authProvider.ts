import type { AuthProvider } from 'react-admin';
import { clearLoginNotice, setLoginNotice } from './loginNotice';
import { ADMIN_LOGIN_FAILED, AUTH_MESSAGES, NOT_AN_ADMIN, SESSION_EXPIRED } from '../i18n/authMessages';
import { readClaims } from '@session/claims';
import { clearTokens, readTokens, writeTokens } from '@session/tokens';
import { accessToken } from './tokens';

export { accessToken } from './tokens';

/** Who the back-office is open to: admins (everything) and agents (the lead desk). */
export type StaffRole = 'admin' | 'agent';

/** The role an access token grants in the back-office, or null (a customer, or no token). */
export function staffRole(access: string | null | undefined): StaffRole | null {
  const claims = readClaims(access);
  if (claims?.isAdmin) return 'admin';
  if (claims?.isAgent) return 'agent';
  return null;
}

async function postJson(url: string, body: object): Promise<{ res: Response; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { res, body: await res.json().catch(() => ({})) };
}

export const authProvider: AuthProvider = {
  async login({ username, password }) {
    let answer;
    try {
      // The admin login hands tokens to active admins and agents only; its message says why not.
      answer = await postJson('/api/users/admin/login/', { email: username, password });
    } catch (error) {
      throw new Error(ADMIN_LOGIN_FAILED + (error as Error).message, { cause: error });
    }
    const { res, body } = answer;
    if (!res.ok || !body.success) {
      throw new Error(typeof body.message === 'string' ? body.message : AUTH_MESSAGES.unexpected);
    }
    if (!staffRole(body.access as string)) throw new Error(NOT_AN_ADMIN);
    writeTokens({ access: body.access as string, refresh: body.refresh as string });
    clearLoginNotice();
  },

  async logout() {
    const tokens = readTokens();
    clearTokens();
    // Revoke the refresh token so a copy of it is worthless; signing out never waits on the network.
    if (tokens) await postJson('/api/users/logout/', { refresh: tokens.refresh }).catch(() => undefined);
  },

  async checkAuth() {
    const tokens = readTokens();
    if (!tokens) throw new Error(AUTH_MESSAGES.signInFirst);
    if (!staffRole(tokens.access)) {
      // A customer signed in on the public site: the back-office is not theirs.
      setLoginNotice(NOT_AN_ADMIN);
      throw new Error(NOT_AN_ADMIN);
    }
    if (!(await accessToken())) {
      setLoginNotice(SESSION_EXPIRED);
      throw new Error(SESSION_EXPIRED);
    }
  },

  async checkError(error) {
    if (error?.status === 401) {
      clearTokens();
      setLoginNotice(SESSION_EXPIRED);
      throw new Error(SESSION_EXPIRED);
    }
    // 403 to an admin means the account lost its admin rights. An agent meets a 403 on an admin-only
    // action (the screens hide them, a stale page may not): they stay signed in and see the message.
    if (error?.status === 403 && staffRole(readTokens()?.access) !== 'agent') {
      setLoginNotice(NOT_AN_ADMIN);
      throw new Error(NOT_AN_ADMIN);
    }
  },

  async getPermissions(): Promise<StaffRole | null> {
    return staffRole(readTokens()?.access);
  },

  async getIdentity() {
    const tokens = readTokens();
    const id = readClaims(tokens?.access)?.userId;
    if (!id) throw new Error(AUTH_MESSAGES.notSignedIn);
    return { id };
  },
};
