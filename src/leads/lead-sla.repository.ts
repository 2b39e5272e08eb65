import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { And, DataSource, EntityManager, IsNull, LessThanOrEqual, MoreThanOrEqual } from 'typeorm';
import { runInTransaction } from '../database/transactions';
import { Lead } from './entities/lead.entity';
import { FIRST_REQUEST_WHERE } from './first-request';

type LateLead = Pick<Lead, 'id' | 'first_name' | 'last_name' | 'created_at'>;

/** The SLA job's reads and claims (see LeadSlaService). */
@Injectable()
export class LeadSlaRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Leads still `new` that came in between `since` and `deadline`, not yet notified (oldest first; IDX_leads_status_created). */
  findLate(deadline: Date, since: Date, limit: number): Promise<LateLead[]> {
    return this.dataSource.getRepository(Lead).find({
      select: { id: true, first_name: true, last_name: true, created_at: true },
      where: {
        status: 'new',
        created_at: And(LessThanOrEqual(deadline), MoreThanOrEqual(since)),
        sla_notified_at: IsNull(),
        ...FIRST_REQUEST_WHERE,
      },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /**
   * Claims the lead's notice (sla_notified_at set where it was null and the lead still new) and, only
   * if this call claimed it, runs `withClaim` in the same transaction. Answers whether it claimed.
   */
  claim(id: number, now: Date, withClaim: (em: EntityManager) => Promise<void>): Promise<boolean> {
    return runInTransaction(this.dataSource, async (em) => {
      const result = await em
        .createQueryBuilder()
        .update(Lead)
        .set({ sla_notified_at: now })
        .where('id = :id AND sla_notified_at IS NULL AND status = :status', { id, status: 'new' })
        .execute();
      if (!result.affected) return false;
      await withClaim(em);
      return true;
    });
  }
}
