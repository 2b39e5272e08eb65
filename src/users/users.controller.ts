import { Audit, AuditContext } from '../audit/audit-context';
import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  NotFoundException,
  Param,
  ParseIntPipe,
  Post,
  Put,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { OptionalJwtGuard } from '../common/guards/optional-jwt.guard';
import { RATE_LIMITS } from '../common/rate-limit/rate-limits';
import { RateLimit } from '../common/rate-limit/rate-limit.decorator';
import { AuthUser } from '../common/decorators/auth-user';
import { Authenticated } from '../common/decorators/authenticated.decorator';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { WritesData } from '../common/decorators/writes-data.decorator';
import { AppConfig } from '../config/app-config';
import {
  ActionResult,
  ChangePasswordResult,
  SignUpResult,
  UserProfile,
  VerifyEmailResult,
} from '../../shared/api/account';
import { ACCOUNT_MESSAGES } from '../../shared/rules/account';
import {
  ActionResultDto,
  ChangePasswordResultDto,
  PublicSignUpResultDto,
  SignUpResultDto,
  UserProfileDto,
} from './dto/account-responses.dto';
import { BROWSER_KEYS, clearBrowserKey, readBrowserKey, setBrowserKey } from './browser-keys';
import { AdminSignUpDto } from './dto/admin-sign-up.dto';
import { ChangePasswordDto } from './dto/change-password.dto';
import { SignUpDto } from './dto/sign-up.dto';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { SETUP_TOKEN_HEADER } from './first-admin-setup.service';
import { ProfileService } from './profile.service';
import { SignUpService } from './sign-up.service';

const idPipe = new ParseIntPipe({ exceptionFactory: () => new NotFoundException(ACCOUNT_MESSAGES.userNotFound) });

@ApiTags('accounts')
@Controller('users')
export class UsersController {
  constructor(
    private readonly signUps: SignUpService,
    private readonly profiles: ProfileService,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('sign-up')
  @UseGuards(OptionalJwtGuard)
  @RateLimit(RATE_LIMITS.signUp)
  @ApiOperation({
    summary: 'Create an account (inactive until the e-mailed link is used)',
    description:
      'is_superuser true is accepted only with an admin access token (Authorization: Bearer). A customer sign-up also sets an httpOnly cookie (`signup_browser`, path /api/users/verify-email): the verification link opened in this browser also adds the leads sent earlier with the address to the account. A customer sign-up is answered the same whatever the address: when it already has a verified account nothing is created and its owner is e-mailed that someone tried to sign up with it. Sign-up e-mails are limited per recipient address (one per 5 minutes, 5 per 24 hours); past that the answer is the usual one and nothing is sent.',
  })
  @ApiCreatedResponse({ type: PublicSignUpResultDto })
  @ApiBadRequestResponse({ description: 'Invalid input; `error` says what.' })
  @ApiForbiddenResponse({ description: 'is_superuser true without an admin token.' })
  @ApiConflictResponse({ description: 'An admin creating an admin: the e-mail already has an account.' })
  @ApiServiceUnavailableResponse({ description: 'The verification e-mail could not be sent; nothing was kept, retry.' })
  async signUp(
    @Body() dto: SignUpDto,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Audit() audit: AuditContext,
    @CurrentUser() caller?: AuthUser,
  ): Promise<ActionResult | SignUpResult> {
    const { result, browserKey } = await this.signUps.signUp(dto, caller ?? undefined, audit);
    if (browserKey) setBrowserKey(reply, BROWSER_KEYS.signUp, browserKey, this.secureCookies);
    return result;
  }

  @Public()
  @Post('admin/sign-up')
  @UseGuards(OptionalJwtGuard)
  @RateLimit(RATE_LIMITS.signUp)
  @ApiOperation({
    summary: 'Create an admin (admin shell)',
    description:
      'Needs an admin access token. The very first admin (no admin exists, ADMIN_EMAIL unset) is created with the one-time set-up token that the server prints in its log at start-up, sent as the `setup_token` body field or the `X-Setup-Token` header; the token works once and dies on restart. The new admin is active at once.',
  })
  @ApiHeader({
    name: 'X-Setup-Token',
    required: false,
    description: 'First-run set-up token (or body field setup_token).',
  })
  @ApiCreatedResponse({ type: SignUpResultDto })
  @ApiUnauthorizedResponse({ description: 'No admin token, and no valid first-run set-up token.' })
  @ApiForbiddenResponse({ description: 'The token is not an admin’s.' })
  @ApiConflictResponse({ description: 'The e-mail already has an account.' })
  adminSignUp(
    @Body() dto: AdminSignUpDto,
    @Headers(SETUP_TOKEN_HEADER) setupHeader: string | undefined,
    @Audit() audit: AuditContext,
    @CurrentUser() caller?: AuthUser,
  ): Promise<SignUpResult> {
    return this.signUps.adminSignUp(dto, caller ?? undefined, dto.setup_token ?? setupHeader, audit);
  }

  @Public()
  @WritesData()
  @Get('verify-email/:uidb64/:token')
  @RateLimit(RATE_LIMITS.verifyEmail)
  @ApiOperation({
    summary: 'Activate an account from the e-mailed link (works once, for 3 days)',
    description:
      'Answers {success, message}. Called with the `signup_browser` cookie of the sign-up (the site calls it with credentials), the answer adds `earlier_leads_confirmed`: true when this is the browser that signed up, and the leads sent earlier with the address joined the account.',
  })
  @ApiOkResponse({ type: ActionResultDto })
  @ApiBadRequestResponse({ description: '{success: false} — invalid, used or expired link.' })
  async verifyEmail(
    @Param('uidb64') uidb64: string,
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<VerifyEmailResult> {
    const browserKey = readBrowserKey(request, BROWSER_KEYS.signUp);
    const result = await this.signUps.verifyEmail(uidb64, token, browserKey);
    if (browserKey) clearBrowserKey(reply, BROWSER_KEYS.signUp, this.secureCookies);
    return result;
  }

  @Get('user/:id')
  @ApiParam({ name: 'id', schema: { type: 'integer' } })
  @Authenticated()
  @ApiOperation({ summary: 'A profile: one’s own, or anyone’s for an admin' })
  @ApiOkResponse({ type: UserProfileDto })
  @ApiForbiddenResponse({ description: 'Another user’s profile.' })
  profile(@Param('id', idPipe) id: number, @CurrentUser() caller: AuthUser): Promise<UserProfile> {
    return this.profiles.get(id, caller);
  }

  @Put('user/:id')
  @ApiParam({ name: 'id', schema: { type: 'integer' } })
  @Authenticated()
  @ApiOperation({ summary: 'Edit one’s own names and phone (the e-mail cannot change)' })
  @ApiOkResponse({ type: UserProfileDto })
  @ApiBadRequestResponse({ description: 'Invalid input, or a different e-mail.' })
  @ApiForbiddenResponse({ description: 'Another user’s profile.' })
  updateProfile(
    @Param('id', idPipe) id: number,
    @Body() dto: UpdateProfileDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<UserProfile> {
    return this.profiles.update(id, caller, dto);
  }

  @Post('change-password')
  @HttpCode(200)
  @Authenticated()
  @RateLimit(RATE_LIMITS.changePassword)
  @ApiOperation({ summary: 'Change one’s password; every other session ends and a fresh token pair is returned' })
  @ApiOkResponse({ type: ChangePasswordResultDto })
  @ApiBadRequestResponse({ description: 'Invalid input or wrong current password.' })
  changePassword(@Body() dto: ChangePasswordDto, @CurrentUser() caller: AuthUser): Promise<ChangePasswordResult> {
    return this.profiles.changePassword(caller, dto);
  }

  @Post('logout-all')
  @HttpCode(200)
  @Authenticated()
  @RateLimit(RATE_LIMITS.refresh)
  @ApiOperation({
    summary: 'Log out on every device: every refresh and access token of the account stops working',
  })
  @ApiOkResponse({ type: ActionResultDto })
  logoutAll(@CurrentUser() caller: AuthUser): Promise<ActionResult> {
    return this.profiles.endAllSessions(caller);
  }

  private get secureCookies(): boolean {
    return this.config.publicUrl.startsWith('https://');
  }
}
