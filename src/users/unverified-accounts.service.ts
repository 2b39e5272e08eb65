import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { isDuplicateKey } from '../database/db-errors';
import { UnitOfWork } from '../database/unit-of-work';
import { User } from './entities/user.entity';
import { AccountMailerService } from './mail/account-mailer.service';
import { UsersRepository } from './users.repository';

export class AccountExistsError extends Error {}

/**
 * Accounts opened on someone's behalf (the back-office's "create account from lead"): inactive and
 * without a usable password until the person follows the verification link and sets one through
 * the password reset. The account and its verification e-mail (outbox) are written together.
 */
@Injectable()
export class UnverifiedAccountsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly mailer: AccountMailerService,
  ) {}

  /** Throws AccountExistsError when the e-mail has an account. The verification e-mail is queued with it. */
  async createAndSendVerification(input: {
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
  }): Promise<User> {
    const email = input.email.trim().toLowerCase();
    if (await this.users.existsByEmail(email)) throw new AccountExistsError(email);
    try {
      return await this.unitOfWork.run(async (m) => {
        const user = await this.users.insert(
          {
            email,
            first_name: input.first_name,
            last_name: input.last_name,
            phone: input.phone,
            password_hash: `!unusable-${randomBytes(16).toString('hex')}`,
            is_active: false,
            is_superuser: false,
            is_agent: false,
          },
          m,
        );
        await this.mailer.queueVerification(m, user);
        return user;
      });
    } catch (err) {
      if (isDuplicateKey(err)) {
        throw new AccountExistsError(email);
      }
      throw err;
    }
  }
}
