import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Lead } from '../../leads/entities/lead.entity';
import { applyWhere, WhereClause } from '../common/simple-rest';

/** The back-office's reads of the leads table by a list's filter (alias `l`). Pass `em` to read inside a transaction. */
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
}
