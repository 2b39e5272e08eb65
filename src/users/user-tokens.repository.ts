import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull, LessThan, MoreThan, Repository } from 'typeorm';
import { UserToken, UserTokenPurpose } from './entities/user-token.entity';

/** The user_tokens table (one-time e-mail tokens, stored as hashes). Pass `manager` to work inside a transaction. */
@Injectable()
export class UserTokensRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager): Repository<UserToken> {
    return (manager ?? this.dataSource.manager).getRepository(UserToken);
  }

  /** Stores a new token's row. */
  async insert(
    row: Pick<UserToken, 'user_id' | 'purpose' | 'token_hash' | 'expires_at' | 'used_at'>,
    manager?: EntityManager,
  ): Promise<void> {
    await this.repo(manager).insert(row);
  }

  /** The row of this hash and purpose (used or not, of any user), or null. */
  findByHash(tokenHash: string, purpose: UserTokenPurpose): Promise<UserToken | null> {
    return this.repo().findOne({ where: { token_hash: tokenHash, purpose } });
  }

  /** How many tokens of this user and purpose were issued after `since` (used or not). */
  countSince(userId: number, purpose: UserTokenPurpose, since: Date, manager?: EntityManager): Promise<number> {
    return this.repo(manager).count({ where: { user_id: userId, purpose, created_at: MoreThan(since) } });
  }

  /** Marks the token used; false when it was used meanwhile. */
  async markUsed(id: number): Promise<boolean> {
    const result = await this.repo().update({ id, used_at: IsNull() }, { used_at: new Date() });
    return !!result.affected;
  }

  /** Marks every unused token of this user and purpose used. */
  async voidAll(userId: number, purpose: UserTokenPurpose, manager?: EntityManager): Promise<void> {
    await this.repo(manager).update({ user_id: userId, purpose, used_at: IsNull() }, { used_at: new Date() });
  }

  /** Deletes the tokens that expired before `before`. */
  async purgeExpiredBefore(before: Date): Promise<void> {
    await this.repo().delete({ expires_at: LessThan(before) });
  }
}
