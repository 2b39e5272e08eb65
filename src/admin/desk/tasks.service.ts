import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { AuditContext } from '../../audit/audit-context';
import { AuditService, diffForAudit } from '../../audit/audit.service';
import type { AuthUser } from '../../common/decorators/auth-user';
import { UnitOfWork } from '../../database/unit-of-work';
import { AdminTask } from '../../../shared/api/lead-desk';
import { UsersRepository } from '../../users/users.repository';
import { ListQueryDto } from '../common/list-query.dto';
import { ListSpec, parseListQuery } from '../common/simple-rest';
import { Page } from '../../database/list-pages';
import { fullName, iso } from '../common/formatting';
import { CreateTaskDto, UpdateTaskDto } from './dto/lead-desk.dto';
import { LeadTask } from './lead-task.entity';
import { LeadTasksRepository } from './lead-tasks.repository';
import { LeadsRepository } from '../../leads/leads.repository';
import { requireLead } from './lead-notes.service';
import { ADMIN_LEAD_MESSAGES } from '../../../shared/rules/admin-lead';

const SPEC: ListSpec = {
  resource: 'tasks',
  alias: 't',
  sortable: {
    id: ['t.id'],
    lead_id: ['t.lead_id'],
    assignee_id: ['t.assignee_id'],
    title: ['t.title'],
    due_at: ['t.due_at'],
    done_at: ['t.done_at'],
    created_at: ['t.created_at'],
  },
  defaultOrder: [['t.due_at', 'ASC']],
  filters: {
    lead_id: { column: 't.lead_id', kind: 'int' },
    assignee_id: { column: 't.assignee_id', kind: 'nullable-int' },
    due_before: { column: 't.due_at', kind: 'to-date' },
  },
  searchColumns: ['t.title'],
};

const AUDIT_FIELDS = ['lead_id', 'assignee_id', 'title', 'due_at', 'done_at'];

/**
 * Who a task belongs to: its assignee, or with none (the assignee's account went) who created it.
 * An agent may change their own tasks and ownerless ones; an admin any.
 */
export function mayChangeTask(task: Pick<LeadTask, 'assignee_id' | 'created_by'>, actor: AuthUser): boolean {
  if (actor.is_admin) return true;
  const owner = task.assignee_id ?? task.created_by;
  return owner == null || owner === actor.id;
}
const auditView = (t: LeadTask): Record<string, unknown> => ({ ...t });

export const toAdminTask = (t: LeadTask): AdminTask => ({
  id: t.id,
  lead_id: t.lead_id,
  assignee_id: t.assignee_id,
  assignee_name: t.assignee ? fullName(t.assignee) : null,
  title: t.title,
  due_at: iso(t.due_at) ?? '',
  done_at: iso(t.done_at),
  created_at: iso(t.created_at) ?? '',
});

function parseDone(filter: string | undefined): { rest: string | undefined; done?: boolean } {
  if (!filter) return { rest: filter };
  let value: unknown;
  try {
    value = JSON.parse(filter);
  } catch {
    return { rest: filter }; // parseListQuery answers the 400
  }
  if (!value || typeof value !== 'object' || Array.isArray(value) || !('done' in value)) return { rest: filter };
  const { done, ...rest } = value as Record<string, unknown>;
  if (done !== true && done !== false && done !== 'true' && done !== 'false')
    throw new BadRequestException('Invalid value for filter "done".');
  return { rest: JSON.stringify(rest), done: done === true || done === 'true' };
}

/** Tasks about leads, each with an assignee who gets one reminder e-mail when it falls due. */
@Injectable()
export class TasksService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly tasks: LeadTasksRepository,
    private readonly users: UsersRepository,
    private readonly audit: AuditService,
    private readonly leads: LeadsRepository,
  ) {}

  async list(query: ListQueryDto): Promise<Page<AdminTask>> {
    const { rest, done } = parseDone(query.filter);
    const parsed = parseListQuery({ ...query, filter: rest }, SPEC);
    const page = await this.tasks.pageOf(parsed, done);
    return { ...page, items: page.items.map(toAdminTask) };
  }

  async get(id: number): Promise<AdminTask> {
    return toAdminTask(await this.find(this.tasks.manager, id));
  }

  async create(dto: CreateTaskDto, actor: AuthUser, ctx: AuditContext): Promise<AdminTask> {
    const title = this.title(dto.title);
    const id = await this.unitOfWork.run(async (em) => {
      await requireLead(this.leads, em, dto.lead_id);
      const assigneeId = dto.assignee_id ?? actor.id;
      await this.requireAssignee(em, assigneeId);
      const saved = await this.tasks.insert(em, {
        lead_id: dto.lead_id,
        assignee_id: assigneeId,
        title,
        due_at: new Date(dto.due_at),
        done_at: null,
        reminded_at: null,
        created_by: actor.id,
        created_at: new Date(),
      });
      await this.audit.record(em, ctx, {
        action: 'create',
        resource: 'tasks',
        record_id: saved.id,
        changes: diffForAudit({}, auditView(saved), AUDIT_FIELDS),
      });
      return saved.id;
    });
    return this.get(id);
  }

  async update(id: number, dto: UpdateTaskDto, actor: AuthUser, ctx: AuditContext): Promise<AdminTask> {
    await this.unitOfWork.run(async (em) => {
      const task = await this.find(em, id);
      if (!mayChangeTask(task, actor)) throw new ForbiddenException(ADMIN_LEAD_MESSAGES.taskOfAnother);
      const before = auditView(task);
      delete task.assignee;
      if (dto.title !== undefined) task.title = this.title(dto.title);
      if (dto.due_at !== undefined) {
        const due = new Date(dto.due_at);
        // A new due time is reminded again.
        if (due.getTime() !== task.due_at.getTime()) task.reminded_at = null;
        task.due_at = due;
      }
      if (dto.assignee_id !== undefined) {
        await this.requireAssignee(em, dto.assignee_id);
        task.assignee_id = dto.assignee_id;
      }
      if (dto.done === true && !task.done_at) task.done_at = new Date();
      if (dto.done === false) task.done_at = null;
      await this.tasks.save(em, task);
      const changes = diffForAudit(before, auditView(task), AUDIT_FIELDS);
      if (Object.keys(changes).length)
        await this.audit.record(em, ctx, { action: 'update', resource: 'tasks', record_id: id, changes });
    });
    return this.get(id);
  }

  async remove(id: number, actor: AuthUser, ctx: AuditContext): Promise<AdminTask> {
    return this.unitOfWork.run(async (em) => {
      const task = await this.find(em, id);
      if (!mayChangeTask(task, actor)) throw new ForbiddenException(ADMIN_LEAD_MESSAGES.taskOfAnother);
      await this.tasks.delete(em, id);
      await this.audit.record(em, ctx, {
        action: 'delete',
        resource: 'tasks',
        record_id: id,
        changes: diffForAudit(auditView(task), {}, AUDIT_FIELDS),
      });
      return toAdminTask(task);
    });
  }

  private title(raw: string): string {
    const title = raw.trim();
    if (!title)
      throw new BadRequestException({
        message: 'title must not be blank.',
        errors: { title: 'title must not be blank.' },
      });
    return title;
  }

  /** An assignee is an active agent or admin (400 on the field otherwise). */
  private async requireAssignee(em: EntityManager, userId: number): Promise<void> {
    const user = await this.users.findById(
      userId,
      { id: true, is_active: true, is_agent: true, is_superuser: true },
      em,
    );
    if (!user || !user.is_active || !(user.is_agent || user.is_superuser)) {
      const message = `User ${userId} is not an active agent or admin.`;
      throw new BadRequestException({ message, errors: { assignee_id: message } });
    }
  }

  private async find(em: EntityManager, id: number): Promise<LeadTask> {
    const task = await this.tasks.findWithAssignee(em, id);
    if (!task) throw new NotFoundException('Task not found.');
    return task;
  }
}
