import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { trim } from '../../common/dto/transforms';
import { LEAD_CODE_RULES } from '../../shared/rules/lead';

export class SendVerificationCodeDto {
  @ApiProperty({ example: 'ana@example.com', maxLength: 320 })
  @Transform(trim)
  @FollowsRule(LEAD_CODE_RULES.email)
  email: string;
}
