import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LeadEvent } from '../../leads/entities/lead-event.entity';
import { Lead } from '../../leads/entities/lead.entity';
import { LeadNote } from './lead-note.entity';
import { LeadTask } from './lead-task.entity';

/** What a lead's timeline is read from: its history, notes and tasks (the people's names come from UsersRepository). */
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
}
