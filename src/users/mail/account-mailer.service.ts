import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { OutboxService } from '../../mail/outbox.service';
import { OutboxWorker } from '../../mail/outbox-worker.service';
import { passwordResetEmail, verificationEmail } from '../../mail/templates/account-mails';
import { User } from '../entities/user.entity';
import { encodeUid } from '../uidb64';
import { USER_TOKEN_TTL_MS, UserTokensService } from '../user-tokens.service';
import { UsersRepository } from '../users.repository';

export const VERIFY_EMAIL_KIND = 'verify-email';
export const PASSWORD_RESET_KIND = 'password-reset';

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
  }

  verificationLink(user: Pick<User, 'id'>, token: string): string {
    return `${this.config.publicUrl}/email-verification/${encodeUid(user.id)}/${token}`;
  }

  resetLink(user: Pick<User, 'id' | 'is_superuser'>, token: string): string {
    const shell = user.is_superuser ? '/admin' : '';
    return `${this.config.publicUrl}${shell}/api/users/reset/${encodeUid(user.id)}/${token}`;
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

  /** Queues a reset link for whatever account has this address (none: nothing is sent). */
  queuePasswordReset(manager: EntityManager, email: string): Promise<void> {
    return this.outbox.enqueue(
      manager,
      { to: email, subject: 'Restablece tu contraseña', text: '', html: '' },
      { kind: PASSWORD_RESET_KIND, label: 'Password reset e-mail', usefulForMs: USER_TOKEN_TTL_MS.reset_password },
    );
  }
}
