import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LEAD_STATUSES } from '../../../shared/limits';
import { FieldRule } from '../../../shared/rules/admin-fields';
import { createLeadRules, earliestToday } from '../../../shared/rules/admin-lead';
import { FollowsRule } from '../../common/follows-rule.decorator';

/** "Today" is read at validation time, not when the class is loaded. */
const rule =
  (field: string): FieldRule =>
  (value, values) =>
    createLeadRules(earliestToday())[field](value, values);

/** A lead added from the back-office (source 'admin'). */
export class CreateAdminLeadDto {
  @ApiProperty({ maxLength: 50, example: 'Ana' })
  @FollowsRule(rule('first_name'))
  first_name: string;

  @ApiProperty({ maxLength: 50, example: 'Gómez' })
  @FollowsRule(rule('last_name'))
  last_name: string;

  @ApiProperty({ example: 'ana@example.com' })
  @FollowsRule(rule('email'))
  email: string;

  @ApiProperty({ description: '10 to 15 digits (separators are dropped).', example: '5551234567' })
  @FollowsRule(rule('phone'))
  phone: string;

  @ApiPropertyOptional({ nullable: true, description: 'YYYY-MM-DD, not in the past.', example: '2026-12-20' })
  @FollowsRule(rule('date'))
  date?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'HH:MM, 24-hour.', example: '14:30' })
  @FollowsRule(rule('hour'))
  hour?: string | null;

  @ApiPropertyOptional({ enum: LEAD_STATUSES, default: 'new' })
  @FollowsRule(rule('status'))
  status?: string;

  @ApiProperty({ example: 1 })
  @FollowsRule(rule('destination_id'))
  destination_id?: number;

  @ApiPropertyOptional({ description: 'Same as destination_id.' })
  @FollowsRule(rule('destination'))
  destination?: number;

  @ApiPropertyOptional({ nullable: true, description: 'A pack of the chosen destination.' })
  @FollowsRule(rule('travel_pack_id'))
  travel_pack_id?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'An agent user to assign the lead to.' })
  @FollowsRule(rule('agent_id'))
  agent_id?: number | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 2000 })
  @FollowsRule(rule('notes'))
  notes?: string | null;
}
