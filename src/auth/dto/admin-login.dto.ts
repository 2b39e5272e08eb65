import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { trimLower } from '../../common/dto/transforms';
import { ADMIN_LOGIN_RULES as RULES } from '../../shared/rules/account';

/** POST /api/users/admin/login/ (admin shell). */
export class AdminLoginDto {
  @ApiProperty({ example: 'admin@example.com', maxLength: 320 })
  @Transform(trimLower)
  @FollowsRule(RULES.email)
  email: string;

  @ApiProperty({ maxLength: 128, format: 'password' })
  @FollowsRule(RULES.password)
  password: string;
}
