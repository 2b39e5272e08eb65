import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { RATE_LIMITS } from '../common/rate-limit/rate-limits';
import { Public } from '../common/decorators/public.decorator';
import { RateLimit } from '../common/rate-limit/rate-limit.decorator';
import { SignInLinkResult } from '../../shared/api/account';
import { SignInLinkResultDto } from './dto/account-responses.dto';
import { SignInLinksService } from './sign-in-links.service';

@ApiTags('accounts')
@Public()
@Controller('users')
export class SignInLinkController {
  constructor(private readonly links: SignInLinksService) {}

  @Post('sign-in-link/:uidb64/:token')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.signInLink)
  @ApiOperation({
    summary: 'Open an e-mailed sign-in link: this device may sign in again (works once, for 15 minutes)',
    description:
      'The link is e-mailed when the right password comes from a device the account does not know while too many failed logins have closed the account to new devices (the login answered 403 with `sign_in_link: true`). Opening it makes the calling client known to the account: the password then signs in from it. The site page {PUBLIC_URL}/sign-in-link/{uidb64}/{token} calls this.',
  })
  @ApiOkResponse({ type: SignInLinkResultDto })
  @ApiBadRequestResponse({ description: '{success: false} — invalid, used or expired link.' })
  open(
    @Param('uidb64') uidb64: string,
    @Param('token') token: string,
    @Req() request: FastifyRequest,
  ): Promise<SignInLinkResult> {
    return this.links.open(uidb64, token, request.ip);
  }
}
