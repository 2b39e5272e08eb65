import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LEAD_STATUSES } from '../../../shared/limits';
import { FollowsRule } from '../../../common/dto/follows-rule.decorator';
import { NEW_LEAD_RULES as RULES } from '../../../shared/rules/admin-lead';

/** A lead added from the back-office (source 'admin'). */
export class CreateAdminLeadDto {
  @ApiProperty({ maxLength: 50, example: 'Ana' })
  @FollowsRule(RULES.first_name)
  first_name: string;

  @ApiProperty({ maxLength: 50, example: 'Gómez' })
  @FollowsRule(RULES.last_name)
  last_name: string;

  @ApiProperty({ example: 'ana@example.com' })
  @FollowsRule(RULES.email)
  email: string;

  @ApiProperty({ description: '10 to 15 digits (separators are dropped).', example: '5551234567' })
  @FollowsRule(RULES.phone)
  phone: string;

  @ApiPropertyOptional({ nullable: true, description: 'YYYY-MM-DD, not in the past.', example: '2026-12-20' })
  @FollowsRule(RULES.date)
  date?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'HH:MM, 24-hour.', example: '14:30' })
  @FollowsRule(RULES.hour)
  hour?: string | null;

  @ApiPropertyOptional({ enum: LEAD_STATUSES, default: 'new' })
  @FollowsRule(RULES.status)
  status?: string;

  @ApiProperty({ example: 1 })
  @FollowsRule(RULES.destination_id)
  destination_id?: number;

  @ApiPropertyOptional({ description: 'Same as destination_id.' })
  @FollowsRule(RULES.destination)
  destination?: number;

  @ApiPropertyOptional({ nullable: true, description: 'A pack of the chosen destination.' })
  @FollowsRule(RULES.travel_pack_id)
  travel_pack_id?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'An agent user to assign the lead to.' })
  @FollowsRule(RULES.agent_id)
  agent_id?: number | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 2000 })
  @FollowsRule(RULES.notes)
  notes?: string | null;
}
