import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser } from '../../common/decorators/auth-user';
import { Audit, AuditContext } from '../../audit/audit-context';
import { Authenticated } from '../../common/decorators/authenticated.decorator';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { AdminUser, BulkDeleteResult } from '../../../shared/api/admin';
import { BulkDeleteResultDto } from '../common/bulk-delete-result.dto';
import { ListQueryDto } from '../common/list-query.dto';
import { ApiListResponse } from '../common/list-response.decorator';
import { IdParam } from '../../common/pipes/parse-id.pipe';
import { setContentRange } from '../common/simple-rest';
import { AdminUsersService } from './admin-users.service';
import { AdminUserDto } from './dto/admin-user.dto';
import { BulkDeleteUsersDto } from './dto/bulk-delete-users.dto';
import { UpdateUserDto } from './dto/update-user.dto';

/** Customers and admins (everyone who is not an agent); admins sort first by default. */
@ApiTags('admin')
@Authenticated({ admin: true })
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  @ApiOperation({ summary: 'List customers and admins (superusers first unless sorted).' })
  @ApiListResponse(AdminUserDto, 'users')
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminUser[]> {
    const page = await this.users.list('users', query);
    setContentRange(reply, 'users', page);
    return page.items;
  }

  @Post('bulk-delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete several users at once (all or nothing).' })
  @ApiOkResponse({ type: BulkDeleteResultDto })
  @ApiNotFoundResponse({ description: 'Some ids do not exist; nothing was deleted.' })
  @ApiConflictResponse({ description: 'The list includes yourself or the last admin.' })
  bulkDelete(
    @Body() dto: BulkDeleteUsersDto,
    @CurrentUser() actor: AuthUser,
    @Audit() audit: AuditContext,
  ): Promise<BulkDeleteResult> {
    return this.users.bulkRemove('users', dto.user_ids, actor, audit);
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminUserDto })
  @ApiNotFoundResponse()
  get(@IdParam() id: number): Promise<AdminUser> {
    return this.users.get('users', id);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Edit a user; is_superuser makes or unmakes admins. E-mail is read-only.' })
  @ApiOkResponse({ type: AdminUserDto })
  @ApiConflictResponse({ description: 'Demoting or deactivating yourself or the last admin.' })
  update(
    @IdParam() id: number,
    @Body() dto: UpdateUserDto,
    @CurrentUser() actor: AuthUser,
    @Audit() audit: AuditContext,
  ): Promise<AdminUser> {
    return this.users.update('users', id, dto, actor, audit);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a user; answers the deleted record.' })
  @ApiOkResponse({ type: AdminUserDto })
  @ApiConflictResponse({ description: 'Deleting yourself or the last admin.' })
  remove(@IdParam() id: number, @CurrentUser() actor: AuthUser, @Audit() audit: AuditContext): Promise<AdminUser> {
    return this.users.remove('users', id, actor, audit);
  }
}
