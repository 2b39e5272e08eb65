import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { MailService } from '../../mail/mail.service';
import { User } from '../entities/user.entity';
import { encodeUid } from '../uidb64';
import { passwordResetEmail, verificationEmail } from './account-mails';

/** Builds the links of CONTRACT.md and sends the account e-mails. Throws when sending fails. */
@Injectable()
export class AccountMailerService {
  constructor(
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  verificationLink(user: Pick<User, 'id'>, token: string): string {
    return `${this.config.publicUrl}/email-verification/${encodeUid(user.id)}/${token}`;
  }

  resetLink(user: Pick<User, 'id' | 'is_superuser'>, token: string): string {
    const shell = user.is_superuser ? '/admin' : '';
    return `${this.config.publicUrl}${shell}/api/users/reset/${encodeUid(user.id)}/${token}`;
  }

  sendVerification(user: User, token: string): Promise<void> {
    return this.mail.send(verificationEmail(user.email, user.first_name, this.verificationLink(user, token)));
  }

  sendPasswordReset(user: User, token: string): Promise<void> {
    return this.mail.send(passwordResetEmail(user.email, user.first_name, this.resetLink(user, token)));
  }
}
