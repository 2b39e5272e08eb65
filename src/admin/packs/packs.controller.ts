import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Audit, AuditContext } from '../../audit/audit-context';
import { Authenticated, DeskAccess } from '../../common/decorators/authenticated.decorator';
import { AdminPack, BulkDeleteResult } from '../../../shared/api/admin';
import { BulkDeleteResultDto } from '../common/bulk-delete-result.dto';
import { ListQueryDto } from '../common/list-query.dto';
import { ApiListResponse } from '../common/list-response.decorator';
import { IdParam } from '../../common/pipes/parse-id.pipe';
import { setContentRange } from '../common/simple-rest';
import { AdminPackDto } from './dto/admin-pack.dto';
import { BulkDeletePacksDto } from './dto/bulk-delete-packs.dto';
import { PackInputDto } from './dto/pack-input.dto';
import { PacksService } from './packs.service';

/** Travel packs; featured packs sort first by default. */
@ApiTags('admin')
@Authenticated({ admin: true })
@Controller('admin/packs')
export class PacksController {
  constructor(private readonly packs: PacksService) {}

  @DeskAccess()
  @Get()
  @ApiOperation({ summary: 'List travel packs (featured first unless sorted).' })
  @ApiListResponse(AdminPackDto, 'packs')
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminPack[]> {
    const page = await this.packs.list(query);
    setContentRange(reply, 'packs', page);
    return page.items;
  }

  @Post()
  @ApiOperation({ summary: 'Add a travel pack.' })
  @ApiCreatedResponse({ type: AdminPackDto })
  create(@Body() dto: PackInputDto, @Audit() audit: AuditContext): Promise<AdminPack> {
    return this.packs.create(dto, audit);
  }

  @Post('bulk-delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete several packs at once (all or nothing).' })
  @ApiOkResponse({ type: BulkDeleteResultDto })
  @ApiNotFoundResponse({ description: 'Some ids do not exist; nothing was deleted.' })
  bulkDelete(@Body() dto: BulkDeletePacksDto, @Audit() audit: AuditContext): Promise<BulkDeleteResult> {
    return this.packs.bulkRemove(dto.pack_ids, audit);
  }

  @DeskAccess()
  @Get(':id')
  @ApiOkResponse({ type: AdminPackDto })
  @ApiNotFoundResponse()
  get(@IdParam() id: number): Promise<AdminPack> {
    return this.packs.get(id);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Replace a pack with the whole form.' })
  @ApiOkResponse({ type: AdminPackDto })
  update(@IdParam() id: number, @Body() dto: PackInputDto, @Audit() audit: AuditContext): Promise<AdminPack> {
    return this.packs.update(id, dto, audit);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a pack; leads that chose it keep their destination. Answers the deleted record.' })
  @ApiOkResponse({ type: AdminPackDto })
  remove(@IdParam() id: number, @Audit() audit: AuditContext): Promise<AdminPack> {
    return this.packs.remove(id, audit);
  }
}
