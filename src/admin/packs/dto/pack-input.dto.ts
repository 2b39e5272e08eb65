import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PACK_RULES } from '../../../shared/rules/pack';
import { FollowsRule } from '../../../common/dto/follows-rule.decorator';

/** The whole pack form, for both POST and PUT (an edit sends the whole form). */
export class PackInputDto {
  @ApiProperty({ maxLength: 100, example: 'Punta Cana all inclusive' })
  @FollowsRule(PACK_RULES.name)
  name: string;

  @ApiProperty({ maxLength: 1500 })
  @FollowsRule(PACK_RULES.description)
  description: string;

  @ApiProperty({ description: 'USD, > 0, at most 9999.99, at most 2 decimals.', example: 499.99 })
  @FollowsRule(PACK_RULES.price)
  price: number;

  @ApiPropertyOptional({ nullable: true, description: 'Below price; null or empty for none.', example: 399.99 })
  @FollowsRule(PACK_RULES.discount_price)
  discount_price?: number | null;

  @ApiPropertyOptional({ type: [String], description: 'Feature list.' })
  @FollowsRule(PACK_RULES.features)
  features?: string[] | null;

  @ApiPropertyOptional({ type: [String], maxItems: 10, description: 'At most 10 non-empty strings.' })
  @FollowsRule(PACK_RULES.amenities)
  amenities?: string[] | null;

  @ApiProperty({ description: 'Id of an existing destination.', example: 1 })
  @FollowsRule(PACK_RULES.destination_id)
  destination_id?: number;

  @ApiPropertyOptional({ description: 'Same as destination_id (the original client sent this name).' })
  @FollowsRule(PACK_RULES.destination)
  destination?: number;

  @ApiProperty({ example: '2025-06-01' })
  @FollowsRule(PACK_RULES.available_from)
  available_from: string;

  @ApiProperty({ example: '2025-12-15', description: 'Not before available_from.' })
  @FollowsRule(PACK_RULES.available_to)
  available_to: string;

  @ApiPropertyOptional({ description: 'Highlighted in the back-office and featured on the site.' })
  @FollowsRule(PACK_RULES.is_featured)
  is_featured?: boolean;
}
