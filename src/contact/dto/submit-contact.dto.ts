import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { trim } from '../../common/dto/transforms';
import { CONTACT_FORM_RULES as RULES } from '../../shared/rules/contact';

/** Contact form payload: the API uses the form's field names and rules. */
export class SubmitContactDto {
  @ApiProperty({ maxLength: 50 })
  @Transform(trim)
  @FollowsRule(RULES.firstName)
  firstName: string;

  @ApiProperty({ maxLength: 50 })
  @Transform(trim)
  @FollowsRule(RULES.lastName)
  lastName: string;

  @ApiPropertyOptional({ description: 'Optional; 10 to 15 digits when given.' })
  @Transform(trim)
  @FollowsRule(RULES.phone)
  phone?: string | null;

  @ApiProperty({ maxLength: 320 })
  @Transform(trim)
  @FollowsRule(RULES.email)
  email: string;

  @ApiProperty({ maxLength: 1500 })
  @Transform(trim)
  @FollowsRule(RULES.message)
  message: string;
}
