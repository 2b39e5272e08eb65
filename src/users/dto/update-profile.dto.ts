import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FollowsRule } from '../../common/dto/follows-rule.decorator';
import { digitsOfPhone, trim, trimLower } from '../../common/dto/transforms';
import { PROFILE_UPDATE_RULES as RULES } from '../../shared/rules/account';

/** PUT /api/users/user/{id}/. The e-mail may be sent back unchanged; any other value is refused. */
export class UpdateProfileDto {
  @ApiProperty({ maxLength: 30 })
  @Transform(trim)
  @FollowsRule(RULES.first_name)
  first_name: string;

  @ApiProperty({ maxLength: 30 })
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
}
