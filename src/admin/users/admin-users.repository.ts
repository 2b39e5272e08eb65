import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, Not } from 'typeorm';
import { supportsRowLocks } from '../../database/dialect';
import { User } from '../../users/entities/user.entity';
import { fetchPage, Page, ParsedList } from '../../database/list-pages';

/** Agents (is_agent) or customers' accounts: the two back-office lists of the users table. */
export type UserKind = 'agents' | 'users';

/**
 * The back-office's queries of the users table (the accounts' own flows go through the users
 * module's UsersRepository). Each read is scoped to one kind; pass `em` to work inside the caller's
 * transaction.
 */
@Injectable()
export class AdminUsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** One page of one kind by the list's filters and sort (alias `u`). */
  pageOf(kind: UserKind, parsed: ParsedList): Promise<Page<User>> {
    const base = this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .where('u.is_agent = :agent', { agent: kind === 'agents' });
    return fetchPage(base, parsed);
  }

  findOfKind(em: EntityManager, kind: UserKind, id: number): Promise<User | null> {
    return em.findOne(User, { where: { id, is_agent: kind === 'agents' } });
  }

  findManyOfKind(em: EntityManager, kind: UserKind, ids: number[]): Promise<User[]> {
    return em.find(User, { where: { id: In(ids), is_agent: kind === 'agents' } });
  }

  emailTaken(email: string): Promise<boolean> {
    return this.dataSource.getRepository(User).exists({ where: { email } });
  }

  insert(em: EntityManager, row: Partial<User>): Promise<User> {
    return em.save(em.create(User, row));
  }

  save(em: EntityManager, user: User): Promise<User> {
    return em.save(user);
  }

  async delete(em: EntityManager, ids: number[]): Promise<void> {
    await em.delete(User, { id: In(ids) });
  }

  /** Active admins other than `excluded`. */
  otherActiveAdmins(em: EntityManager, excluded: number[]): Promise<number> {
    return em.count(User, { where: { is_superuser: true, is_active: true, id: Not(In(excluded)) } });
  }

  /** Locks every admin's row to the end of the transaction (MySQL/MariaDB; SQLite's writes are serialised anyway). */
  async lockAdmins(em: EntityManager): Promise<void> {
    if (!supportsRowLocks(em)) return;
    await em
      .createQueryBuilder(User, 'u')
      .select('u.id')
      .where('u.is_superuser = :yes', { yes: true })
      .setLock('pessimistic_write')
      .getMany();
  }
}
