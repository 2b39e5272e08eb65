import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { fromRule } from '../../common/dto/api-rule';
import { trimLower } from '../../common/dto/transforms';
import type { EraseResult, PersonalDataExport } from '../../../shared/api/privacy';
import { DELETE_ACCOUNT_RULES, ERASE_RULES } from '../../../shared/api/privacy';

/** DELETE /api/users/user/{id}/ */
export class DeleteAccountDto {
  @ApiProperty(fromRule(DELETE_ACCOUNT_RULES.password, { format: 'password', description: 'The current password.' }))
  @FollowsRule(DELETE_ACCOUNT_RULES.password)
  password: string;
}

/** POST /api/admin/privacy/erase */
export class EraseDto {
  @ApiProperty(fromRule(ERASE_RULES.email, { description: 'The address to erase everywhere.' }))
  @Transform(trimLower)
  @FollowsRule(ERASE_RULES.email)
  email: string;
}

export class EraseResultDto implements EraseResult {
  @ApiProperty({ description: 'Accounts removed (0 or 1).' }) accounts: number;
  @ApiProperty({ description: 'Leads anonymised.' }) leads: number;
  @ApiProperty({ description: 'Contact messages anonymised.' }) contact_messages: number;
}

const object = { type: 'object', additionalProperties: true } as const;
const list = (description: string) => ({ type: 'array', items: object, description }) as const;

/** OpenAPI description of the export; the shape lives in shared/api/privacy.ts. */
export class PersonalDataExportDto implements Pick<PersonalDataExport, 'exported_at'> {
  @ApiProperty({ format: 'date-time' }) exported_at: string;
  @ApiProperty({
    ...object,
    description: 'The profile (never the password hash), with its consent and verification times.',
  })
  profile: PersonalDataExport['profile'];
  @ApiProperty(
    list(
      'The leads of the account and those sent with its address, each with its `history` and (unless EXPORT_DESK_NOTES=false) its `desk_notes`.',
    ),
  )
  leads: PersonalDataExport['leads'];
  @ApiProperty(list('The contact messages sent with the address.'))
  contact_messages: PersonalDataExport['contact_messages'];
  @ApiProperty(list('Marketing consents given and withdrawn.'))
  consent_records: PersonalDataExport['consent_records'];
}
