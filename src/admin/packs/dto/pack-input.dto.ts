import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LIMITS } from '../../../../shared/limits';
import { PACK_RULES } from '../../../../shared/rules/pack';
import { FollowsRule } from '../../../common/dto/follows-rule.decorator';
import { fromRule } from '../../../common/dto/api-rule';

/** The whole pack form, for both POST and PUT (an edit sends the whole form). */
export class PackInputDto {
  @ApiProperty(fromRule(PACK_RULES.name, { example: 'Punta Cana all inclusive' }))
  @FollowsRule(PACK_RULES.name)
  name: string;

  @ApiProperty(fromRule(PACK_RULES.description))
  @FollowsRule(PACK_RULES.description)
  description: string;

  @ApiProperty({ description: 'USD, > 0, at most 9999.99, at most 2 decimals.', example: 499.99 })
  @FollowsRule(PACK_RULES.price)
  price: number;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'Below price; null for none.',
    example: 399.99,
  })
  @FollowsRule(PACK_RULES.discount_price)
  discount_price?: number | null;

  @ApiPropertyOptional({ type: [String], nullable: true, maxItems: LIMITS.pack.features, description: 'Feature list.' })
  @FollowsRule(PACK_RULES.features)
  features?: string[] | null;

  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    maxItems: LIMITS.pack.amenities,
    description: `At most ${LIMITS.pack.amenities} non-empty strings.`,
  })
  @FollowsRule(PACK_RULES.amenities)
  amenities?: string[] | null;

  @ApiProperty({
    type: 'integer',
    required: false,
    description: 'Id of an existing destination; required unless `destination` is sent.',
    example: 1,
  })
  @FollowsRule(PACK_RULES.destination_id)
  destination_id?: number;

  @ApiPropertyOptional({ type: 'integer', description: 'Same as destination_id (the original client sent this name).' })
  @FollowsRule(PACK_RULES.destination)
  destination?: number;

  @ApiProperty({ format: 'date', example: '2025-06-01' })
  @FollowsRule(PACK_RULES.available_from)
  available_from: string;

  @ApiProperty({ format: 'date', example: '2025-12-15', description: 'Not before available_from.' })
  @FollowsRule(PACK_RULES.available_to)
  available_to: string;

  @ApiPropertyOptional({ description: 'Highlighted in the back-office and featured on the site.' })
  @FollowsRule(PACK_RULES.is_featured)
  is_featured?: boolean;
}
