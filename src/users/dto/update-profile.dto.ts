import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { LIMITS } from '../../shared/limits';
import { PROFILE_MESSAGES as M } from '../../shared/rules/account';
import { digitsOfPhone, trim, trimLower } from './transforms';

/** PUT /api/users/user/{id}/. The e-mail may be sent back unchanged; any other value is refused. */
export class UpdateProfileDto {
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

  @ApiPropertyOptional({ description: 'Digits only, 2 to 15; empty clears it.' })
  @IsOptional()
  @Transform(digitsOfPhone)
  @IsString({ message: M.phoneInvalid })
  @Matches(/^(\d{2,15})?$/, { message: M.phoneInvalid })
  phone?: string;

  @ApiPropertyOptional({ description: 'Read-only: must equal the current e-mail when sent.' })
  @IsOptional()
  @Transform(trimLower)
  @IsString({ message: M.emailInvalid })
  @MaxLength(LIMITS.email.max, { message: M.emailInvalid })
  email?: string;
}
