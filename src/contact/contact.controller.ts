import { Body, Controller, HttpCode, HttpStatus, Post, UseFilters } from '@nestjs/common';
import { ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { QueuesOwnWrites } from '../common/decorators/writes-data.decorator';
import { RateLimit } from '../common/rate-limit/rate-limit.decorator';
import { PUBLIC_FORM_ERRORS } from '../common/filters/all-exceptions.filter';
import { SuccessResponseDto } from '../leads/dto/lead-responses.dto';
import { SuccessResponse } from '../../shared/api/leads';
import { ContactService } from './contact.service';
import { SubmitContactDto } from './dto/submit-contact.dto';

@ApiTags('contact')
@Public()
@UseFilters(PUBLIC_FORM_ERRORS)
// Every write here goes through runInTransaction/serializeWrites: only those parts queue on SQLite.
@QueuesOwnWrites()
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  /** Stores the message and forwards it to the agency in the background. */
  @Post('submit')
  @HttpCode(HttpStatus.CREATED)
  @RateLimit({ name: 'contact-submit', limit: 5, windowMs: 600_000 })
  @ApiCreatedResponse({ type: SuccessResponseDto })
  submit(@Body() dto: SubmitContactDto): Promise<SuccessResponse> {
    return this.contact.submit(dto);
  }
}
