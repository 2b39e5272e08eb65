import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { trim } from '../../common/dto/transforms';
import { LEAD_FORM_RULES as RULES, LEAD_SOURCE_RULE, PUBLIC_LEAD_SOURCE } from '../../shared/rules/lead';

/** Public lead payload: the lead form's rules, bound to the payload's field names. */
export class CreateLeadDto {
  @ApiProperty({ maxLength: 50 })
  @Transform(trim)
  @FollowsRule(RULES.firstName)
  first_name: string;

  @ApiProperty({ maxLength: 50 })
  @Transform(trim)
  @FollowsRule(RULES.lastName)
  last_name: string;

  @ApiProperty({ maxLength: 320 })
  @Transform(trim)
  @FollowsRule(RULES.email)
  email: string;

  @ApiProperty({ description: '10 to 15 digits; spaces, dashes, dots, brackets and a leading + are ignored.' })
  @Transform(trim)
  @FollowsRule(RULES.phone)
  phone: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2025-07-14', description: 'YYYY-MM-DD' })
  @Transform(trim)
  @FollowsRule(RULES.date)
  date?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '15:30', description: 'HH:MM, 24 h' })
  @Transform(trim)
  @FollowsRule(RULES.hour)
  hour?: string | null;

  @ApiPropertyOptional({ enum: [PUBLIC_LEAD_SOURCE] })
  @Transform(trim)
  @FollowsRule(LEAD_SOURCE_RULE)
  source?: string;

  @ApiProperty({ description: 'Destination id.', example: 3 })
  @FollowsRule(RULES.destination_id)
  destination: number | string;
}
