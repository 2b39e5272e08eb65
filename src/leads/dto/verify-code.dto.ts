import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { validateConfirmationCode, validateLeadEmail } from '../../shared/rules/lead';
import { SatisfiesRule, trimString } from '../http/satisfies-rule.decorator';

export class VerifyCodeDto {
  @ApiProperty({ example: 'ana@example.com', maxLength: 320 })
  @Transform(trimString)
  @SatisfiesRule(validateLeadEmail)
  email: string;

  @ApiProperty({ example: '0427', description: 'The 4-digit code from the e-mail.' })
  @Transform(({ value }) => (typeof value === 'number' ? String(value).padStart(4, '0') : trimString({ value })))
  @SatisfiesRule(validateConfirmationCode)
  confirmation_code: string;
}
