import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** ra-data-simple-rest list parameters, each a JSON text. */
export class ListQueryDto {
  @ApiPropertyOptional({
    description: 'JSON ["field","ASC"|"DESC"]; fields are whitelisted per resource.',
    example: '["id","DESC"]',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  sort?: string;

  @ApiPropertyOptional({
    description: 'JSON [start, end], inclusive; at most 1000 rows per request.',
    example: '[0,24]',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  range?: string;

  @ApiPropertyOptional({
    description:
      'JSON object: "q" searches id or name, "id" takes one id or a list (getMany), other keys per resource.',
    example: '{"q":"punta"}',
  })
  @IsOptional()
  @IsString()
  @MaxLength(20_000)
  filter?: string;
}

/** Same parameters for the CSV export, which has no range. */
export class ExportQueryDto {
  @ApiPropertyOptional({ description: 'JSON object, as for the list.', example: '{"status":"new"}' })
  @IsOptional()
  @IsString()
  @MaxLength(20_000)
  filter?: string;
}
