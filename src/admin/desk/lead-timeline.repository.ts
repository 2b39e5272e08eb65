import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { LeadEvent } from '../../leads/entities/lead-event.entity';
import { Lead } from '../../leads/entities/lead.entity';
import { User } from '../../users/entities/user.entity';
import { LeadNote } from './lead-note.entity';
import { LeadTask } from './lead-task.entity';

/** What a lead's timeline is read from: its history, notes and tasks, and the names of the people in them. */
@Injectable()
export class LeadTimelineRepository {
  constructor(private readonly dataSource: DataSource) {}

  leadExists(leadId: number): Promise<boolean> {
    return this.dataSource.manager.exists(Lead, { where: { id: leadId } });
  }

  /** The lead's events, notes and tasks, each in id order (read side by side). */
  async sources(leadId: number): Promise<{ events: LeadEvent[]; notes: LeadNote[]; tasks: LeadTask[] }> {
    const em = this.dataSource.manager;
    const [events, notes, tasks] = await Promise.all([
      em.find(LeadEvent, { where: { lead_id: leadId }, order: { id: 'ASC' } }),
      em.find(LeadNote, { where: { lead_id: leadId }, order: { id: 'ASC' } }),
      em.find(LeadTask, { where: { lead_id: leadId }, order: { id: 'ASC' } }),
    ]);
    return { events, notes, tasks };
  }

  /** First and last names of these users (a deleted user is simply absent). */
  people(ids: readonly number[]): Promise<Array<Pick<User, 'id' | 'first_name' | 'last_name'>>> {
    if (!ids.length) return Promise.resolve([]);
    return this.dataSource.manager.find(User, {
      select: { id: true, first_name: true, last_name: true },
      where: { id: In([...ids]) },
    });
  }
}
