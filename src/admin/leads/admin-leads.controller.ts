import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser } from '../../common/decorators/auth-user';
import { Audit, AuditContext } from '../../audit/audit-context';
import { Authenticated, DeskAccess } from '../../common/decorators/authenticated.decorator';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { AdminLead, AdminLeadDetail, BulkDeleteResult } from '../../../shared/api/admin';
import { BulkDeleteResultDto } from '../common/bulk-delete-result.dto';
import { ExportQueryDto, ListQueryDto } from '../common/list-query.dto';
import { ApiListResponse } from '../common/list-response.decorator';
import { IdParam } from '../../common/pipes/parse-id.pipe';
import { setContentRange } from '../common/simple-rest';
import { AdminLeadsService } from './admin-leads.service';
import { AdminLeadDetailDto, AdminLeadDto } from './dto/admin-lead.dto';
import { BulkDeleteLeadsDto } from './dto/bulk-delete-leads.dto';
import { CreateAdminLeadDto } from './dto/create-admin-lead.dto';
import { UpdateAdminLeadDto } from './dto/update-admin-lead.dto';
import { LeadAccountService } from './lead-account.service';
import { LeadDeskService } from './lead-desk.service';
import { BulkUpdateLeadsDto, BulkUpdateLeadsResultDto, MergeLeadDto, RelateLeadDto } from './dto/lead-desk.dto';
import { LeadsExportService } from './leads-export.service';

/** Leads: priority (repeat customers) first, then newest; status and assignment changes are recorded. */
@ApiTags('admin')
@Authenticated({ admin: true })
@Controller('admin/leads')
export class AdminLeadsController {
  constructor(
    private readonly leads: AdminLeadsService,
    private readonly exporter: LeadsExportService,
    private readonly accounts: LeadAccountService,
    private readonly desk: LeadDeskService,
  ) {}

  @DeskAccess()
  @Get()
  @ApiOperation({ summary: 'List leads (priority first, then newest, unless sorted).' })
  @ApiListResponse(AdminLeadDto, 'leads')
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminLead[]> {
    const page = await this.leads.list(query);
    setContentRange(reply, 'leads', page);
    return page.items;
  }

  @Get('export')
  @ApiOperation({ summary: 'Every lead of the filter as CSV (destination_leads.csv), streamed in batches.' })
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'lead_id, created_at, first_name, last_name, email, phone, date, hour, status, destination',
  })
  async export(@Query() query: ExportQueryDto, @Audit() audit: AuditContext): Promise<StreamableFile> {
    return new StreamableFile(await this.exporter.open(query.filter, audit), {
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="destination_leads.csv"',
    });
  }

  @DeskAccess()
  @Post()
  @ApiOperation({ summary: 'Add a lead (source "admin").' })
  @ApiCreatedResponse({ type: AdminLeadDetailDto })
  create(
    @Body() dto: CreateAdminLeadDto,
    @CurrentUser() actor: AuthUser,
    @Audit() audit: AuditContext,
  ): Promise<AdminLeadDetail> {
    return this.leads.create(dto, actor, audit);
  }

  @Post('bulk-delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete several leads at once (all or nothing).' })
  @ApiOkResponse({ type: BulkDeleteResultDto })
  @ApiNotFoundResponse({ description: 'Some ids do not exist; nothing was deleted.' })
  bulkDelete(@Body() dto: BulkDeleteLeadsDto, @Audit() audit: AuditContext): Promise<BulkDeleteResult> {
    return this.leads.bulkRemove(dto.lead_ids, audit);
  }

  @DeskAccess()
  @Post('bulk-update')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Reassign and/or move several leads at once (all or nothing); each change is recorded in its history.',
  })
  @ApiOkResponse({ type: BulkUpdateLeadsResultDto })
  @ApiBadRequestResponse({ description: 'A status move the pipeline refuses (the lead is named); nothing changed.' })
  @ApiNotFoundResponse({ description: 'Some ids do not exist; nothing was changed.' })
  bulkUpdate(
    @Body() dto: BulkUpdateLeadsDto,
    @CurrentUser() actor: AuthUser,
    @Audit() audit: AuditContext,
  ): Promise<{ data: number[] }> {
    return this.desk.bulkUpdate(dto, actor, audit);
  }

  @DeskAccess()
  @Post(':id/merge')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Merge a lead into another: notes, tasks and history move there; this lead stays as a pointer.',
    description:
      'Only leads of one person merge: the same e-mail (trimmed, without case), or the same phone digits and the same last name (trimmed, without case or accents).',
  })
  @ApiOkResponse({ type: AdminLeadDetailDto, description: 'The lead merged into, with the moved history.' })
  @ApiBadRequestResponse({ description: 'Merging into itself or into a merged lead.' })
  @ApiConflictResponse({
    description: 'The two leads belong to different people (the message says why); nothing moved.',
  })
  @ApiNotFoundResponse()
  async merge(
    @IdParam() id: number,
    @Body() dto: MergeLeadDto,
    @CurrentUser() actor: AuthUser,
    @Audit() audit: AuditContext,
  ): Promise<AdminLeadDetail> {
    await this.desk.merge(id, dto.into, actor, audit);
    return this.leads.get(dto.into);
  }

  @Post(':id/related')
  @HttpCode(200)
  @ApiOperation({
    summary: "Link another person's lead to this one as related (shown on both); nothing moves between them.",
    description: "Both leads record a 'related' event and an audit entry; linking a linked pair again changes nothing.",
  })
  @ApiOkResponse({ type: AdminLeadDetailDto, description: 'This lead, with related_lead_ids.' })
  @ApiBadRequestResponse({ description: 'Relating a lead to itself or to a merged lead.' })
  @ApiNotFoundResponse()
  async relate(
    @IdParam() id: number,
    @Body() dto: RelateLeadDto,
    @CurrentUser() actor: AuthUser,
    @Audit() audit: AuditContext,
  ): Promise<AdminLeadDetail> {
    await this.desk.relate(id, dto.other_id, actor, audit);
    return this.leads.get(id);
  }

  @Post(':id/create-account')
  @ApiOperation({ summary: 'Create an inactive customer account from the lead and send the verification e-mail.' })
  @ApiCreatedResponse({
    type: AdminLeadDetailDto,
    description: 'The lead, now with user_id and an account_created event.',
  })
  @ApiConflictResponse({ description: 'An account with this e-mail already exists.' })
  @ApiServiceUnavailableResponse({ description: 'The verification e-mail could not be sent; no account was kept.' })
  createAccount(
    @IdParam() id: number,
    @CurrentUser() actor: AuthUser,
    @Audit() audit: AuditContext,
  ): Promise<AdminLeadDetail> {
    return this.accounts.createAccount(id, actor, audit);
  }

  @DeskAccess()
  @Get(':id')
  @ApiOperation({ summary: 'One lead with its history (who changed status or assignment, and when).' })
  @ApiOkResponse({ type: AdminLeadDetailDto })
  @ApiNotFoundResponse()
  get(@IdParam() id: number): Promise<AdminLeadDetail> {
    return this.leads.get(id);
  }

  @DeskAccess()
  @Put(':id')
  @ApiOperation({ summary: 'Edit a lead; status and agent changes are recorded.' })
  @ApiOkResponse({ type: AdminLeadDetailDto })
  update(
    @IdParam() id: number,
    @Body() dto: UpdateAdminLeadDto,
    @CurrentUser() actor: AuthUser,
    @Audit() audit: AuditContext,
  ): Promise<AdminLeadDetail> {
    return this.leads.update(id, dto, actor, audit);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a lead; answers the deleted record.' })
  @ApiOkResponse({ type: AdminLeadDto })
  remove(@IdParam() id: number, @Audit() audit: AuditContext): Promise<AdminLead> {
    return this.leads.remove(id, audit);
  }
}
