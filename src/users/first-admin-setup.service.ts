import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { safeEqual } from '../auth/token-hash';
import { AppConfig } from '../config/app-config';

/** Name of the query parameter of the set-up URL, of the body field and (as X-Setup-Token) of the header. */
export const SETUP_TOKEN_PARAM = 'setup';
export const SETUP_TOKEN_FIELD = 'setup_token';
export const SETUP_TOKEN_HEADER = 'x-setup-token';

/**
 * The first admin of a fresh deployment. While no admin exists (and ADMIN_EMAIL is unset) the
 * server prints a one-time set-up URL in its log at start-up; only whoever can read that log
 * can create the first admin. The token lives in memory only: it dies when used and on restart.
 */
@Injectable()
export class FirstAdminSetupService {
  private readonly logger = new Logger('FirstAdminSetup');
  private token: string | null = null;

  constructor(private readonly config: AppConfig) {}

  /** Issues a new token and logs the URL to use. */
  open(): void {
    this.token = randomBytes(24).toString('base64url');
    const url = `${this.config.publicUrl}/admin/sign-up?${SETUP_TOKEN_PARAM}=${this.token}`;
    this.logger.warn(
      `No admin account exists yet. Create the first one at ${url} ` +
        '(one-time link: it stops working once used or when the server restarts).',
    );
  }

  get isOpen(): boolean {
    return this.token !== null;
  }

  /** Constant-time check of a presented token (false when none is pending). */
  matches(candidate: unknown): boolean {
    return this.token !== null && typeof candidate === 'string' && safeEqual(candidate, this.token);
  }

  close(): void {
    this.token = null;
  }
}
