import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { TravelPack } from '../../catalogue/entities/travel-pack.entity';
import { supportsRowLocks } from '../../database/dialect';
import { Lead } from '../../leads/entities/lead.entity';
import { User } from '../../users/entities/user.entity';
import { applyWhere, fetchPage, Page, ParsedList, WhereClause } from '../../database/list-pages';
import { joinLeadRefs } from './lead-list-spec';

/**
 * The back-office's queries of the leads table (alias `l`), and the checks of what a lead refers to
 * (destination, pack, agent). Pass `em` to work inside the caller's transaction.
 */
@Injectable()
export class AdminLeadsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** How many leads the filter matches. */
  countWhere(em: EntityManager, where: WhereClause[]): Promise<number> {
    return applyWhere(em.getRepository(Lead).createQueryBuilder('l'), where).getCount();
  }

  /** The next `limit` leads the filter matches after id `afterId`, by id, each with its destination's id and name. */
  batchAfter(where: WhereClause[], afterId: number, limit: number): Promise<Lead[]> {
    const qb = this.dataSource
      .getRepository(Lead)
      .createQueryBuilder('l')
      .leftJoin('l.destination', 'd')
      .addSelect(['d.id', 'd.name']);
    return applyWhere(qb, where).andWhere('l.id > :afterId', { afterId }).orderBy('l.id', 'ASC').limit(limit).getMany();
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** One page of leads by the list's filters and sort, each with its destination, pack and agent. */
  pageOf(parsed: ParsedList): Promise<Page<Lead>> {
    return fetchPage(this.dataSource.getRepository(Lead).createQueryBuilder('l'), parsed, joinLeadRefs);
  }

  /** The lead with its destination, pack and agent. */
  findWithRefs(em: EntityManager, id: number): Promise<Lead | null> {
    return joinLeadRefs(em.getRepository(Lead).createQueryBuilder('l')).where('l.id = :id', { id }).getOne();
  }

  /** What tells a lead's person (samePerson), and whether it was merged away; null if there is no such lead. */
  personOf(
    em: EntityManager,
    id: number,
  ): Promise<Pick<Lead, 'id' | 'email' | 'phone' | 'last_name' | 'merged_into'> | null> {
    return em.findOne(Lead, {
      where: { id },
      select: { id: true, email: true, phone: true, last_name: true, merged_into: true },
    });
  }

  /** Reads the lead for an update; on MySQL/MariaDB its row stays locked to the end of the transaction. */
  findLocked(em: EntityManager, id: number): Promise<Lead | null> {
    const qb = em.getRepository(Lead).createQueryBuilder('l').where('l.id = :id', { id });
    if (supportsRowLocks(em)) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** Reads the leads `ids` (by id) for an update; on MySQL/MariaDB their rows stay locked to the end of the transaction. */
  findManyLocked(em: EntityManager, ids: number[]): Promise<Lead[]> {
    const qb = em.getRepository(Lead).createQueryBuilder('l').where('l.id IN (:...ids)', { ids }).orderBy('l.id');
    if (supportsRowLocks(em)) qb.setLock('pessimistic_write');
    return qb.getMany();
  }

  /** How many leads repeat each of these (duplicate_of), in one grouped query on IDX_leads_duplicate_of. */
  async countRepeats(em: EntityManager, ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await em
      .createQueryBuilder(Lead, 'r')
      .select('r.duplicate_of', 'id')
      .addSelect('COUNT(*)', 'n')
      .where('r.duplicate_of IN (:...ids)', { ids })
      .groupBy('r.duplicate_of')
      .getRawMany<{ id: number | string; n: number | string }>();
    return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
  }

  /** Points the repeats of lead `from` at lead `to` (a merge); `to` itself stops being a repeat of `from`. */
  async repointRepeats(em: EntityManager, from: number, to: number): Promise<void> {
    await em.update(Lead, { id: to, duplicate_of: from }, { duplicate_of: null });
    await em
      .createQueryBuilder()
      .update(Lead)
      .set({ duplicate_of: to })
      .where('duplicate_of = :from AND id <> :to', { from, to })
      .execute();
  }

  /** The leads of `ids` that exist, with what their audit entries name. */
  findForDelete(em: EntityManager, ids: number[]): Promise<Lead[]> {
    return em.find(Lead, {
      select: { id: true, first_name: true, last_name: true, email: true, status: true, destination_id: true },
      where: { id: In(ids) },
    });
  }

  async update(em: EntityManager, id: number, patch: Partial<Lead>): Promise<void> {
    await em.update(Lead, { id }, patch);
  }

  async delete(em: EntityManager, ids: number[]): Promise<void> {
    await em.delete(Lead, { id: In(ids) });
  }

  /** A pack's id and destination, or null. */
  packOf(em: EntityManager, id: number): Promise<Pick<TravelPack, 'id' | 'destination_id'> | null> {
    return em.findOne(TravelPack, { where: { id }, select: { id: true, destination_id: true } });
  }

  agentExists(em: EntityManager, id: number): Promise<boolean> {
    return em.exists(User, { where: { id, is_agent: true } });
  }
}
