import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull, MoreThanOrEqual, Not } from 'typeorm';
import { Lead } from '../../leads/entities/lead.entity';
import { EmailTemplate } from './email-template.entity';

/**
 * The follow-up sequence's queries: its steps (email_templates with a sequence_day) and the leads
 * it writes to (leads.follow_up_day). Pass `em` to work inside the caller's transaction.
 */
@Injectable()
export class FollowUpsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The sequence's steps, earliest day first. */
  steps(): Promise<EmailTemplate[]> {
    return this.dataSource.getRepository(EmailTemplate).find({
      where: { sequence_day: Not(IsNull()) },
      order: { sequence_day: 'ASC', id: 'ASC' },
    });
  }

  /** Leads still `new` (not anonymised nor merged) that came in since `since`, by id. */
  candidates(since: Date, limit: number): Promise<Array<Pick<Lead, 'id' | 'created_at' | 'follow_up_day'>>> {
    return this.dataSource.getRepository(Lead).find({
      select: { id: true, created_at: true, follow_up_day: true },
      where: { status: 'new', anonymised_at: IsNull(), merged_into: IsNull(), created_at: MoreThanOrEqual(since) },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /** Records step `day` as sent if the lead is still due it: true for the one run that did. */
  async claimStep(em: EntityManager, leadId: number, day: number): Promise<boolean> {
    const claimed = await em
      .createQueryBuilder()
      .update(Lead)
      .set({ follow_up_day: day })
      .where(
        "id = :id AND status = 'new' AND anonymised_at IS NULL AND merged_into IS NULL AND (follow_up_day IS NULL OR follow_up_day < :day)",
        { id: leadId, day },
      )
      .execute();
    return claimed.affected === 1;
  }
}
