import { ApiProperty } from '@nestjs/swagger';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { fromRule } from '../../common/dto/api-rule';
import { CHANGE_PASSWORD_RULES as RULES } from '../../../shared/rules/account';

/** POST /api/users/change-password/ */
export class ChangePasswordDto {
  @ApiProperty(fromRule(RULES.current_password, { format: 'password' }))
  @FollowsRule(RULES.current_password)
  current_password: string;

  @ApiProperty(fromRule(RULES.new_password, { format: 'password' }))
  @FollowsRule(RULES.new_password)
  new_password: string;
}
