import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { fromRule } from '../../common/dto/api-rule';
import { trimLower } from '../../common/dto/transforms';
import { LOGIN_RULES as RULES } from '../../../shared/rules/account';

/** POST /api/users/token/ — the e-mail travels as `username`. */
export class LoginDto {
  @ApiProperty(
    fromRule(RULES.email, { description: 'The account e-mail (case-insensitive).', example: 'ana@example.com' }),
  )
  @Transform(trimLower)
  @FollowsRule(RULES.email)
  username: string;

  @ApiProperty(fromRule(RULES.password, { format: 'password' }))
  @FollowsRule(RULES.password)
  password: string;
}
