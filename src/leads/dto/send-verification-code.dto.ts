import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { fromRule } from '../../common/dto/api-rule';
import { trim } from '../../common/dto/transforms';
import { LEAD_CODE_RULES } from '../../../shared/rules/lead';

export class SendVerificationCodeDto {
  @ApiProperty(fromRule(LEAD_CODE_RULES.email, { example: 'ana@example.com' }))
  @Transform(trim)
  @FollowsRule(LEAD_CODE_RULES.email)
  email: string;
}
