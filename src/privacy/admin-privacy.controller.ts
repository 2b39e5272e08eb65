import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Audit, AuditContext } from '../audit/audit-context';
import { AuthUser } from '../common/decorators/auth-user';
import { Authenticated } from '../common/decorators/authenticated.decorator';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { QueuesOwnWrites } from '../common/decorators/writes-data.decorator';
import { EraseResult } from '../../shared/api/privacy';
import { EraseDto, EraseResultDto } from './dto/privacy.dto';
import { PrivacyService } from './privacy.service';

@ApiTags('admin')
@Authenticated({ admin: true })
@Controller('admin/privacy')
export class AdminPrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Post('erase')
  @HttpCode(200)
  // Its writes are one transaction; after it, the outbox files and the WAL checkpoint wait for the
  // outbox's own writes, so the request must not hold SQLite's write queue meanwhile.
  @QueuesOwnWrites()
  @ApiOperation({
    summary: 'Erase a person: everything that carries the address (GDPR art. 17)',
    description:
      'In one transaction: the account (if any) is removed and its sessions end; leads and contact messages with the address (or of the account) are anonymised and their desk notes deleted; the history of those leads and their tasks’ titles are rewritten without the person’s names, address and phone; audit entries about them keep who did what and when, with the personal values replaced by "[borrado]"; lead codes and e-mail verifications, e-mails to or about the person (sent or not) and consent records are removed. Then the e-mails’ outbox files are deleted and, on SQLite, the WAL is checkpointed and emptied (secure_delete is on). One audit entry (action erase, resource privacy) records the counts, never the address.',
  })
  @ApiOkResponse({ type: EraseResultDto })
  @ApiBadRequestResponse({ description: 'Not an e-mail address.' })
  @ApiConflictResponse({ description: 'The address is the caller’s own account, or the only admin’s.' })
  erase(@Body() dto: EraseDto, @CurrentUser() actor: AuthUser, @Audit() audit: AuditContext): Promise<EraseResult> {
    return this.privacy.erase(dto.email, actor, audit);
  }
}
