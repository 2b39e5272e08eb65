import { ApiError } from '../../session/http';
import { SIGN_UP_ERRORS } from '../messages';

export function signUpErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 400) return error.body?.error ?? SIGN_UP_ERRORS[400];
    if (error.status === 409) return SIGN_UP_ERRORS[409];
  }
  return SIGN_UP_ERRORS.other;
}
