import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { fromRule } from '../../common/dto/api-rule';
import { digitsOfPhone, trim, trimLower } from '../../common/dto/transforms';
import { SIGN_UP_RULES as RULES } from '../../../shared/rules/account';

/** POST /api/users/sign-up/ (public site; Spanish messages). The confirmation is checked by the form only. */
export class SignUpDto {
  @ApiProperty(fromRule(RULES.first_name, { example: 'Ana' }))
  @Transform(trim)
  @FollowsRule(RULES.first_name)
  first_name: string;

  @ApiProperty(fromRule(RULES.last_name, { example: 'García' }))
  @Transform(trim)
  @FollowsRule(RULES.last_name)
  last_name: string;

  @ApiProperty(fromRule(RULES.email, { example: 'ana@example.com', description: 'Stored lower-cased; unique.' }))
  @Transform(trimLower)
  @FollowsRule(RULES.email)
  email: string;

  @ApiProperty(fromRule(RULES.password, { format: 'password', description: 'Not one of the commonly used passwords.' }))
  @FollowsRule(RULES.password)
  password: string;

  @ApiProperty({
    description: '2 to 15 digits; spaces, dashes, dots, brackets and a leading + are dropped.',
    example: '8095551234',
  })
  @Transform(digitsOfPhone)
  @FollowsRule(RULES.phone)
  phone: string;

  @ApiPropertyOptional({
    default: false,
    description: 'true creates an admin, and only when the request carries an admin access token (otherwise 403).',
  })
  @IsOptional()
  @IsBoolean({ message: 'is_superuser must be true or false.' })
  is_superuser?: boolean;
}
