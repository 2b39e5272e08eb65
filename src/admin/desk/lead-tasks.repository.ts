import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull, LessThanOrEqual } from 'typeorm';
import { LeadTask } from './lead-task.entity';

/** The lead_tasks table's queries for reminders. Pass `em` to work inside the caller's transaction. */
@Injectable()
export class LeadTasksRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Ids of the tasks due by `now`, not done and not reminded yet, oldest due first. */
  async dueForReminder(now: Date, limit: number): Promise<number[]> {
    const rows = await this.dataSource.getRepository(LeadTask).find({
      select: { id: true },
      where: { done_at: IsNull(), reminded_at: IsNull(), due_at: LessThanOrEqual(now) },
      order: { due_at: 'ASC' },
      take: limit,
    });
    return rows.map((r) => r.id);
  }

  /** Marks the task reminded if no run did yet and it is not done: true for the one run that did. */
  async claimReminder(em: EntityManager, id: number, now: Date): Promise<boolean> {
    const claimed = await em
      .createQueryBuilder()
      .update(LeadTask)
      .set({ reminded_at: now })
      .where('id = :id AND reminded_at IS NULL AND done_at IS NULL', { id })
      .execute();
    return claimed.affected === 1;
  }

  /** The task with its assignee and lead. */
  withAssigneeAndLead(em: EntityManager, id: number): Promise<LeadTask | null> {
    return em.findOne(LeadTask, { where: { id }, relations: { assignee: true, lead: true } });
  }
}
