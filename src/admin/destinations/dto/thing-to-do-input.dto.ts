import { ApiProperty } from '@nestjs/swagger';
import { THING_TO_DO_RULES } from '../../../../shared/rules/destination';
import { FollowsRule } from '../../../common/dto/follows-rule.decorator';
import { fromRule } from '../../../common/dto/api-rule';

export class ThingToDoInputDto {
  @ApiProperty(fromRule(THING_TO_DO_RULES.title, { example: 'Snorkel at Saona Island' }))
  @FollowsRule(THING_TO_DO_RULES.title)
  title: string;

  @ApiProperty(fromRule(THING_TO_DO_RULES.description))
  @FollowsRule(THING_TO_DO_RULES.description)
  description: string;
}
