import { HttpException, HttpStatus } from '@nestjs/common';
import { ACCOUNT_MESSAGES } from '../../shared/rules/account';

/**
 * A throttled sign-in: always 429 with the same message (the site and back-office show it as it is)
 * and Retry-After in seconds. The admin login adds its {success, is_admin} flags.
 */
export class LoginThrottledException extends HttpException {
  constructor(
    readonly retryAfterSeconds: number,
    extra: Record<string, unknown> = {},
  ) {
    super({ ...extra, message: ACCOUNT_MESSAGES.loginLocked }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
