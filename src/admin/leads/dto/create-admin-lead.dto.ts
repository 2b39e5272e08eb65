import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LEAD_STATUSES } from '../../../../shared/limits';
import { FollowsRule } from '../../../common/dto/follows-rule.decorator';
import { fromRule } from '../../../common/dto/api-rule';
import { NEW_LEAD_RULES as RULES } from '../../../../shared/rules/admin-lead';

/** A lead added from the back-office (source 'admin'). */
export class CreateAdminLeadDto {
  @ApiProperty(fromRule(RULES.first_name, { example: 'Ana' }))
  @FollowsRule(RULES.first_name)
  first_name: string;

  @ApiProperty(fromRule(RULES.last_name, { example: 'Gómez' }))
  @FollowsRule(RULES.last_name)
  last_name: string;

  @ApiProperty({ example: 'ana@example.com' })
  @FollowsRule(RULES.email)
  email: string;

  @ApiProperty({ description: '10 to 15 digits (separators are dropped).', example: '5551234567' })
  @FollowsRule(RULES.phone)
  phone: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'YYYY-MM-DD, not in the past.',
    example: '2026-12-20',
  })
  @FollowsRule(RULES.date)
  date?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'HH:MM, 24-hour.', example: '14:30' })
  @FollowsRule(RULES.hour)
  hour?: string | null;

  @ApiPropertyOptional({ enum: LEAD_STATUSES, default: 'new' })
  @FollowsRule(RULES.status)
  status?: string;

  @ApiProperty({ type: 'integer', required: false, example: 1, description: 'Required unless `destination` is sent.' })
  @FollowsRule(RULES.destination_id)
  destination_id?: number;

  @ApiPropertyOptional({ type: 'integer', description: 'Same as destination_id.' })
  @FollowsRule(RULES.destination)
  destination?: number;

  @ApiPropertyOptional({ type: 'integer', nullable: true, description: 'A pack of the chosen destination.' })
  @FollowsRule(RULES.travel_pack_id)
  travel_pack_id?: number | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, description: 'An agent user to assign the lead to.' })
  @FollowsRule(RULES.agent_id)
  agent_id?: number | null;

  @ApiPropertyOptional(fromRule(RULES.notes, { type: String, nullable: true }))
  @FollowsRule(RULES.notes)
  notes?: string | null;
}
