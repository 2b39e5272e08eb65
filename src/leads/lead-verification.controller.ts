import { Body, Controller, HttpCode, HttpStatus, Post, Res, UseFilters } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { SuccessResponseDto } from './dto/lead-responses.dto';
import { Public } from '../common/decorators/public.decorator';
import { LeanRoute } from '../common/http/lean-route';
import { QueuesOwnWrites } from '../common/decorators/writes-data.decorator';
import { SuccessResponse } from '../../shared/api/leads';
import { SendVerificationCodeDto } from './dto/send-verification-code.dto';
import { VerifyCodeDto } from './dto/verify-code.dto';
import { RateLimit } from '../common/rate-limit/rate-limit.decorator';
import { PUBLIC_FORM_ERRORS } from '../common/filters/all-exceptions.filter';
import { LeadVerificationService } from './lead-verification.service';
import { HOUR_MS } from '../common/time/durations';

@ApiTags('leads')
@Public()
@UseFilters(PUBLIC_FORM_ERRORS)
// Every write here goes through runInTransaction/serializeWrites: only those parts queue on SQLite.
@QueuesOwnWrites()
@Controller('destination-lead')
export class LeadVerificationController {
  constructor(private readonly verification: LeadVerificationService) {}

  /** E-mails a 4-digit code (valid 10 minutes) that replaces any earlier one. */
  @Post('send-email-verification')
  @LeanRoute()
  @HttpCode(HttpStatus.OK)
  @RateLimit({ name: 'lead-code-send', limit: 10, windowMs: HOUR_MS })
  @ApiOkResponse({ type: SuccessResponseDto })
  @ApiTooManyRequestsResponse({
    description:
      'Resend limits: 1 per 30 s per e-mail; 5 per 15 minutes per e-mail and client IP; 10 per hour per IP. Past 10 codes per 15 minutes to one e-mail (all clients together) the answer is the usual 200 and nothing more is sent.',
  })
  send(
    @Body() dto: SendVerificationCodeDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SuccessResponse> {
    // The lean lane hands handlers the body and the reply only; the reply knows its request's client.
    return this.verification.sendCode(dto.email, reply.request.ip);
  }

  /** Confirms the code; at most 5 attempts per code. No live code is answered as a wrong guess. */
  @Post('verify-code')
  @LeanRoute()
  @HttpCode(HttpStatus.OK)
  @RateLimit({ name: 'lead-code-verify', limit: 30, windowMs: HOUR_MS / 4 })
  @ApiOkResponse({ type: SuccessResponseDto })
  verify(@Body() dto: VerifyCodeDto): Promise<SuccessResponse> {
    return this.verification.verifyCode(dto.email, dto.confirmation_code);
  }
}
