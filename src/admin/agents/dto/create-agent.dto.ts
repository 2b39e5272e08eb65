import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CREATE_AGENT_RULES } from '../../../../shared/rules/admin-user';
import { FollowsRule } from '../../../common/dto/follows-rule.decorator';
import { fromRule } from '../../../common/dto/api-rule';

/** A new agent. With a password the agent can sign in at once; without one it is created inactive. */
export class CreateAgentDto {
  @ApiProperty(fromRule(CREATE_AGENT_RULES.first_name, { example: 'Luis' }))
  @FollowsRule(CREATE_AGENT_RULES.first_name)
  first_name: string;

  @ApiProperty(fromRule(CREATE_AGENT_RULES.last_name, { example: 'Pérez' }))
  @FollowsRule(CREATE_AGENT_RULES.last_name)
  last_name: string;

  @ApiProperty(fromRule(CREATE_AGENT_RULES.email, { example: 'luis@agency.example' }))
  @FollowsRule(CREATE_AGENT_RULES.email)
  email: string;

  @ApiPropertyOptional({ description: 'Exactly 10 digits.', example: '5551234567' })
  @FollowsRule(CREATE_AGENT_RULES.phone)
  phone?: string;

  @ApiPropertyOptional({ description: 'Min 8, an uppercase letter, a number and one of !@#$%^&*.' })
  @FollowsRule(CREATE_AGENT_RULES.password)
  password?: string;

  @ApiPropertyOptional({ description: 'Must equal password.' })
  @FollowsRule(CREATE_AGENT_RULES.confirm_password)
  confirm_password?: string;
}
