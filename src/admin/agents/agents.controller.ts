import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser } from '../../common/decorators/auth-user';
import { Audit, AuditContext } from '../../audit/audit-context';
import { Authenticated, DeskAccess } from '../../common/decorators/authenticated.decorator';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { AdminAgent, BulkDeleteResult } from '../../../shared/api/admin';
import { BulkDeleteResultDto } from '../common/bulk-delete-result.dto';
import { ListQueryDto } from '../common/list-query.dto';
import { ApiListResponse } from '../common/list-response.decorator';
import { IdParam } from '../../common/pipes/parse-id.pipe';
import { setContentRange } from '../common/simple-rest';
import { AdminUsersService } from '../users/admin-users.service';
import { AdminUserDto } from '../users/dto/admin-user.dto';
import { BulkDeleteAgentsDto } from './dto/bulk-delete-agents.dto';
import { CreateAgentDto } from './dto/create-agent.dto';
import { UpdateAgentDto } from './dto/update-agent.dto';

/** Agents: users with is_agent, who can be assigned leads. */
@ApiTags('admin')
@Authenticated({ admin: true })
@Controller('admin/agents')
export class AgentsController {
  constructor(private readonly users: AdminUsersService) {}

  @DeskAccess()
  @Get()
  @ApiOperation({ summary: 'List agents.' })
  @ApiListResponse(AdminUserDto, 'agents')
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminAgent[]> {
    const page = await this.users.list('agents', query);
    setContentRange(reply, 'agents', page);
    return page.items;
  }

  @Post()
  @ApiOperation({ summary: 'Add an agent (inactive until a password is set, when none is given).' })
  @ApiCreatedResponse({ type: AdminUserDto })
  @ApiConflictResponse({ description: 'A user with this e-mail already exists.' })
  create(@Body() dto: CreateAgentDto, @Audit() audit: AuditContext): Promise<AdminAgent> {
    return this.users.createAgent(dto, audit);
  }

  @Post('bulk-delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete several agents at once (all or nothing); their leads become unassigned.' })
  @ApiOkResponse({ type: BulkDeleteResultDto })
  @ApiNotFoundResponse({ description: 'Some ids do not exist; nothing was deleted.' })
  bulkDelete(
    @Body() dto: BulkDeleteAgentsDto,
    @CurrentUser() actor: AuthUser,
    @Audit() audit: AuditContext,
  ): Promise<BulkDeleteResult> {
    return this.users.bulkRemove('agents', dto.agent_ids, actor, audit);
  }

  @DeskAccess()
  @Get(':id')
  @ApiOkResponse({ type: AdminUserDto })
  @ApiNotFoundResponse()
  get(@IdParam() id: number): Promise<AdminAgent> {
    return this.users.get('agents', id);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Edit an agent. E-mail is read-only.' })
  @ApiOkResponse({ type: AdminUserDto })
  update(
    @IdParam() id: number,
    @Body() dto: UpdateAgentDto,
    @CurrentUser() actor: AuthUser,
    @Audit() audit: AuditContext,
  ): Promise<AdminAgent> {
    return this.users.update('agents', id, dto, actor, audit);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete an agent; answers the deleted record.' })
  @ApiOkResponse({ type: AdminUserDto })
  remove(@IdParam() id: number, @CurrentUser() actor: AuthUser, @Audit() audit: AuditContext): Promise<AdminAgent> {
    return this.users.remove('agents', id, actor, audit);
  }
}
