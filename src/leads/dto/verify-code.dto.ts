import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { fromRule } from '../../common/dto/api-rule';
import { trim } from '../../common/dto/transforms';
import { LEAD_CODE_RULES } from '../../../shared/rules/lead';

export class VerifyCodeDto {
  @ApiProperty(fromRule(LEAD_CODE_RULES.email, { example: 'ana@example.com' }))
  @Transform(trim)
  @FollowsRule(LEAD_CODE_RULES.email)
  email: string;

  @ApiProperty({ example: '0427', description: 'The 4-digit code from the e-mail.' })
  @Transform((params) => (typeof params.value === 'number' ? String(params.value).padStart(4, '0') : trim(params)))
  @FollowsRule(LEAD_CODE_RULES.confirmation_code)
  confirmation_code: string;
}
