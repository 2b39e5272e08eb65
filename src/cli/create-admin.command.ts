import { CommandRunner, Option, RootCommand } from 'nest-commander';
import { AppConfig } from '../config/app-config';
import { withDatabase } from '../database/connect';
import { isCommonPassword } from '../../shared/rules/common-password';
import { adminCredentialsProblem, ensureAdmin } from '../users/admin-accounts';
import { UsersRepository } from '../users/users.repository';
import { fail, USAGE } from './cli-output';

interface CreateAdminOptions {
  email?: string;
  password?: string;
}

const SAID = {
  created: 'created',
  updated: 'updated (now an active admin with this password)',
  unchanged: 'already an active admin with this password: nothing to do',
} as const;

/**
 * Ensures an active admin with these credentials exists: creates the account, or promotes,
 * re-activates or resets the password of an existing one (a new password ends its sessions).
 * Bad arguments exit with 2 before the database is opened; a database failure exits with 1.
 */
@RootCommand({ name: 'create-admin', description: 'Create or repair an admin account.' })
export class CreateAdminCommand extends CommandRunner {
  constructor(private readonly config: AppConfig) {
    super();
  }

  @Option({ flags: '--email <email>', description: 'The admin e-mail (stored lower-cased).' })
  parseEmail(value: string): string {
    return value;
  }

  @Option({ flags: '--password <password>', description: 'The password, 8 to 128 characters, not a common one.' })
  parsePassword(value: string): string {
    return value;
  }

  async run(extra: string[], { email, password }: CreateAdminOptions): Promise<void> {
    if (extra.length) return fail(`unknown argument "${extra[0]}"\n${USAGE}`, 2);
    if (!email || !password) return fail(`both --email and --password are required\n${USAGE}`, 2);
    const problem = adminCredentialsProblem(email, password);
    if (problem) return fail(problem, 2);
    if (isCommonPassword(password))
      return fail('that password is in the list of commonly used passwords: choose another one', 2);

    try {
      const { outcome, userId } = await withDatabase(this.config.database, (dataSource) =>
        ensureAdmin(new UsersRepository(dataSource), email, password),
      );
      console.log(`Admin ${email.trim().toLowerCase()} (id ${userId}): ${SAID[outcome]}.`);
    } catch (err) {
      fail(`could not create the admin: ${(err as Error).message}`, 1);
    }
  }
}
