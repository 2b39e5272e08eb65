import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull, LessThan, Repository } from 'typeorm';
import { RefreshToken } from './entities/refresh-token.entity';

/** Login sessions: one refresh-token row per issued token. Pass `manager` to work inside a transaction. */
@Injectable()
export class SessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager): Repository<RefreshToken> {
    return (manager ?? this.dataSource.manager).getRepository(RefreshToken);
  }

  async insert(row: Omit<RefreshToken, 'created_at' | 'user'>, manager?: EntityManager): Promise<void> {
    await this.repo(manager).insert(row);
  }

  findById(jti: string, manager?: EntityManager): Promise<RefreshToken | null> {
    return this.repo(manager).findOne({ where: { id: jti } });
  }

  /** Marks a live token used; false when it was used or revoked meanwhile (a replay). */
  async markUsed(jti: string, manager?: EntityManager): Promise<boolean> {
    const result = await this.repo(manager).update(
      { id: jti, used_at: IsNull(), revoked_at: IsNull() },
      { used_at: new Date() },
    );
    return !!result.affected;
  }

  /** Logout of one session: the token must match its stored hash. False when nothing was revoked. */
  async revoke(jti: string, userId: number, tokenHash: string, manager?: EntityManager): Promise<boolean> {
    const result = await this.repo(manager).update(
      { id: jti, user_id: userId, token_hash: tokenHash, revoked_at: IsNull() },
      { revoked_at: new Date() },
    );
    return !!result.affected;
  }

  /** Ends one login session: every token of it, of every chain (a fork by the replay grace included). */
  async revokeSession(sessionId: string, userId: number, manager?: EntityManager): Promise<void> {
    await this.repo(manager).update(
      { session_id: sessionId, user_id: userId, revoked_at: IsNull() },
      { revoked_at: new Date() },
    );
  }

  /** Ends one token (a pair issued while its session was being ended). */
  async revokeOne(jti: string, manager?: EntityManager): Promise<void> {
    await this.repo(manager).update({ id: jti, revoked_at: IsNull() }, { revoked_at: new Date() });
  }

  /** Ends every session of the user. */
  async revokeAllOf(userId: number, manager?: EntityManager): Promise<void> {
    await this.repo(manager).update({ user_id: userId, revoked_at: IsNull() }, { revoked_at: new Date() });
  }

  async purgeExpired(now = new Date(), manager?: EntityManager): Promise<void> {
    await this.repo(manager).delete({ expires_at: LessThan(now) });
  }
}
