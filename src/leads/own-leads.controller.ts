import { Controller, Get, NotFoundException, Param, ParseIntPipe } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/decorators/auth-user';
import { Authenticated } from '../common/decorators/authenticated.decorator';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { OwnLead } from '../../shared/api/own-leads';
import { ACCOUNT_MESSAGES } from '../../shared/rules/account';
import { OwnLeadDto } from './dto/own-lead.dto';
import { OwnLeadsService } from './own-leads.service';

/** The account page's list of a person's own leads (under the accounts' paths, kept by the leads module). */
@ApiTags('accounts')
@Controller('users')
export class OwnLeadsController {
  constructor(private readonly ownLeads: OwnLeadsService) {}

  @Get('user/:id/leads')
  @ApiParam({ name: 'id', schema: { type: 'integer' } })
  @Authenticated()
  @ApiOperation({
    summary: 'The leads a person made with their verified e-mail, newest first (one’s own; admins anyone’s)',
  })
  @ApiOkResponse({ type: OwnLeadDto, isArray: true })
  @ApiForbiddenResponse({ description: 'Another user’s leads.' })
  // A path id that is not a number: the same 404 as an account that does not exist.
  leads(
    @Param('id', new ParseIntPipe({ exceptionFactory: () => new NotFoundException(ACCOUNT_MESSAGES.userNotFound) }))
    id: number,
    @CurrentUser() caller: AuthUser,
  ): Promise<OwnLead[]> {
    return this.ownLeads.list(id, caller);
  }
}
