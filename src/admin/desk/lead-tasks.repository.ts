import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull, LessThanOrEqual, SelectQueryBuilder } from 'typeorm';
import { fetchPage, Page, ParsedList } from '../../database/list-pages';
import { LeadTask } from './lead-task.entity';

/** A task's assignee, as much of it as a task shows (alias `t`). */
const withAssignee = (qb: SelectQueryBuilder<LeadTask>) =>
  qb.leftJoin('t.assignee', 'assignee').addSelect(['assignee.id', 'assignee.first_name', 'assignee.last_name']);

/** The lead_tasks table: every query of it. Pass `em` to work inside the caller's transaction. */
@Injectable()
export class LeadTasksRepository {
  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** One page of tasks by the list's filters and sort (alias `t`), done or not when `done` is given, each with its assignee. */
  pageOf(parsed: ParsedList, done?: boolean): Promise<Page<LeadTask>> {
    const base = this.dataSource.getRepository(LeadTask).createQueryBuilder('t');
    if (done !== undefined) base.where(done ? 't.done_at IS NOT NULL' : 't.done_at IS NULL');
    return fetchPage(base, parsed, withAssignee);
  }

  /** The task with its assignee's id and name. */
  findWithAssignee(em: EntityManager, id: number): Promise<LeadTask | null> {
    return withAssignee(em.createQueryBuilder(LeadTask, 't')).where('t.id = :id', { id }).getOne();
  }

  insert(em: EntityManager, row: Omit<LeadTask, 'id' | 'lead' | 'assignee'>): Promise<LeadTask> {
    return em.save(em.create(LeadTask, row));
  }

  save(em: EntityManager, task: LeadTask): Promise<LeadTask> {
    return em.save(task);
  }

  async delete(em: EntityManager, id: number): Promise<void> {
    await em.delete(LeadTask, { id });
  }

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

  /** Moves lead `from`'s rows to lead `to` (a merge). */
  async moveToLead(em: EntityManager, from: number, to: number): Promise<void> {
    await em.update(LeadTask, { lead_id: from }, { lead_id: to });
  }
}
