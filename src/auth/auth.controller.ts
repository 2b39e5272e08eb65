import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { ActionResult, AdminLoginResult, TokenPair } from '../../shared/api/account';
import { ACCOUNT_MESSAGES } from '../../shared/rules/account';
import { ActionResultDto, AdminLoginResultDto, TokenPairDto } from '../users/dto/account-responses.dto';
import { AdminLoginDto } from './dto/admin-login.dto';
import { LoginDto } from './dto/login.dto';
import { RefreshDto } from './dto/refresh.dto';
import { LoginService } from './login.service';
import { RateLimit } from '../common/rate-limit/rate-limit.decorator';
import { RATE_LIMITS } from '../common/rate-limit/rate-limits';
import { TokensService } from '../users/tokens.service';

@ApiTags('accounts')
@Public()
@Controller('users')
export class AuthController {
  constructor(
    private readonly login: LoginService,
    private readonly tokens: TokensService,
  ) {}

  @Post('token')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.login)
  @ApiOperation({
    summary: 'Log in (site)',
    description:
      'Failed attempts are throttled per e-mail and client IP with growing delays (429 with Retry-After); see the README for the numbers. While too many failures from all clients close the account to new devices, a client the account does not know gets 403 with `sign_in_link: true` whatever the password; the account’s address gets a one-time sign-in link when the password was right.',
  })
  @ApiOkResponse({ type: TokenPairDto })
  @ApiBadRequestResponse({ description: 'Invalid input.' })
  @ApiUnauthorizedResponse({
    description: 'Wrong password, or no account with this e-mail: the same answer, so it does not tell which.',
  })
  @ApiForbiddenResponse({
    description:
      'The e-mail is not verified yet; or, with `sign_in_link: true`, the account is closed to new devices (see the description).',
  })
  obtain(@Body() dto: LoginDto, @Req() req: FastifyRequest): Promise<TokenPair> {
    return this.login.login(dto.username, dto.password, req.ip);
  }

  @Post('token/refresh')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.refresh)
  @ApiOperation({
    summary: 'Exchange a refresh token for a new pair',
    description:
      'Each refresh token works once; replaying a used one revokes every session of the user. Sessions end 7 days after login.',
  })
  @ApiOkResponse({ type: TokenPairDto })
  @ApiUnauthorizedResponse({ description: 'Invalid, expired, revoked or reused refresh token.' })
  refresh(@Body() dto: RefreshDto): Promise<TokenPair> {
    return this.tokens.rotate(dto.refresh);
  }

  @Post('logout')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.refresh)
  @ApiOperation({
    summary: 'Log out: revoke the given refresh token and the access tokens of its session (always answers 200)',
    description: 'Send the access token as `Authorization: Bearer` too: it is refused from then on, on every instance.',
  })
  @ApiOkResponse({ type: ActionResultDto })
  async logout(@Body() dto: RefreshDto, @Req() req: FastifyRequest): Promise<ActionResult> {
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    await this.tokens.revoke(dto.refresh, bearer);
    return { success: true, message: ACCOUNT_MESSAGES.loggedOut };
  }

  @Post('admin/login')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.login)
  @ApiOperation({
    summary: 'Log in (admin shell)',
    description:
      'Only an active admin or agent gets {success: true, is_admin, is_agent, access, refresh}; an agent reaches the lead desk only. Wrong credentials: 401; a customer account: 403 with success false and no tokens; a throttled e-mail and client: 429; an account closed to new devices: 403 with `sign_in_link: true`, as on the site login.',
  })
  @ApiOkResponse({ type: AdminLoginResultDto })
  @ApiUnauthorizedResponse({
    description: '{success: false, is_admin: false, is_agent: false, message} — wrong e-mail or password.',
  })
  @ApiForbiddenResponse({
    description:
      '{success: false, is_admin, is_agent, message} — neither an admin nor an agent, or not verified; or the account is closed to new devices (`sign_in_link: true`).',
  })
  adminLogin(@Body() dto: AdminLoginDto, @Req() req: FastifyRequest): Promise<AdminLoginResult> {
    return this.login.adminLogin(dto.email, dto.password, req.ip);
  }
}
