import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CsrfGuard, ensureCsrfCookie } from '../common/guards/csrf.guard';
import { RATE_LIMITS } from '../common/rate-limit/rate-limits';
import { RateLimit } from '../common/rate-limit/rate-limit.decorator';
import { Public } from '../common/decorators/public.decorator';
import { AppConfig } from '../config/app-config';
import { ActionResult, CSRF_HEADER, CsrfResult } from '../../shared/api/account';
import { ActionResultDto, CsrfResultDto } from './dto/account-responses.dto';
import { ForgotPasswordDto } from './dto/forgot-password.dto';
import { ResetPasswordDto } from './dto/reset-password.dto';
import { PasswordResetService } from './password-reset.service';

const CSRF_DOC = {
  name: CSRF_HEADER,
  required: true,
  description:
    'Double-submit CSRF: must equal the csrftoken cookie sent with the request (the cookie is set by GET /api/users/csrf/ and by the GET of the reset link). Missing or different: 403.',
};

@ApiTags('accounts')
@Public()
@Controller('users')
export class PasswordResetController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly config: AppConfig,
  ) {}

  @Get('csrf')
  @ApiOperation({ summary: 'Set the csrftoken cookie (readable by scripts) and return its value' })
  @ApiOkResponse({ type: CsrfResultDto })
  csrf(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): CsrfResult {
    return { csrfToken: ensureCsrfCookie(request, reply, this.secureCookies) };
  }

  @Post('reset_password')
  @HttpCode(200)
  @UseGuards(CsrfGuard)
  @RateLimit(RATE_LIMITS.resetRequest)
  @ApiHeader(CSRF_DOC)
  @ApiOperation({
    summary: 'E-mail a password reset link',
    description:
      'Answers the same whether or not the e-mail has an account. Admins get the /admin/api/users/reset/… link.',
  })
  @ApiOkResponse({ type: ActionResultDto })
  @ApiForbiddenResponse({ description: 'Missing or mismatched CSRF cookie/header.' })
  @ApiServiceUnavailableResponse({ description: 'The e-mail could not be sent.' })
  request(@Body() dto: ForgotPasswordDto): Promise<ActionResult> {
    return this.resets.request(dto.email);
  }

  @Get('reset/:uidb64/:token')
  @RateLimit(RATE_LIMITS.resetConfirm)
  @ApiOperation({
    summary: 'Check a reset link (JSON fetch); also sets the csrftoken cookie',
    description: 'A browser navigation (Accept: text/html) to this path gets the site page instead.',
  })
  @ApiOkResponse({ type: ActionResultDto })
  @ApiBadRequestResponse({ description: '{success: false} — invalid, used or expired link.' })
  validate(
    @Param('uidb64') uidb64: string,
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ActionResult> {
    ensureCsrfCookie(request, reply, this.secureCookies);
    return this.resets.validate(uidb64, token);
  }

  @Post('reset/:uidb64/:token')
  @HttpCode(200)
  @UseGuards(CsrfGuard)
  @RateLimit(RATE_LIMITS.resetConfirm)
  @ApiHeader(CSRF_DOC)
  @ApiOperation({ summary: 'Set a new password from a reset link; ends every session of the user' })
  @ApiOkResponse({ type: ActionResultDto })
  @ApiBadRequestResponse({ description: 'Invalid password, or an invalid, used or expired link.' })
  @ApiForbiddenResponse({ description: 'Missing or mismatched CSRF cookie/header.' })
  confirm(
    @Param('uidb64') uidb64: string,
    @Param('token') token: string,
    @Body() dto: ResetPasswordDto,
  ): Promise<ActionResult> {
    return this.resets.confirm(uidb64, token, dto.password);
  }

  private get secureCookies(): boolean {
    return this.config.publicUrl.startsWith('https://');
  }
}
