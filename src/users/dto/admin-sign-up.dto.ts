import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { fromRule } from '../../common/dto/api-rule';
import { digitsOfPhone, trim, trimLower } from '../../common/dto/transforms';
import { ADMIN_SIGN_UP_RULES as RULES } from '../../../shared/rules/account';

/** POST /api/users/admin/sign-up/ (admin shell; English messages). */
export class AdminSignUpDto {
  @ApiProperty(fromRule(RULES.first_name))
  @Transform(trim)
  @FollowsRule(RULES.first_name)
  first_name: string;

  @ApiProperty(fromRule(RULES.last_name))
  @Transform(trim)
  @FollowsRule(RULES.last_name)
  last_name: string;

  @ApiProperty(fromRule(RULES.email))
  @Transform(trimLower)
  @FollowsRule(RULES.email)
  email: string;

  @ApiProperty(fromRule(RULES.password, { format: 'password' }))
  @FollowsRule(RULES.password)
  password: string;

  @ApiPropertyOptional({ description: '2 to 15 digits, if given.' })
  @Transform(digitsOfPhone)
  @FollowsRule(RULES.phone)
  phone?: string;

  @ApiPropertyOptional({
    description: 'First-run only: the one-time set-up token printed in the server log (or the X-Setup-Token header).',
  })
  @IsOptional()
  @IsString({ message: 'setup_token must be a string.' })
  @MaxLength(200, { message: 'setup_token is too long.' })
  setup_token?: string;

  @ApiPropertyOptional({ description: 'Ignored: this path always creates an admin.' })
  @IsOptional()
  @IsBoolean({ message: 'is_superuser must be true or false.' })
  is_superuser?: boolean;
}
