import { ApiProperty } from '@nestjs/swagger';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { fromRule } from '../../common/dto/api-rule';
import { RESET_PASSWORD_RULES as RULES } from '../../../shared/rules/account';

/** POST /api/users/reset/{uidb64}/{token}/ (the confirmation is checked by the form only). */
export class ResetPasswordDto {
  @ApiProperty(fromRule(RULES.password, { format: 'password' }))
  @FollowsRule(RULES.password)
  password: string;
}
