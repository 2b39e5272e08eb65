import { ApiPropertyOptional } from '@nestjs/swagger';
import { LEAD_STATUSES } from '../../../../shared/limits';
import { UPDATE_LEAD_RULES } from '../../../../shared/rules/admin-lead';
import { FollowsRule } from '../../../common/dto/follows-rule.decorator';
import { fromRule } from '../../../common/dto/api-rule';

/** Lead edit: absent fields stay as they are; an empty date or hour is ignored, null clears it. */
export class UpdateAdminLeadDto {
  @ApiPropertyOptional(fromRule(UPDATE_LEAD_RULES.first_name))
  @FollowsRule(UPDATE_LEAD_RULES.first_name)
  first_name?: string;

  @ApiPropertyOptional(fromRule(UPDATE_LEAD_RULES.last_name))
  @FollowsRule(UPDATE_LEAD_RULES.last_name)
  last_name?: string;

  @ApiPropertyOptional()
  @FollowsRule(UPDATE_LEAD_RULES.email)
  email?: string;

  @ApiPropertyOptional({ description: '10 to 15 digits.' })
  @FollowsRule(UPDATE_LEAD_RULES.phone)
  phone?: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'YYYY-MM-DD; empty is ignored, null clears it.' })
  @FollowsRule(UPDATE_LEAD_RULES.date)
  date?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'HH:MM (HH:MM:SS is trimmed).' })
  @FollowsRule(UPDATE_LEAD_RULES.hour)
  hour?: string | null;

  @ApiPropertyOptional({ enum: LEAD_STATUSES, description: 'Changes are recorded in the lead history.' })
  @FollowsRule(UPDATE_LEAD_RULES.status)
  status?: string;

  @ApiPropertyOptional({ type: 'integer' })
  @FollowsRule(UPDATE_LEAD_RULES.destination_id)
  destination_id?: number;

  @ApiPropertyOptional({ type: 'integer', description: 'Same as destination_id (the edit form sends this name).' })
  @FollowsRule(UPDATE_LEAD_RULES.destination)
  destination?: number;

  @ApiPropertyOptional({ type: 'integer', nullable: true })
  @FollowsRule(UPDATE_LEAD_RULES.travel_pack_id)
  travel_pack_id?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    description: 'Assign to an agent (null unassigns); recorded in the history.',
  })
  @FollowsRule(UPDATE_LEAD_RULES.agent_id)
  agent_id?: number | null;

  @ApiPropertyOptional()
  @FollowsRule(UPDATE_LEAD_RULES.is_priority)
  is_priority?: boolean;

  @ApiPropertyOptional(fromRule(UPDATE_LEAD_RULES.notes, { type: String, nullable: true }))
  @FollowsRule(UPDATE_LEAD_RULES.notes)
  notes?: string | null;
}
