import { Body, Controller, Post, Res, UseFilters } from '@nestjs/common';
import { ApiCreatedResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { LeadResponseDto } from './dto/lead-responses.dto';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/decorators/public.decorator';
import { LeanRoute } from '../common/http/lean-route';
import { isWarmUpRequest } from '../common/http/warm-up';
import { QueuesOwnWrites } from '../common/decorators/writes-data.decorator';
import { LeadResponse } from '../../shared/api/leads';
import { CreateLeadDto } from './dto/create-lead.dto';
import { RateLimit } from '../common/rate-limit/rate-limit.decorator';
import { PUBLIC_FORM_ERRORS } from '../common/filters/all-exceptions.filter';
import { LeadsService } from './leads.service';

@ApiTags('leads')
@Public()
@UseFilters(PUBLIC_FORM_ERRORS)
// Every write here goes through runInTransaction/serializeWrites: only those parts queue on SQLite.
@QueuesOwnWrites()
@Controller('leads')
export class LeadsController {
  constructor(private readonly leads: LeadsService) {}

  /** Stores a lead from a verified e-mail; a repeat within 10 minutes answers 200 with the first lead. */
  @Post()
  @LeanRoute()
  @RateLimit({ name: 'lead-create', limit: 20, windowMs: 900_000 })
  @ApiCreatedResponse({ type: LeadResponseDto, description: 'The stored lead.' })
  @ApiOkResponse({ type: LeadResponseDto, description: 'The same lead, already submitted moments ago.' })
  @ApiForbiddenResponse({ description: 'The e-mail was not verified in the last 30 minutes.' })
  async create(@Body() dto: CreateLeadDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<LeadResponse> {
    // The start-up warm-up's leads (refused: never verified) are not counted in leads_received_total.
    const { lead, created } = await this.leads.submitPublicLead(dto, {
      counted: !isWarmUpRequest(reply.request.headers),
    });
    reply.status(created ? 201 : 200);
    return lead;
  }
}
