import { Body, Controller, Delete, Get, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Audit, AuditContext } from '../../audit/audit-context';
import { AuthUser } from '../../common/decorators/auth-user';
import { Authenticated } from '../../common/decorators/authenticated.decorator';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { IdParam } from '../../common/pipes/parse-id.pipe';
import { AdminLeadNote, AdminTask, TimelineEntry } from '../../../shared/api/lead-desk';
import { ListQueryDto } from '../common/list-query.dto';
import { ApiListResponse } from '../common/list-response.decorator';
import { setContentRange } from '../common/simple-rest';
import {
  CreateLeadNoteDto,
  CreateTaskDto,
  LeadNoteDto,
  TaskDto,
  TimelineEntryDto,
  UpdateTaskDto,
} from './dto/lead-desk.dto';
import { LeadNotesService } from './lead-notes.service';
import { LeadTimelineService } from './lead-timeline.service';
import { TasksService } from './tasks.service';

/** Notes about leads: what the customer said, what was agreed. */
@ApiTags('admin')
@Authenticated({ desk: true })
@Controller('admin/lead-notes')
export class LeadNotesController {
  constructor(private readonly notes: LeadNotesService) {}

  @Get()
  @ApiOperation({ summary: 'List lead notes (newest first); filter {"lead_id":N}.' })
  @ApiListResponse(LeadNoteDto, 'lead-notes')
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminLeadNote[]> {
    const page = await this.notes.list(query);
    setContentRange(reply, 'lead-notes', page);
    return page.items;
  }

  @Post()
  @ApiOperation({ summary: 'Add a note (1–5,000 characters) to a lead; the caller is its author.' })
  @ApiCreatedResponse({ type: LeadNoteDto })
  @ApiBadRequestResponse({ description: 'Invalid text, or the lead does not exist.' })
  create(
    @Body() dto: CreateLeadNoteDto,
    @CurrentUser() actor: AuthUser,
    @Audit() audit: AuditContext,
  ): Promise<AdminLeadNote> {
    return this.notes.create(dto, actor, audit);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One note.' })
  @ApiOkResponse({ type: LeadNoteDto })
  @ApiNotFoundResponse()
  get(@IdParam() id: number): Promise<AdminLeadNote> {
    return this.notes.get(id);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a note (its author or a superuser); answers the deleted note.' })
  @ApiOkResponse({ type: LeadNoteDto })
  @ApiNotFoundResponse()
  @ApiForbiddenResponse({ description: 'Neither the author nor a superuser.' })
  remove(@IdParam() id: number, @CurrentUser() actor: AuthUser, @Audit() audit: AuditContext): Promise<AdminLeadNote> {
    return this.notes.remove(id, actor, audit);
  }
}

/** Tasks about leads, with a due time; the assignee gets one reminder e-mail when it falls due. */
@ApiTags('admin')
@Authenticated({ desk: true })
@Controller('admin/tasks')
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  @Get()
  @ApiOperation({
    summary: 'List tasks (soonest due first); filters lead_id, assignee_id, done (true/false), due_before (ISO).',
  })
  @ApiListResponse(TaskDto, 'tasks')
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminTask[]> {
    const page = await this.tasks.list(query);
    setContentRange(reply, 'tasks', page);
    return page.items;
  }

  @Post()
  @ApiOperation({ summary: 'Add a task to a lead; the assignee is the caller unless given.' })
  @ApiCreatedResponse({ type: TaskDto })
  @ApiBadRequestResponse({
    description: 'Invalid fields, an unknown lead, or an assignee who is not an active agent or admin.',
  })
  create(@Body() dto: CreateTaskDto, @CurrentUser() actor: AuthUser, @Audit() audit: AuditContext): Promise<AdminTask> {
    return this.tasks.create(dto, actor, audit);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One task.' })
  @ApiOkResponse({ type: TaskDto })
  @ApiNotFoundResponse()
  get(@IdParam() id: number): Promise<AdminTask> {
    return this.tasks.get(id);
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Edit a task; {"done": true} marks it done (done_at now), {"done": false} reopens it.',
    description:
      'An agent changes only their own tasks (assigned to them; with no assignee, created by them); an admin any.',
  })
  @ApiOkResponse({ type: TaskDto })
  @ApiNotFoundResponse()
  @ApiForbiddenResponse({ description: "An agent and another member's task." })
  update(
    @IdParam() id: number,
    @Body() dto: UpdateTaskDto,
    @CurrentUser() actor: AuthUser,
    @Audit() audit: AuditContext,
  ): Promise<AdminTask> {
    return this.tasks.update(id, dto, actor, audit);
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Delete a task; answers the deleted task.',
    description: 'An agent deletes only their own tasks; an admin any.',
  })
  @ApiOkResponse({ type: TaskDto })
  @ApiNotFoundResponse()
  @ApiForbiddenResponse({ description: "An agent and another member's task." })
  remove(@IdParam() id: number, @CurrentUser() actor: AuthUser, @Audit() audit: AuditContext): Promise<AdminTask> {
    return this.tasks.remove(id, actor, audit);
  }
}

/** GET /api/admin/leads/{id}/timeline */
@ApiTags('admin')
@Authenticated({ desk: true })
@Controller('admin/leads/:id')
export class LeadTimelineController {
  constructor(private readonly timeline: LeadTimelineService) {}

  @Get('timeline')
  @ApiOperation({
    summary:
      "A lead's history, notes, e-mails and tasks, newest first (kind: created, status, assigned, note, email, task, merged, duplicate).",
  })
  @ApiOkResponse({ type: [TimelineEntryDto] })
  @ApiNotFoundResponse()
  get(@IdParam() id: number): Promise<TimelineEntry[]> {
    return this.timeline.timeline(id);
  }
}
