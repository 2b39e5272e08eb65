import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RATE_LIMITS } from '../common/rate-limit/rate-limits';
import { AuthUser } from '../common/decorators/auth-user';
import { Authenticated } from '../common/decorators/authenticated.decorator';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { RateLimit } from '../common/rate-limit/rate-limit.decorator';
import { AppConfig } from '../config/app-config';
import { ActionResult, EarlierLeadsStatus } from '../../shared/api/account';
import { BROWSER_KEYS, clearBrowserKey, readBrowserKey, setBrowserKey } from './browser-keys';
import { ActionResultDto, EarlierLeadsStatusDto } from './dto/account-responses.dto';
import { EarlierLeadsService } from './earlier-leads.service';

/** The account page's "confirm your earlier requests" (see EarlierLeadsService). */
@ApiTags('accounts')
@Controller('users/earlier-leads')
export class EarlierLeadsController {
  constructor(
    private readonly earlier: EarlierLeadsService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @Authenticated()
  @ApiOperation({ summary: 'Whether the leads sent with the account’s address before it was verified are its own' })
  @ApiOkResponse({ type: EarlierLeadsStatusDto })
  status(@CurrentUser() caller: AuthUser): Promise<EarlierLeadsStatus> {
    return this.earlier.status(caller);
  }

  @Post()
  @HttpCode(200)
  @Authenticated()
  @RateLimit(RATE_LIMITS.earlierLeads)
  @ApiOperation({
    summary: 'E-mail a link that adds the earlier leads to the account, in this browser only',
    description:
      'Sets an httpOnly cookie (`earlier_leads_browser`, path /api/users/earlier-leads): the e-mailed link works only when opened in the browser that holds it. 3 e-mails per account and hour.',
  })
  @ApiOkResponse({ type: ActionResultDto })
  @ApiTooManyRequestsResponse({ description: 'More than 3 requests for this account in the last hour.' })
  async request(
    @CurrentUser() caller: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ActionResult> {
    const { result, browserKey } = await this.earlier.request(caller);
    if (browserKey) setBrowserKey(reply, BROWSER_KEYS.earlierLeads, browserKey, this.secureCookies);
    return result;
  }

  @Public()
  @Post('confirm/:uidb64/:token')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.earlierLeadsConfirm)
  @ApiOperation({
    summary: 'Open the e-mailed link (with credentials, in the browser that asked): the earlier leads join the account',
    description:
      'The site page {PUBLIC_URL}/confirm-earlier-requests/{uidb64}/{token} calls this. Works once, for 1 hour.',
  })
  @ApiOkResponse({ type: ActionResultDto })
  @ApiBadRequestResponse({
    description:
      '{success: false} — invalid, used or expired link, or opened in another browser than the one that asked.',
  })
  async confirm(
    @Param('uidb64') uidb64: string,
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ActionResult> {
    const result = await this.earlier.confirm(uidb64, token, readBrowserKey(request, BROWSER_KEYS.earlierLeads));
    clearBrowserKey(reply, BROWSER_KEYS.earlierLeads, this.secureCookies);
    return result;
  }

  private get secureCookies(): boolean {
    return this.config.publicUrl.startsWith('https://');
  }
}
