import { HttpException, HttpStatus } from '@nestjs/common';
import { ACCOUNT_MESSAGES } from '../../shared/rules/account';

/**
 * The answer to a sign-in from a device the account does not know while the account is closed by
 * its ceiling of failed logins: 403 with `sign_in_link: true` and a message saying that a sign-in
 * link was e-mailed if the password is right. It is the same whether the password was right or
 * not (only the mailbox learns which), so past the ceiling the login stops being a password oracle
 * for someone with many addresses. The admin login adds its {success, is_admin} flags.
 */
export class SignInLinkSentException extends HttpException {
  constructor(extra: Record<string, unknown> = {}) {
    super({ ...extra, sign_in_link: true, message: ACCOUNT_MESSAGES.loginLinkSent }, HttpStatus.FORBIDDEN);
  }
}
