import type { ActionResult, ChangePasswordResult, TokenPair } from '@shared/api/account';
import { requestJson } from './http';
import { authRequest, endSession, forgetSession, startSession } from './session-store';
import { readTokens } from '@session/tokens';

export const ALREADY_AUTHENTICATED = 'User is already authenticated';

/** Logs in; refused here, without a call, while a session is stored. Throws ApiError on refusal. */
export async function login(email: string, password: string): Promise<TokenPair> {
  if (readTokens()) throw new Error(ALREADY_AUTHENTICATED);
  const pair = await requestJson<TokenPair>('/users/token/', {
    method: 'POST',
    body: { username: email.trim(), password },
  });
  startSession(pair);
  return pair;
}

export const logout = (): Promise<void> => endSession();

/** Ends every session of the account (all devices), this one included. */
export async function logoutEverywhere(): Promise<void> {
  await authRequest<ActionResult>('/users/logout-all/', { method: 'POST', body: {} });
  await endSession();
}

/** Changes the password: the server ends every other session and hands this tab a new pair. */
export async function changePassword(body: {
  current_password: string;
  new_password: string;
}): Promise<ChangePasswordResult> {
  const result = await authRequest<ChangePasswordResult>('/users/change-password/', { method: 'POST', body });
  startSession({ access: result.access, refresh: result.refresh });
  return result;
}

/**
 * Deletes the signed-in person's account (the password confirms it). The server ends every
 * session of the account at once, so this tab only forgets its tokens. Throws ApiError on refusal.
 */
export async function deleteAccount(userId: number, password: string): Promise<void> {
  await authRequest<null>(`/users/user/${userId}/`, { method: 'DELETE', body: { password } });
  forgetSession();
}
