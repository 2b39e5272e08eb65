import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { SIGN_IN_LINK } from '../sign-in-link';
import { DAY_MS, HOUR_MS } from '../../common/time/durations';
import { AppConfig } from '../../config/app-config';
import { OutboxService } from '../../mail/outbox.service';
import { OutboxWorker } from '../../mail/outbox-worker.service';
import { passwordResetEmail, signUpAttemptEmail, verificationEmail } from '../../mail/templates/account-mails';
import { earlierLeadsEmail, signInLinkEmail } from '../../mail/templates/access-mails';
import {
  absoluteUrl,
  ADMIN_ROUTES,
  adminPath,
  confirmEarlierRequestsPath,
  PATHS,
  resetPasswordPath,
  signInLinkPath,
  verifyEmailPath,
} from '../../../shared/paths';
import { User } from '../entities/user.entity';
import { encodeUid } from '../uidb64';
import { USER_TOKEN_TTL_MS, UserTokensService } from '../user-tokens.service';
import { UsersRepository } from '../users.repository';

export const VERIFY_EMAIL_KIND = 'verify-email';
export const PASSWORD_RESET_KIND = 'password-reset';
export const EARLIER_LEADS_KIND = 'earlier-leads';
export const SIGN_UP_ATTEMPT_KIND = 'sign-up-attempt';

/**
 * The account e-mails, through the outbox. The links (CONTRACT.md) are made when the mail is sent:
 * the request only queues "send this address a link", so a reset request does the same work
 * whether or not the address has an account, and no one-time link is ever stored.
 */
@Injectable()
export class AccountMailerService {
  constructor(
    private readonly config: AppConfig,
    private readonly outbox: OutboxService,
    private readonly users: UsersRepository,
    private readonly userTokens: UserTokensService,
    worker: OutboxWorker,
  ) {
    worker.renderWhenSending(VERIFY_EMAIL_KIND, async (row, m) => {
      const user = row.ref_id === null ? null : await this.users.findById(row.ref_id, undefined, m);
      if (!user || user.is_active) return null;
      // The newest link is the only live one.
      await this.userTokens.voidAll(user.id, 'verify_email', m);
      const token = await this.userTokens.issue(user.id, 'verify_email', m);
      return verificationEmail(user.email, user.first_name, this.verificationLink(user, token));
    });
    worker.renderWhenSending(PASSWORD_RESET_KIND, async (row, m) => {
      const user = await this.users.findByEmail(row.to_address, undefined, m);
      if (!user) return null;
      // A new reset link voids the older ones.
      await this.userTokens.voidAll(user.id, 'reset_password', m);
      const token = await this.userTokens.issue(user.id, 'reset_password', m);
      return passwordResetEmail(user.email, user.first_name, this.resetLink(user, token));
    });
    // Queued by every login attempt past an account's ceiling; only a right password names the user.
    worker.renderWhenSending(SIGN_IN_LINK.kind, async (row, m) => {
      const user = row.ref_id === null ? null : await this.users.findById(row.ref_id, undefined, m);
      if (!user || !user.is_active) return null;
      // Someone who knows the password still cannot flood the mailbox. Older links stay live: each
      // works once, and all of them are in the owner's mailbox. Mails render in parallel on
      // MySQL/MariaDB: the account's row lock makes the count exact (SQLite runs them one by one).
      await this.users.lockRow(user.id, m);
      const recent = await this.userTokens.countRecent(user.id, 'sign_in_link', HOUR_MS, m);
      if (recent >= SIGN_IN_LINK.perAccountPerHour) return null;
      const token = await this.userTokens.issue(user.id, 'sign_in_link', m);
      return signInLinkEmail(user.email, user.first_name, this.link(signInLinkPath, user, token));
    });
    worker.renderWhenSending(EARLIER_LEADS_KIND, async (row, m) => {
      const user = row.ref_id === null ? null : await this.users.findById(row.ref_id, undefined, m);
      if (!user || !user.is_active || user.earlier_leads_claimed_at) return null;
      const token = await this.userTokens.issue(user.id, 'claim_leads', m);
      return earlierLeadsEmail(user.email, user.first_name, this.link(confirmEarlierRequestsPath, user, token));
    });
    worker.renderWhenSending(SIGN_UP_ATTEMPT_KIND, async (row, m) => {
      const user = row.ref_id === null ? null : await this.users.findById(row.ref_id, undefined, m);
      if (!user) return null;
      // Admins reset their password in the back-office, everyone else on the site.
      const page = user.is_superuser ? adminPath(ADMIN_ROUTES.forgotPassword) : PATHS.forgotPassword;
      return signUpAttemptEmail(user.email, user.first_name, absoluteUrl(this.config.publicUrl, page));
    });
  }

  /** A site page that opens a one-time link (shared/paths.ts), on PUBLIC_URL. */
  private link(page: (uidb64: string, token: string) => string, user: Pick<User, 'id'>, token: string): string {
    return absoluteUrl(this.config.publicUrl, page(encodeUid(user.id), token));
  }

  verificationLink(user: Pick<User, 'id'>, token: string): string {
    return this.link(verifyEmailPath, user, token);
  }

  /** Admins reset their password in the back-office: `/admin/api/users/reset/…`. */
  resetLink(user: Pick<User, 'id' | 'is_superuser'>, token: string): string {
    const path = resetPasswordPath(encodeUid(user.id), token, { admin: user.is_superuser });
    return absoluteUrl(this.config.publicUrl, path);
  }

  /** Queues a verification link for the user, with the caller's transaction. */
  queueVerification(manager: EntityManager, user: Pick<User, 'id' | 'email'>): Promise<void> {
    return this.outbox.enqueue(
      manager,
      { to: user.email, subject: 'Verifica tu cuenta', text: '', html: '' },
      {
        kind: VERIFY_EMAIL_KIND,
        label: `Verification e-mail for user ${user.id}`,
        refId: user.id,
        usefulForMs: USER_TOKEN_TTL_MS.verify_email,
      },
    );
  }

  /** Queues the notice to an account's owner that someone signed up with its address (nothing else happened). */
  queueSignUpAttempt(manager: EntityManager, user: Pick<User, 'id' | 'email'>): Promise<void> {
    return this.outbox.enqueue(
      manager,
      { to: user.email, subject: 'Intento de registro con tu correo', text: '', html: '' },
      {
        kind: SIGN_UP_ATTEMPT_KIND,
        label: `Sign-up attempt notice for user ${user.id}`,
        refId: user.id,
        usefulForMs: DAY_MS,
      },
    );
  }

  /** Queues the link that confirms the account's earlier leads (opened in the asking browser). */
  queueEarlierLeadsConfirmation(manager: EntityManager, user: Pick<User, 'id' | 'email'>): Promise<void> {
    return this.outbox.enqueue(
      manager,
      { to: user.email, subject: 'Confirma tus solicitudes anteriores', text: '', html: '' },
      {
        kind: EARLIER_LEADS_KIND,
        label: `Earlier-leads confirmation for user ${user.id}`,
        refId: user.id,
        usefulForMs: USER_TOKEN_TTL_MS.claim_leads,
      },
    );
  }

  /** Queues a reset link for whatever account has this address (none: nothing is sent). */
  queuePasswordReset(manager: EntityManager, email: string): Promise<void> {
    return this.outbox.enqueue(
      manager,
      { to: email, subject: 'Restablece tu contraseña', text: '', html: '' },
      { kind: PASSWORD_RESET_KIND, label: 'Password reset e-mail', usefulForMs: USER_TOKEN_TTL_MS.reset_password },
    );
  }
}
