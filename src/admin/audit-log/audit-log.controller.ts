import { Controller, Delete, Get, HttpException, HttpStatus, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated } from '../../common/decorators/authenticated.decorator';
import { IdParam } from '../../common/pipes/parse-id.pipe';
import { AdminAuditEntry } from '../../../shared/api/admin';
import { ListQueryDto } from '../common/list-query.dto';
import { ApiListResponse } from '../common/list-response.decorator';
import { setContentRange } from '../common/simple-rest';
import { AuditLogService } from './audit-log.service';
import { AdminAuditEntryDto } from './dto/admin-audit-entry.dto';

const AUDIT_LOG_READ_ONLY = 'The audit log is read-only: its entries cannot be created, changed or deleted.';

/**
 * The back-office audit log (admins only): who changed, exported, deleted or signed in, and when.
 * Read-only: every other method on its paths answers 405 (Allow: GET).
 */
@ApiTags('admin')
@Authenticated({ admin: true })
@Controller('admin/audit-log')
export class AuditLogController {
  constructor(private readonly log: AuditLogService) {}

  @Get()
  @ApiOperation({
    summary: 'List audit entries (newest first unless sorted). Read-only: PUT, PATCH, DELETE and POST answer 405.',
    description:
      'Filters: `actor_id`, `resource`, `action`, `record_id`, `created_at_gte` / `created_at_lte` (ISO date or date-time; a bare end date includes that day).',
  })
  @ApiListResponse(AdminAuditEntryDto, 'audit-log')
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminAuditEntry[]> {
    const page = await this.log.list(query);
    setContentRange(reply, 'audit-log', page);
    return page.items;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One audit entry.' })
  @ApiOkResponse({ type: AdminAuditEntryDto })
  @ApiNotFoundResponse()
  get(@IdParam() id: number): Promise<AdminAuditEntry> {
    return this.log.get(id);
  }

  // Read-only: no route creates, changes or deletes an entry (405, not 404, so a client learns why).
  @Post()
  @ApiExcludeEndpoint()
  postList(@Res({ passthrough: true }) reply: FastifyReply): never {
    return readOnly(reply);
  }

  @Put()
  @ApiExcludeEndpoint()
  putList(@Res({ passthrough: true }) reply: FastifyReply): never {
    return readOnly(reply);
  }

  @Patch()
  @ApiExcludeEndpoint()
  patchList(@Res({ passthrough: true }) reply: FastifyReply): never {
    return readOnly(reply);
  }

  @Delete()
  @ApiExcludeEndpoint()
  deleteList(@Res({ passthrough: true }) reply: FastifyReply): never {
    return readOnly(reply);
  }

  @Post(':id')
  @ApiExcludeEndpoint()
  postEntry(@Res({ passthrough: true }) reply: FastifyReply): never {
    return readOnly(reply);
  }

  @Put(':id')
  @ApiExcludeEndpoint()
  putEntry(@Res({ passthrough: true }) reply: FastifyReply): never {
    return readOnly(reply);
  }

  @Patch(':id')
  @ApiExcludeEndpoint()
  patchEntry(@Res({ passthrough: true }) reply: FastifyReply): never {
    return readOnly(reply);
  }

  @Delete(':id')
  @ApiExcludeEndpoint()
  deleteEntry(@Res({ passthrough: true }) reply: FastifyReply): never {
    return readOnly(reply);
  }
}

function readOnly(reply: FastifyReply): never {
  reply.header('Allow', 'GET, HEAD');
  throw new HttpException({ message: AUDIT_LOG_READ_ONLY }, HttpStatus.METHOD_NOT_ALLOWED);
}
