import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { fromRule } from '../../common/dto/api-rule';
import { trimLower } from '../../common/dto/transforms';
import { ADMIN_LOGIN_RULES as RULES } from '../../../shared/rules/account';

/** POST /api/users/admin/login/ (admin shell). */
export class AdminLoginDto {
  @ApiProperty(fromRule(RULES.email, { example: 'admin@example.com' }))
  @Transform(trimLower)
  @FollowsRule(RULES.email)
  email: string;

  @ApiProperty(fromRule(RULES.password, { format: 'password' }))
  @FollowsRule(RULES.password)
  password: string;
}
