import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { fromRule } from '../../common/dto/api-rule';
import { trimLower } from '../../common/dto/transforms';
import { FORGOT_PASSWORD_RULES as RULES } from '../../../shared/rules/account';

/** POST /api/users/reset_password/ */
export class ForgotPasswordDto {
  @ApiProperty(fromRule(RULES.email))
  @Transform(trimLower)
  @FollowsRule(RULES.email)
  email: string;
}
