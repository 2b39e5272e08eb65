import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { LIMITS } from '../../shared/limits';
import { CHANGE_PASSWORD_MESSAGES as M } from '../../shared/rules/account';
import { IsNotCommonPassword } from '../password-policy';

/** POST /api/users/change-password/ */
export class ChangePasswordDto {
  @ApiProperty({ format: 'password', maxLength: 128 })
  @IsString({ message: M.required })
  @IsNotEmpty({ message: M.required })
  @MaxLength(LIMITS.password.max, { message: M.passwordMax })
  current_password: string;

  @ApiProperty({ format: 'password', minLength: 8, maxLength: 128 })
  @IsString({ message: M.required })
  @IsNotEmpty({ message: M.required })
  @MinLength(LIMITS.password.min, { message: M.passwordMin })
  @MaxLength(LIMITS.password.max, { message: M.passwordMax })
  @IsNotCommonPassword({ message: M.passwordCommon })
  new_password: string;
}
