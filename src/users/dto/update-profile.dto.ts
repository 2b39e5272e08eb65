import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { fromRule } from '../../common/dto/api-rule';
import { digitsOfPhone, trim, trimLower } from '../../common/dto/transforms';
import { MARKETING_OPT_IN_RULE } from '../../../shared/api/privacy';
import { PROFILE_UPDATE_RULES as RULES } from '../../../shared/rules/account';

/** PUT /api/users/user/{id}/. The e-mail may be sent back unchanged; any other value is refused. */
export class UpdateProfileDto {
  @ApiProperty(fromRule(RULES.first_name))
  @Transform(trim)
  @FollowsRule(RULES.first_name)
  first_name: string;

  @ApiProperty(fromRule(RULES.last_name))
  @Transform(trim)
  @FollowsRule(RULES.last_name)
  last_name: string;

  @ApiPropertyOptional({ description: 'Digits only, 2 to 15; empty clears it.' })
  @Transform(digitsOfPhone)
  @FollowsRule(RULES.phone)
  phone?: string;

  @ApiPropertyOptional({ description: 'Read-only: must equal the current e-mail when sent.' })
  @Transform(trimLower)
  @FollowsRule(RULES.email)
  email?: string;

  @ApiPropertyOptional({
    type: Boolean,
    description:
      '"Quiero recibir ofertas por e-mail": true gives the consent (with its time), false withdraws it; absent or null leaves it.',
  })
  @FollowsRule(MARKETING_OPT_IN_RULE)
  marketing_opt_in?: boolean | null;
}
