import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { fromRule } from '../../common/dto/api-rule';
import { trim } from '../../common/dto/transforms';
import { MARKETING_OPT_IN_RULE } from '../../../shared/api/privacy';
import { LEAD_FORM_RULES as RULES, LEAD_SOURCE_RULE, PUBLIC_LEAD_SOURCE } from '../../../shared/rules/lead';

/** Public lead payload: the lead form's rules, bound to the payload's field names. */
export class CreateLeadDto {
  @ApiProperty(fromRule(RULES.firstName))
  @Transform(trim)
  @FollowsRule(RULES.firstName)
  first_name: string;

  @ApiProperty(fromRule(RULES.lastName))
  @Transform(trim)
  @FollowsRule(RULES.lastName)
  last_name: string;

  @ApiProperty(fromRule(RULES.email))
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

  @ApiProperty({
    oneOf: [
      { type: 'integer', minimum: 1 },
      { type: 'string', pattern: '^\\s*\\d+\\s*$' },
    ],
    description: 'Destination id (a number, or its digits as text).',
    example: 3,
  })
  @FollowsRule(RULES.destination_id)
  destination: number | string;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description:
      '"Quiero recibir ofertas por e-mail" (unticked by default): stored with its time and a consent record.',
  })
  @FollowsRule(MARKETING_OPT_IN_RULE)
  marketing_opt_in?: boolean | null;
}
