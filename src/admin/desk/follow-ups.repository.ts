import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, EntityManager, IsNull, Not } from 'typeorm';
import { Lead } from '../../leads/entities/lead.entity';
import { EmailTemplate } from './email-template.entity';
import { DAY_MS } from '../../common/time/durations';

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

  /**
   * Leads still `new` (not anonymised nor merged) that came in since `since` and are due one of the
   * steps `days` at `now` (old enough for it, and not sent it or a later one), oldest first. Only due
   * leads are read: a batch of leads that got their last step already never hides the newer ones
   * still waiting for a first.
   */
  candidates(
    days: number[],
    now: Date,
    since: Date,
    limit: number,
  ): Promise<Array<Pick<Lead, 'id' | 'created_at' | 'follow_up_day'>>> {
    if (!days.length) return Promise.resolve([]);
    return this.dataSource
      .getRepository(Lead)
      .createQueryBuilder('lead')
      .select(['lead.id', 'lead.created_at', 'lead.follow_up_day'])
      .where("lead.status = 'new' AND lead.anonymised_at IS NULL AND lead.merged_into IS NULL")
      .andWhere('lead.created_at >= :since', { since })
      .andWhere(
        new Brackets((due) => {
          // `now` has milliseconds and MySQL/MariaDB's created_at microseconds: a lead stored in the
          // same millisecond as `now` but later within it is due, as the caller's check (which reads
          // created_at to the millisecond) finds it. Hence "before the next millisecond".
          days.forEach((day, i) =>
            due.orWhere(
              `lead.created_at < :reached${i} AND (lead.follow_up_day IS NULL OR lead.follow_up_day < :day${i})`,
              {
                [`reached${i}`]: new Date(now.getTime() - day * DAY_MS + 1),
                [`day${i}`]: day,
              },
            ),
          );
        }),
      )
      .orderBy('lead.id', 'ASC')
      .limit(limit)
      .getMany();
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
