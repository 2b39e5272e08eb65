import { ApiHideProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { UPDATE_USER_RULES } from '../../../../shared/rules/admin-user';
import { FollowsRule } from '../../../common/dto/follows-rule.decorator';
import { fromRule } from '../../../common/dto/api-rule';

/** Edit of a customer or admin. Absent fields stay as they are; e-mail is read-only. */
export class UpdateUserDto {
  @ApiPropertyOptional(fromRule(UPDATE_USER_RULES.first_name, { example: 'Ana' }))
  @FollowsRule(UPDATE_USER_RULES.first_name)
  first_name?: string;

  @ApiPropertyOptional(fromRule(UPDATE_USER_RULES.last_name, { example: 'Gómez' }))
  @FollowsRule(UPDATE_USER_RULES.last_name)
  last_name?: string;

  @ApiHideProperty()
  @FollowsRule(UPDATE_USER_RULES.email)
  email?: never;

  @ApiPropertyOptional({ description: '2 to 15 digits; empty clears it.', example: '5551234567' })
  @FollowsRule(UPDATE_USER_RULES.phone)
  phone?: string;

  @ApiPropertyOptional()
  @FollowsRule(UPDATE_USER_RULES.is_active)
  is_active?: boolean;

  @ApiPropertyOptional({
    description: "Makes the user an admin (or removes the rights; never your own or the last admin's).",
  })
  @FollowsRule(UPDATE_USER_RULES.is_superuser)
  is_superuser?: boolean;

  @ApiPropertyOptional({ description: 'Moves the user to the agents list.' })
  @FollowsRule(UPDATE_USER_RULES.is_agent)
  is_agent?: boolean;

  @ApiPropertyOptional({ description: 'New password: min 8, an uppercase letter, a number and one of !@#$%^&*.' })
  @FollowsRule(UPDATE_USER_RULES.password)
  password?: string;

  @ApiPropertyOptional({ description: 'Must equal password.' })
  @FollowsRule(UPDATE_USER_RULES.confirm_password)
  confirm_password?: string;
}
