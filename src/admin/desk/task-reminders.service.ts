import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { UnitOfWork } from '../../database/unit-of-work';
import { GiveWay } from '../../database/writes-waiting';
import { OutboxService } from '../../mail/outbox.service';
import { taskReminderMail } from '../../mail/templates/desk-mails';
import { fullName } from '../common/formatting';
import { LeadTasksRepository } from './lead-tasks.repository';

export const TASK_REMINDER_KIND = 'task-reminder';
/** Tasks reminded per run; the rest wait for the next minute. */
const BATCH = 200;
/** A reminder a week late is noise: the task is on the dashboard anyway. */
const REMINDER_USEFUL_FOR_MS = 7 * 86_400_000;

/**
 * Every minute, each task that fell due (not done, not reminded yet) gets one reminder e-mail to its
 * assignee. A task is claimed by `UPDATE … SET reminded_at WHERE reminded_at IS NULL` in the
 * transaction that queues the mail: only the run whose update changed the row sends it, so two
 * instances (or two runs) never both do, and a failed run leaves the task to the next one.
 */
@Injectable()
export class TaskRemindersService {
  private readonly logger = new Logger(TaskRemindersService.name);
  /** Each reminder is a write transaction: it waits for visitors' writes first (follow-ups.service.ts says why). */
  private readonly giveWay = new GiveWay();

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly tasks: LeadTasksRepository,
    private readonly outbox: OutboxService,
    private readonly config: AppConfig,
  ) {}

  async sendDueReminders(now = new Date()): Promise<number> {
    try {
      return await this.remindDue(now);
    } catch (err) {
      this.logger.error(`Task reminders failed: ${(err as Error).message}`);
      return 0;
    }
  }

  /** The run itself, without the job's lease (the claim alone keeps it to one mail per task). */
  async remindDue(now = new Date()): Promise<number> {
    const due = await this.tasks.dueForReminder(now, BATCH);
    let sent = 0;
    for (const id of due) {
      await this.giveWay.wait();
      if (await this.remindOne(id, now)) sent++;
    }
    return sent;
  }

  private remindOne(id: number, now: Date): Promise<boolean> {
    return this.unitOfWork.run(async (em) => {
      if (!(await this.tasks.claimReminder(em, id, now))) return false;
      const task = await this.tasks.withAssigneeAndLead(em, id);
      const assignee = task?.assignee;
      if (!task || !task.lead || !assignee?.is_active) return false;
      await this.outbox.enqueue(
        em,
        taskReminderMail(
          assignee.email,
          {
            taskTitle: task.title,
            dueAt: task.due_at,
            leadId: task.lead_id,
            leadName: fullName(task.lead),
            assigneeFirstName: assignee.first_name,
          },
          this.config.publicUrl,
        ),
        {
          kind: TASK_REMINDER_KIND,
          label: `Reminder of task ${task.id}`,
          refId: task.id,
          usefulForMs: REMINDER_USEFUL_FOR_MS,
        },
      );
      return true;
    });
  }
}
