import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { LIMITS } from '../../shared/limits';
import { EMAIL_PATTERN, LOGIN_MESSAGES as M } from '../../shared/rules/account';
import { trimLower } from '../../users/dto/transforms';

/** POST /api/users/token/ — the e-mail travels as `username`. */
export class LoginDto {
  @ApiProperty({ description: 'The account e-mail (case-insensitive).', example: 'ana@example.com', maxLength: 320 })
  @Transform(trimLower)
  @IsString({ message: M.required })
  @IsNotEmpty({ message: M.required })
  @MaxLength(LIMITS.email.max, { message: M.emailMax })
  @Matches(EMAIL_PATTERN, { message: M.emailInvalid })
  username: string;

  @ApiProperty({ maxLength: 128, format: 'password' })
  @IsString({ message: M.required })
  @IsNotEmpty({ message: M.required })
  @MaxLength(LIMITS.password.max, { message: M.passwordMax })
  password: string;
}
