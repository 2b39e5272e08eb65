import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { LIMITS } from '../../shared/limits';
import { EMAIL_PATTERN, PROFILE_PHONE_PATTERN, SIGN_UP_MESSAGES as M } from '../../shared/rules/account';
import { IsNotCommonPassword } from '../password-policy';
import { digitsOfPhone, trim, trimLower } from './transforms';

/** POST /api/users/sign-up/ (public site; Spanish messages). */
export class SignUpDto {
  @ApiProperty({ maxLength: 30, example: 'Ana' })
  @Transform(trim)
  @IsString({ message: M.required })
  @IsNotEmpty({ message: M.required })
  @MaxLength(LIMITS.profileName.max, { message: M.firstNameMax })
  first_name: string;

  @ApiProperty({ maxLength: 30, example: 'García' })
  @Transform(trim)
  @IsString({ message: M.required })
  @IsNotEmpty({ message: M.required })
  @MaxLength(LIMITS.profileName.max, { message: M.lastNameMax })
  last_name: string;

  @ApiProperty({ maxLength: 320, example: 'ana@example.com', description: 'Stored lower-cased; unique.' })
  @Transform(trimLower)
  @IsString({ message: M.required })
  @IsNotEmpty({ message: M.required })
  @MaxLength(LIMITS.email.max, { message: M.emailMax })
  @Matches(EMAIL_PATTERN, { message: M.emailInvalid })
  email: string;

  @ApiProperty({ minLength: 8, maxLength: 128, format: 'password', description: 'Not one of the commonly used passwords.' })
  @IsString({ message: M.required })
  @IsNotEmpty({ message: M.required })
  @MinLength(LIMITS.password.min, { message: M.passwordMin })
  @MaxLength(LIMITS.password.max, { message: M.passwordMax })
  @IsNotCommonPassword({ message: M.passwordCommon })
  password: string;

  @ApiProperty({ description: '2 to 15 digits; spaces, dashes, dots, brackets and a leading + are dropped.', example: '8095551234' })
  @Transform(digitsOfPhone)
  @IsString({ message: M.required })
  @IsNotEmpty({ message: M.required })
  @Matches(PROFILE_PHONE_PATTERN, { message: M.phoneInvalid })
  phone: string;

  @ApiPropertyOptional({
    default: false,
    description: 'true creates an admin, and only when the request carries an admin access token (otherwise 403).',
  })
  @IsOptional()
  @IsBoolean({ message: 'is_superuser must be true or false.' })
  is_superuser?: boolean;
}
