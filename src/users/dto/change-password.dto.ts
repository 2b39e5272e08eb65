import { ApiProperty } from '@nestjs/swagger';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { CHANGE_PASSWORD_RULES as RULES } from '../../shared/rules/account';

/** POST /api/users/change-password/ */
export class ChangePasswordDto {
  @ApiProperty({ format: 'password', maxLength: 128 })
  @FollowsRule(RULES.current_password)
  current_password: string;

  @ApiProperty({ format: 'password', minLength: 8, maxLength: 128 })
  @FollowsRule(RULES.new_password)
  new_password: string;
}
