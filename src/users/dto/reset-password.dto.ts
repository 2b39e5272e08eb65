import { ApiProperty } from '@nestjs/swagger';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { RESET_PASSWORD_RULES as RULES } from '../../shared/rules/account';

/** POST /api/users/reset/{uidb64}/{token}/ (the confirmation is checked by the form only). */
export class ResetPasswordDto {
  @ApiProperty({ format: 'password', minLength: 8, maxLength: 128 })
  @FollowsRule(RULES.password)
  password: string;
}
