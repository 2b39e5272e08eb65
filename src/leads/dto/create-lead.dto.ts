import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  PUBLIC_LEAD_SOURCE,
  validateLeadDate,
  validateLeadDestination,
  validateLeadEmail,
  validateLeadFirstName,
  validateLeadHour,
  validateLeadLastName,
  validateLeadPhone,
  validateLeadSource,
} from '../../shared/rules/lead';
import { SatisfiesRule, trimString } from '../http/satisfies-rule.decorator';

/** Public lead payload (SPEC section 3). Messages come from src/shared/rules/lead.ts. */
export class CreateLeadDto {
  @ApiProperty({ maxLength: 50 })
  @Transform(trimString)
  @SatisfiesRule(validateLeadFirstName)
  first_name: string;

  @ApiProperty({ maxLength: 50 })
  @Transform(trimString)
  @SatisfiesRule(validateLeadLastName)
  last_name: string;

  @ApiProperty({ maxLength: 320 })
  @Transform(trimString)
  @SatisfiesRule(validateLeadEmail)
  email: string;

  @ApiProperty({ description: '10 to 15 digits; spaces, dashes, dots, brackets and a leading + are ignored.' })
  @Transform(trimString)
  @SatisfiesRule(validateLeadPhone)
  phone: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2025-07-14', description: 'YYYY-MM-DD' })
  @Transform(trimString)
  @SatisfiesRule(validateLeadDate)
  date?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '15:30', description: 'HH:MM, 24 h' })
  @Transform(trimString)
  @SatisfiesRule(validateLeadHour)
  hour?: string | null;

  @ApiPropertyOptional({ enum: [PUBLIC_LEAD_SOURCE] })
  @Transform(trimString)
  @SatisfiesRule(validateLeadSource)
  source?: string;

  @ApiProperty({ description: 'Destination id.', example: 3 })
  @SatisfiesRule(validateLeadDestination)
  destination: number | string;
}
