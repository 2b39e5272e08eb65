import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { validateLeadEmail } from '../../shared/rules/lead';
import { SatisfiesRule, trimString } from '../http/satisfies-rule.decorator';

export class SendVerificationCodeDto {
  @ApiProperty({ example: 'ana@example.com', maxLength: 320 })
  @Transform(trimString)
  @SatisfiesRule(validateLeadEmail)
  email: string;
}
