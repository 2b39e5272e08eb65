import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  ParseIntPipe,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser } from '../common/decorators/auth-user';
import { Authenticated } from '../common/decorators/authenticated.decorator';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { RateLimit } from '../common/rate-limit/rate-limit.decorator';
import { QueuesOwnWrites } from '../common/decorators/writes-data.decorator';
import { RATE_LIMITS } from '../common/rate-limit/rate-limits';
import { EXPORT_FILE_NAME, PersonalDataExport } from '../../shared/api/privacy';
import { ACCOUNT_MESSAGES } from '../../shared/rules/account';
import { DeleteAccountDto, PersonalDataExportDto } from './dto/privacy.dto';
import { OwnAccountGuard } from './own-account.guard';
import { PrivacyService } from './privacy.service';

const idPipe = new ParseIntPipe({ exceptionFactory: () => new NotFoundException(ACCOUNT_MESSAGES.userNotFound) });

/** A person's own data: download it, delete the account (GDPR arts. 15, 17 and 20). */
@ApiTags('accounts')
@Controller('users')
export class PrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Get('user/:id/export')
  @ApiParam({ name: 'id', schema: { type: 'integer' } })
  @Authenticated()
  @UseGuards(OwnAccountGuard)
  @ApiOperation({
    summary: 'Download one’s data as one JSON document (the owner only)',
    description: `Profile, leads (with their history), contact messages and consent records; sent as an attachment named ${EXPORT_FILE_NAME}.`,
  })
  @ApiOkResponse({ type: PersonalDataExportDto })
  @ApiForbiddenResponse({ description: 'Another user’s data (admins included).' })
  async export(
    @Param('id', idPipe) id: number,
    @CurrentUser() caller: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PersonalDataExport> {
    const data = await this.privacy.export(id, caller);
    void reply.header('Content-Disposition', `attachment; filename="${EXPORT_FILE_NAME}"`);
    return data;
  }

  @Delete('user/:id')
  @HttpCode(204)
  @ApiParam({ name: 'id', schema: { type: 'integer' } })
  @Authenticated()
  @UseGuards(OwnAccountGuard)
  @RateLimit(RATE_LIMITS.changePassword)
  // Every write is in the service's transaction: the password's hashing runs outside SQLite's write queue.
  @QueuesOwnWrites()
  @ApiOperation({
    summary: 'Delete one’s account, confirmed with the password (the owner only)',
    description:
      'Every session ends at once; the leads and contact messages are anonymised (destination, dates and status kept), consent records and unsent e-mails removed.',
  })
  @ApiNoContentResponse({ description: 'The account is gone.' })
  @ApiBadRequestResponse({ description: 'Missing or wrong password.' })
  @ApiForbiddenResponse({ description: 'Another user’s account.' })
  @ApiConflictResponse({ description: 'The only admin account.' })
  async deleteAccount(
    @Param('id', idPipe) id: number,
    @Body() dto: DeleteAccountDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<void> {
    await this.privacy.deleteAccount(id, caller, dto.password);
  }
}
