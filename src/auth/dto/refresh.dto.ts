import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

const REQUIRED = 'The refresh token is required.';

/** POST /api/users/token/refresh/ and /api/users/logout/. */
export class RefreshDto {
  @ApiProperty({ description: 'The refresh token of the current session.' })
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(2048, { message: 'The refresh token is invalid or has expired.' })
  refresh: string;
}
