import { ApiHideProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { UPDATE_AGENT_RULES } from '../../../../shared/rules/admin-user';
import { FollowsRule } from '../../../common/dto/follows-rule.decorator';
import { fromRule } from '../../../common/dto/api-rule';

/** Edit of an agent. Absent fields stay as they are; e-mail is read-only. */
export class UpdateAgentDto {
  @ApiPropertyOptional(fromRule(UPDATE_AGENT_RULES.first_name, { example: 'Luis' }))
  @FollowsRule(UPDATE_AGENT_RULES.first_name)
  first_name?: string;

  @ApiPropertyOptional(fromRule(UPDATE_AGENT_RULES.last_name, { example: 'Pérez' }))
  @FollowsRule(UPDATE_AGENT_RULES.last_name)
  last_name?: string;

  @ApiHideProperty()
  @FollowsRule(UPDATE_AGENT_RULES.email)
  email?: never;

  @ApiPropertyOptional({ description: 'Exactly 10 digits; empty clears it.', example: '5551234567' })
  @FollowsRule(UPDATE_AGENT_RULES.phone)
  phone?: string;

  @ApiPropertyOptional()
  @FollowsRule(UPDATE_AGENT_RULES.is_active)
  is_active?: boolean;

  @ApiPropertyOptional({ description: 'New public leads are assigned to this agent automatically.' })
  @FollowsRule(UPDATE_AGENT_RULES.receives_leads)
  receives_leads?: boolean;

  @ApiPropertyOptional({ description: 'New password: min 8, an uppercase letter, a number and one of !@#$%^&*.' })
  @FollowsRule(UPDATE_AGENT_RULES.password)
  password?: string;

  @ApiPropertyOptional({ description: 'Must equal password.' })
  @FollowsRule(UPDATE_AGENT_RULES.confirm_password)
  confirm_password?: string;
}
