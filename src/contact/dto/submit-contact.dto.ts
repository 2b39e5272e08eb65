import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { fromRule } from '../../common/dto/api-rule';
import { trim } from '../../common/dto/transforms';
import { CONTACT_FORM_RULES as RULES } from '../../../shared/rules/contact';

/** Contact form payload: the API uses the form's field names and rules. */
export class SubmitContactDto {
  @ApiProperty(fromRule(RULES.firstName))
  @Transform(trim)
  @FollowsRule(RULES.firstName)
  firstName: string;

  @ApiProperty(fromRule(RULES.lastName))
  @Transform(trim)
  @FollowsRule(RULES.lastName)
  lastName: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Optional; 10 to 15 digits when given.' })
  @Transform(trim)
  @FollowsRule(RULES.phone)
  phone?: string | null;

  @ApiProperty(fromRule(RULES.email))
  @Transform(trim)
  @FollowsRule(RULES.email)
  email: string;

  @ApiProperty(fromRule(RULES.message))
  @Transform(trim)
  @FollowsRule(RULES.message)
  message: string;
}
