import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { LIMITS } from '../../shared/limits';
import { EMAIL_PATTERN, FORGOT_PASSWORD_MESSAGES as M } from '../../shared/rules/account';
import { trimLower } from './transforms';

/** POST /api/users/reset_password/ */
export class ForgotPasswordDto {
  @ApiProperty({ maxLength: 320 })
  @Transform(trimLower)
  @IsString({ message: M.required })
  @IsNotEmpty({ message: M.required })
  @MaxLength(LIMITS.email.max, { message: M.emailMax })
  @Matches(EMAIL_PATTERN, { message: M.emailInvalid })
  email: string;
}
