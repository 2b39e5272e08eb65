import { Body, Controller, Delete, Get, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Audit, AuditContext } from '../../audit/audit-context';
import { Authenticated, DeskAccess } from '../../common/decorators/authenticated.decorator';
import { IdParam } from '../../common/pipes/parse-id.pipe';
import { ListQueryDto } from '../common/list-query.dto';
import { ApiListResponse } from '../common/list-response.decorator';
import { setContentRange } from '../common/simple-rest';
import { EmailTemplateDto, EmailTemplateInputDto } from './dto/email-template.dto';
import { AdminEmailTemplate, EmailTemplatesService } from './email-templates.service';

/** Reply templates of the lead desk (Spanish, with variables); sequence_day puts one in the follow-ups. */
@ApiTags('admin')
@Authenticated({ admin: true })
@Controller('admin/email-templates')
export class EmailTemplatesController {
  constructor(private readonly templates: EmailTemplatesService) {}

  @DeskAccess()
  @Get()
  @ApiOperation({ summary: 'List e-mail templates (by name unless sorted).' })
  @ApiListResponse(EmailTemplateDto, 'email-templates')
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminEmailTemplate[]> {
    const page = await this.templates.list(query);
    setContentRange(reply, 'email-templates', page);
    return page.items;
  }

  @Post()
  @ApiOperation({ summary: 'Add an e-mail template; an unknown {{variable}} is a 400 naming it.' })
  @ApiCreatedResponse({ type: EmailTemplateDto })
  create(@Body() dto: EmailTemplateInputDto, @Audit() audit: AuditContext): Promise<AdminEmailTemplate> {
    return this.templates.create(dto, audit);
  }

  @DeskAccess()
  @Get(':id')
  @ApiOkResponse({ type: EmailTemplateDto })
  @ApiNotFoundResponse()
  get(@IdParam() id: number): Promise<AdminEmailTemplate> {
    return this.templates.get(id);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Replace a template with the whole form.' })
  @ApiOkResponse({ type: EmailTemplateDto })
  @ApiNotFoundResponse()
  update(
    @IdParam() id: number,
    @Body() dto: EmailTemplateInputDto,
    @Audit() audit: AuditContext,
  ): Promise<AdminEmailTemplate> {
    return this.templates.update(id, dto, audit);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a template. Answers the deleted record.' })
  @ApiOkResponse({ type: EmailTemplateDto })
  @ApiNotFoundResponse()
  remove(@IdParam() id: number, @Audit() audit: AuditContext): Promise<AdminEmailTemplate> {
    return this.templates.remove(id, audit);
  }
}
