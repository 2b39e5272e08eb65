import { ApiPropertyOptional } from '@nestjs/swagger';
import { LEAD_STATUSES } from '../../../shared/limits';
import { UPDATE_LEAD_RULES } from '../../../shared/rules/admin-lead';
import { FollowsRule } from '../../../common/dto/follows-rule.decorator';

/** Lead edit: absent fields stay as they are; an empty date or hour is ignored, null clears it. */
export class UpdateAdminLeadDto {
  @ApiPropertyOptional({ maxLength: 50 })
  @FollowsRule(UPDATE_LEAD_RULES.first_name)
  first_name?: string;

  @ApiPropertyOptional({ maxLength: 50 })
  @FollowsRule(UPDATE_LEAD_RULES.last_name)
  last_name?: string;

  @ApiPropertyOptional()
  @FollowsRule(UPDATE_LEAD_RULES.email)
  email?: string;

  @ApiPropertyOptional({ description: '10 to 15 digits.' })
  @FollowsRule(UPDATE_LEAD_RULES.phone)
  phone?: string;

  @ApiPropertyOptional({ nullable: true, description: 'YYYY-MM-DD.' })
  @FollowsRule(UPDATE_LEAD_RULES.date)
  date?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'HH:MM (HH:MM:SS is trimmed).' })
  @FollowsRule(UPDATE_LEAD_RULES.hour)
  hour?: string | null;

  @ApiPropertyOptional({ enum: LEAD_STATUSES, description: 'Changes are recorded in the lead history.' })
  @FollowsRule(UPDATE_LEAD_RULES.status)
  status?: string;

  @ApiPropertyOptional()
  @FollowsRule(UPDATE_LEAD_RULES.destination_id)
  destination_id?: number;

  @ApiPropertyOptional({ description: 'Same as destination_id (the edit form sends this name).' })
  @FollowsRule(UPDATE_LEAD_RULES.destination)
  destination?: number;

  @ApiPropertyOptional({ nullable: true })
  @FollowsRule(UPDATE_LEAD_RULES.travel_pack_id)
  travel_pack_id?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'Assign to an agent (null unassigns); recorded in the history.' })
  @FollowsRule(UPDATE_LEAD_RULES.agent_id)
  agent_id?: number | null;

  @ApiPropertyOptional()
  @FollowsRule(UPDATE_LEAD_RULES.is_priority)
  is_priority?: boolean;

  @ApiPropertyOptional({ nullable: true, maxLength: 2000 })
  @FollowsRule(UPDATE_LEAD_RULES.notes)
  notes?: string | null;
}
