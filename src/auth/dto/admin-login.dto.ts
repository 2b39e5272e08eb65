import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { LIMITS } from '../../shared/limits';
import { ADMIN_LOGIN_MESSAGES as M, EMAIL_PATTERN } from '../../shared/rules/account';
import { trimLower } from '../../users/dto/transforms';

/** POST /api/users/admin/login/ (admin shell). */
export class AdminLoginDto {
  @ApiProperty({ example: 'admin@example.com', maxLength: 320 })
  @Transform(trimLower)
  @IsString({ message: M.required })
  @IsNotEmpty({ message: M.required })
  @MaxLength(LIMITS.email.max, { message: M.emailMax })
  @Matches(EMAIL_PATTERN, { message: M.emailInvalid })
  email: string;

  @ApiProperty({ maxLength: 128, format: 'password' })
  @IsString({ message: M.required })
  @IsNotEmpty({ message: M.required })
  @MaxLength(LIMITS.password.max, { message: M.passwordMax })
  password: string;
}
