import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Audit, AuditContext } from '../../audit/audit-context';
import { Authenticated, DeskAccess } from '../../common/decorators/authenticated.decorator';
import { QueuesOwnWrites } from '../../common/decorators/writes-data.decorator';
import { readForm } from '../../media/multipart-form';
import { AdminDestination, BulkDeleteResult } from '../../../shared/api/admin';
import { BulkDeleteResultDto } from '../common/bulk-delete-result.dto';
import { ListQueryDto } from '../common/list-query.dto';
import { ApiListResponse } from '../common/list-response.decorator';
import { IdParam } from '../../common/pipes/parse-id.pipe';
import { setContentRange } from '../common/simple-rest';
import { DESTINATION_FORM } from './destination-form';
import { DestinationsService } from './destinations.service';
import { AdminDestinationDto, DESTINATION_FORM_SCHEMA } from './dto/admin-destination.dto';
import { BulkDeleteDestinationsDto } from './dto/bulk-delete-destinations.dto';

/** Destinations with images (multipart) and things to do; priority destinations sort first. */
@ApiTags('admin')
@Authenticated({ admin: true })
@Controller('admin/destinations')
export class DestinationsController {
  constructor(private readonly destinations: DestinationsService) {}

  @DeskAccess()
  @Get()
  @ApiOperation({ summary: 'List destinations (priority first, then newest, unless sorted).' })
  @ApiListResponse(AdminDestinationDto, 'destinations')
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminDestination[]> {
    const page = await this.destinations.list(query);
    setContentRange(reply, 'destinations', page);
    return page.items;
  }

  @Post()
  @QueuesOwnWrites()
  @ApiOperation({ summary: 'Add a destination with its images (main image required; JPG, PNG, WEBP ≤ 2 MB each).' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: DESTINATION_FORM_SCHEMA })
  @ApiCreatedResponse({ type: AdminDestinationDto })
  @ApiPayloadTooLargeResponse({ description: 'Too many files, fields or parts in one request.' })
  async create(@Req() request: FastifyRequest, @Audit() audit: AuditContext): Promise<AdminDestination> {
    return this.destinations.create(await readForm(request, DESTINATION_FORM), audit);
  }

  @Post('bulk-delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete several destinations (all or nothing; refused while any has leads).' })
  @ApiOkResponse({ type: BulkDeleteResultDto })
  @ApiNotFoundResponse({ description: 'Some ids do not exist; nothing was deleted.' })
  @ApiConflictResponse({ description: 'Some of them have leads; nothing was deleted.' })
  bulkDelete(@Body() dto: BulkDeleteDestinationsDto, @Audit() audit: AuditContext): Promise<BulkDeleteResult> {
    return this.destinations.bulkRemove(dto.destination_ids, audit);
  }

  @DeskAccess()
  @Get(':id')
  @ApiOkResponse({ type: AdminDestinationDto })
  @ApiNotFoundResponse()
  get(@IdParam() id: number): Promise<AdminDestination> {
    return this.destinations.get(id);
  }

  @Put(':id')
  @QueuesOwnWrites()
  @ApiOperation({
    summary:
      'Edit a destination: images listed in existing_*_ids are kept, others removed (rows and files), new files added.',
  })
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ schema: DESTINATION_FORM_SCHEMA })
  @ApiOkResponse({ type: AdminDestinationDto })
  async update(
    @IdParam() id: number,
    @Req() request: FastifyRequest,
    @Audit() audit: AuditContext,
  ): Promise<AdminDestination> {
    return this.destinations.update(id, await readForm(request, DESTINATION_FORM), audit);
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Delete a destination with its images, things to do and packs; refused (409) while it has leads.',
  })
  @ApiOkResponse({ type: AdminDestinationDto })
  @ApiConflictResponse({ description: 'The destination has leads.' })
  remove(@IdParam() id: number, @Audit() audit: AuditContext): Promise<AdminDestination> {
    return this.destinations.remove(id, audit);
  }
}
