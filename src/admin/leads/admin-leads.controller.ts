import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import {
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
import { Authenticated } from '../../common/decorators/authenticated.decorator';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { AdminLead, AdminLeadDetail, BulkDeleteResult } from '../../shared/api/admin';
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
  ) {}

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
  export(@Query() query: ExportQueryDto): StreamableFile {
    return new StreamableFile(this.exporter.open(query.filter), {
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="destination_leads.csv"',
    });
  }

  @Post()
  @ApiOperation({ summary: 'Add a lead (source "admin").' })
  @ApiCreatedResponse({ type: AdminLeadDetailDto })
  create(@Body() dto: CreateAdminLeadDto, @CurrentUser() actor: AuthUser): Promise<AdminLeadDetail> {
    return this.leads.create(dto, actor);
  }

  @Post('bulk-delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete several leads at once (all or nothing).' })
  @ApiOkResponse({ type: BulkDeleteResultDto })
  @ApiNotFoundResponse({ description: 'Some ids do not exist; nothing was deleted.' })
  bulkDelete(@Body() dto: BulkDeleteLeadsDto): Promise<BulkDeleteResult> {
    return this.leads.bulkRemove(dto.lead_ids);
  }

  @Post(':id/create-account')
  @ApiOperation({ summary: 'Create an inactive customer account from the lead and send the verification e-mail.' })
  @ApiCreatedResponse({
    type: AdminLeadDetailDto,
    description: 'The lead, now with user_id and an account_created event.',
  })
  @ApiConflictResponse({ description: 'An account with this e-mail already exists.' })
  @ApiServiceUnavailableResponse({ description: 'The verification e-mail could not be sent; no account was kept.' })
  createAccount(@IdParam() id: number, @CurrentUser() actor: AuthUser): Promise<AdminLeadDetail> {
    return this.accounts.createAccount(id, actor);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One lead with its history (who changed status or assignment, and when).' })
  @ApiOkResponse({ type: AdminLeadDetailDto })
  @ApiNotFoundResponse()
  get(@IdParam() id: number): Promise<AdminLeadDetail> {
    return this.leads.get(id);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Edit a lead; status and agent changes are recorded.' })
  @ApiOkResponse({ type: AdminLeadDetailDto })
  update(
    @IdParam() id: number,
    @Body() dto: UpdateAdminLeadDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<AdminLeadDetail> {
    return this.leads.update(id, dto, actor);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a lead; answers the deleted record.' })
  @ApiOkResponse({ type: AdminLeadDto })
  remove(@IdParam() id: number): Promise<AdminLead> {
    return this.leads.remove(id);
  }
}
