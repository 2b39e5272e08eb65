import { ACCOUNT_MESSAGES } from '@shared/rules/account';
import { ApiError } from '../../session/http';
import { LOGIN_ERRORS } from '../messages';

/** The message a failed login shows, by the answer's status (a lock-out shows the server's words). */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return ACCOUNT_MESSAGES.loginWrongPassword;
    if (error.status === 400) return ACCOUNT_MESSAGES.loginUnknownEmail;
    if (error.status === 409) return LOGIN_ERRORS[409];
    return error.body?.error ?? LOGIN_ERRORS.other;
  }
  // fetch rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return `${LOGIN_ERRORS.networkPrefix}${error.message}`;
  return `${LOGIN_ERRORS.thrownPrefix}${error instanceof Error ? error.message : String(error)}`;
}
