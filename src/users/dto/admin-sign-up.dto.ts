import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { LIMITS } from '../../shared/limits';
import { ADMIN_SIGN_UP_MESSAGES as M, EMAIL_PATTERN, PROFILE_PHONE_PATTERN } from '../../shared/rules/account';
import { IsNotCommonPassword } from '../password-policy';
import { digitsOfPhone, trim, trimLower } from './transforms';

/** POST /api/users/admin/sign-up/ (admin shell; English messages). */
export class AdminSignUpDto {
  @ApiProperty({ maxLength: 30 })
  @Transform(trim)
  @IsString({ message: M.firstNameRequired })
  @IsNotEmpty({ message: M.firstNameRequired })
  @MaxLength(LIMITS.profileName.max, { message: M.firstNameMax })
  first_name: string;

  @ApiProperty({ maxLength: 30 })
  @Transform(trim)
  @IsString({ message: M.lastNameRequired })
  @IsNotEmpty({ message: M.lastNameRequired })
  @MaxLength(LIMITS.profileName.max, { message: M.lastNameMax })
  last_name: string;

  @ApiProperty({ maxLength: 320 })
  @Transform(trimLower)
  @IsString({ message: M.emailRequired })
  @IsNotEmpty({ message: M.emailRequired })
  @MaxLength(LIMITS.email.max, { message: M.emailMax })
  @Matches(EMAIL_PATTERN, { message: M.emailInvalid })
  email: string;

  @ApiProperty({ minLength: 8, maxLength: 128, format: 'password' })
  @IsString({ message: M.passwordRequired })
  @IsNotEmpty({ message: M.passwordRequired })
  @MinLength(LIMITS.password.min, { message: M.passwordMin })
  @MaxLength(LIMITS.password.max, { message: M.passwordMax })
  @IsNotCommonPassword({ message: M.passwordCommon })
  password: string;

  @ApiPropertyOptional({ description: '2 to 15 digits, if given.' })
  @IsOptional()
  @Transform(digitsOfPhone)
  @IsString({ message: M.phoneInvalid })
  @Matches(/^(\d{2,15})?$/, { message: M.phoneInvalid })
  phone?: string;

  @ApiPropertyOptional({ description: 'Ignored: this path always creates an admin.' })
  @IsOptional()
  @IsBoolean({ message: 'is_superuser must be true or false.' })
  is_superuser?: boolean;
}
