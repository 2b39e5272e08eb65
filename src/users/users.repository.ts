import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource, EntityManager, FindOptionsSelect, In, IsNull, Not, Repository } from 'typeorm';
import { isSqlite } from '../database/dialect';
import { TokenRevocationService } from './token-revocation.service';
import { User } from './entities/user.entity';
import { wholeSecondNow } from './password-changed-at';
import { SessionsRepository } from './sessions.repository';
import { UserTokensRepository } from './user-tokens.repository';

/** Users. Every method takes an optional EntityManager, so it can join a runInTransaction(). */
@Injectable()
export class UsersRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsRepository = new SessionsRepository(dataSource),
    private readonly tokens: UserTokensRepository = new UserTokensRepository(dataSource),
    // Absent in the command-line tools, which have no access tokens to deny. The explicit token is
    // needed: a union type is emitted as `Object`, which no provider matches (assertInjectable finds it).
    @Optional() @Inject(TokenRevocationService) private readonly accessTokens: TokenRevocationService | null = null,
  ) {}

  /** For a write outside a transaction that a repository of another table takes an EntityManager for. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  private repo(manager?: EntityManager): Repository<User> {
    return (manager ?? this.dataSource.manager).getRepository(User);
  }

  /**
   * Locks the account's row until the caller's transaction ends (MySQL/MariaDB), so counts read
   * under it are exact; SQLite's write queue already runs such transactions one by one.
   */
  async lockRow(id: number, manager: EntityManager): Promise<void> {
    if (!isSqlite(manager.connection)) await manager.query('SELECT `id` FROM `users` WHERE `id` = ? FOR UPDATE', [id]);
  }

  findById(id: number, select?: FindOptionsSelect<User>, manager?: EntityManager): Promise<User | null> {
    return this.repo(manager).findOne({ where: { id }, ...(select ? { select } : {}) });
  }

  findByEmail(email: string, select?: FindOptionsSelect<User>, manager?: EntityManager): Promise<User | null> {
    return this.repo(manager).findOne({ where: { email }, ...(select ? { select } : {}) });
  }

  /** These users with the columns asked for (a deleted user is simply absent). */
  findByIds(ids: readonly number[], select: FindOptionsSelect<User>, manager?: EntityManager): Promise<User[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.repo(manager).find({ select: { ...select, id: true }, where: { id: In([...ids]) } });
  }

  existsByEmail(email: string, manager?: EntityManager): Promise<boolean> {
    return this.repo(manager).exists({ where: { email } });
  }

  anyAdmin(manager?: EntityManager): Promise<boolean> {
    return this.repo(manager).exists({ where: { is_superuser: true } });
  }

  /** The id of the account that proved this address (an unverified sign-up's account is not returned). */
  findVerifiedByEmail(email: string, manager?: EntityManager): Promise<Pick<User, 'id'> | null> {
    return this.repo(manager).findOne({ where: { email, email_verified_at: Not(IsNull()) }, select: { id: true } });
  }

  /** How many active admins there are besides this account (the last admin may not go). */
  otherActiveAdmins(id: number, manager: EntityManager): Promise<number> {
    return this.repo(manager).count({ where: { is_superuser: true, is_active: true, id: Not(id) } });
  }

  /** Inserts and returns the stored user (with its generated columns). */
  async insert(values: Partial<User>, manager?: EntityManager): Promise<User> {
    const repo = this.repo(manager);
    return repo.save(repo.create(values));
  }

  async update(id: number, changes: Partial<User>, manager?: EntityManager): Promise<void> {
    await this.repo(manager).update({ id }, changes);
  }

  /** Records, once, that the account's holder proved its mailbox (the first time counts). */
  async markEarlierLeadsClaimed(id: number, manager: EntityManager): Promise<void> {
    await this.repo(manager).update(
      { id, earlier_leads_claimed_at: IsNull() },
      { earlier_leads_claimed_at: new Date() },
    );
  }

  /**
   * THE rule "a new password ends every session", for every way a password changes (change,
   * reset, admin edit, operator credentials): the new hash and its time (access tokens issued
   * before it are refused), pending reset links voided, every refresh token revoked, and every
   * access token of the user put on the deny-list. `activate`
   * also opens the account and records the mailbox as proven (a reset link was followed).
   */
  async setPasswordHash(
    userId: number,
    passwordHash: string,
    options: { activate?: boolean; manager?: EntityManager } = {},
  ): Promise<void> {
    const m = options.manager;
    const changes: Partial<User> = { password_hash: passwordHash, password_changed_at: wholeSecondNow() };
    if (options.activate) Object.assign(changes, { is_active: true, email_verified_at: new Date() });
    await this.repo(m).update({ id: userId }, changes);
    await this.tokens.voidAll(userId, 'reset_password', m);
    await this.sessions.revokeAllOf(userId, m);
    await this.accessTokens?.revokeUser(userId);
  }
}
