import { ApiProperty } from '@nestjs/swagger';
import { fromRule } from '../../../common/dto/api-rule';
import { FollowsRule } from '../../../common/dto/follows-rule.decorator';
import { SAVED_VIEW_RESOURCES, SAVED_VIEW_RULES } from '../../../../shared/rules/saved-view';

export class SavedViewInputDto {
  @ApiProperty({ enum: SAVED_VIEW_RESOURCES, example: 'leads' })
  @FollowsRule(SAVED_VIEW_RULES.resource)
  resource: string;

  @ApiProperty(fromRule(SAVED_VIEW_RULES.name, { example: 'Mis nuevas de Cancún' }))
  @FollowsRule(SAVED_VIEW_RULES.name)
  name: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "The list's query: { filter, sort, order }.",
    example: { filter: { status: 'new' }, sort: 'created_at', order: 'DESC' },
  })
  @FollowsRule(SAVED_VIEW_RULES.query)
  query: Record<string, unknown>;
}

export class SavedViewDto {
  @ApiProperty() id: number;
  @ApiProperty() resource: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) query: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}
