import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AuthUser } from '../../common/decorators/auth-user';
import { Authenticated } from '../../common/decorators/authenticated.decorator';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { IdParam } from '../../common/pipes/parse-id.pipe';
import { LeadEmailPreviewDto, SendLeadEmailDto } from './dto/email-template.dto';
import { LeadEmailPreview, LeadMailService } from './lead-mail.service';

/** Replies to a lead from its page: a template or free text, rendered with the lead's data. */
@ApiTags('admin')
@Authenticated({ desk: true })
@Controller('admin/leads')
export class LeadMailController {
  constructor(private readonly mail: LeadMailService) {}

  @Post(':id/preview-email')
  @HttpCode(200)
  @ApiOperation({ summary: 'Render a reply to the lead without sending it.' })
  @ApiOkResponse({ type: LeadEmailPreviewDto })
  @ApiNotFoundResponse({ description: 'Unknown lead or template.' })
  @ApiConflictResponse({ description: 'The lead was anonymised.' })
  @ApiForbiddenResponse({ description: "An agent's own text to an address typed in the back-office." })
  preview(
    @IdParam() id: number,
    @Body() dto: SendLeadEmailDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<LeadEmailPreview> {
    return this.mail.preview(id, dto, actor);
  }

  @Post(':id/send-email')
  @ApiOperation({
    summary: "Send a reply to the lead through the outbox (reply-to: the lead's agent) and add an `email` event.",
  })
  @ApiCreatedResponse({ type: LeadEmailPreviewDto })
  @ApiNotFoundResponse({ description: 'Unknown lead or template.' })
  @ApiConflictResponse({ description: 'The lead was anonymised.' })
  @ApiForbiddenResponse({ description: "An agent's own text to an address typed in the back-office." })
  send(
    @IdParam() id: number,
    @Body() dto: SendLeadEmailDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<LeadEmailPreview> {
    return this.mail.send(id, dto, actor);
  }
}
