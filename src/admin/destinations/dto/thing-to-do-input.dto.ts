import { ApiProperty } from '@nestjs/swagger';
import { THING_TO_DO_RULES } from '../../../shared/rules/destination';
import { FollowsRule } from '../../../common/dto/follows-rule.decorator';

export class ThingToDoInputDto {
  @ApiProperty({ maxLength: 100, example: 'Snorkel at Saona Island' })
  @FollowsRule(THING_TO_DO_RULES.title)
  title: string;

  @ApiProperty({ maxLength: 1500 })
  @FollowsRule(THING_TO_DO_RULES.description)
  description: string;
}
