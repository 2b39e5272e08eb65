import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, Repository } from 'typeorm';
import { runInTransaction } from '../database/transactions';
import { User } from './entities/user.entity';
import { AccountMailerService } from './mail/account-mailer.service';
import { UserTokensService } from './user-tokens.service';

export class AccountExistsError extends Error {}

/**
 * Accounts opened on someone's behalf (the back-office's "create account from lead"): inactive and
 * without a usable password until the person follows the verification link and sets one through
 * the password reset. If the verification e-mail cannot be sent the account is removed again.
 * Its writes use runInTransaction(), so callers may keep the slow e-mail out of the SQLite write queue.
 */
@Injectable()
export class UnverifiedAccountsService {
  private readonly logger = new Logger(UnverifiedAccountsService.name);

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly userTokens: UserTokensService,
    private readonly mailer: AccountMailerService,
  ) {}

  /** Throws AccountExistsError when the e-mail has an account, or the mail error when sending fails. */
  async createAndSendVerification(input: { first_name: string; last_name: string; email: string; phone: string }): Promise<User> {
    const email = input.email.trim().toLowerCase();
    if (await this.users.exists({ where: { email } })) throw new AccountExistsError(email);
    let user: User;
    try {
      // Writes go through the write queue themselves: the e-mail below is sent outside of it.
      const inserted = await runInTransaction(this.users.manager.connection, (em) =>
        em.insert(User, {
          email,
          first_name: input.first_name,
          last_name: input.last_name,
          phone: input.phone,
          password_hash: `!unusable-${randomBytes(16).toString('hex')}`,
          is_active: false,
          is_superuser: false,
          is_agent: false,
        }),
      );
      user = await this.users.findOneByOrFail({ id: inserted.identifiers[0].id as number });
    } catch (err) {
      if (err instanceof QueryFailedError && /ER_DUP_ENTRY|SQLITE_CONSTRAINT_UNIQUE/.test(String((err as { code?: string }).code ?? err.message))) {
        throw new AccountExistsError(email);
      }
      throw err;
    }
    try {
      await this.mailer.sendVerification(user, await this.userTokens.issue(user.id, 'verify_email'));
    } catch (err) {
      this.logger.error(`Verification e-mail to user ${user.id} failed: ${(err as Error).message}`);
      await runInTransaction(this.users.manager.connection, (em) => em.delete(User, { id: user.id }));
      throw err;
    }
    return user;
  }
}
