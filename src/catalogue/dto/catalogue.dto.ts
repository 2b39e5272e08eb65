import { ApiProperty } from '@nestjs/swagger';
import { fromRule } from '../../common/dto/api-rule';
import type { DestinationDetail, ImageRef, PackSummary, ThingToDoItem } from '../../../shared/api/catalogue';
import { LIMITS } from '../../../shared/limits';
import { DESTINATION_RULES, THING_TO_DO_RULES } from '../../../shared/rules/destination';
import { PACK_RULES } from '../../../shared/rules/pack';

export class ImageRefDto implements ImageRef {
  @ApiProperty({ example: 12 }) id: number;
  @ApiProperty({ example: '/uploads/seed/punta-cana-gallery-1.webp' }) image: string;
}

export class ThingToDoDto implements ThingToDoItem {
  @ApiProperty({ example: 3 }) id: number;
  @ApiProperty(fromRule(THING_TO_DO_RULES.title, { example: 'Isla Saona' })) title: string;
  @ApiProperty(fromRule(THING_TO_DO_RULES.description)) description: string;
}

class DestinationRefDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
}

export class PackSummaryDto implements PackSummary {
  @ApiProperty() id: number;
  @ApiProperty(fromRule(PACK_RULES.name)) name: string;
  @ApiProperty(fromRule(PACK_RULES.description)) description: string;
  @ApiProperty({ example: 1299.99, description: 'USD' }) price: number;
  @ApiProperty({ example: 799.99, nullable: true, type: Number }) discount_price: number | null;
  @ApiProperty({ example: 38, description: 'Rounded (price - discount_price) / price × 100' })
  discount_percentage: number;
  @ApiProperty({ type: [String] }) features: string[];
  @ApiProperty({ type: [String], maxItems: LIMITS.pack.amenities }) amenities: string[];
  @ApiProperty({ type: DestinationRefDto }) destination: { id: number; name: string };
  @ApiProperty() destination_name: string;
  @ApiProperty({ example: '2026-12-01', format: 'date' }) available_from: string;
  @ApiProperty({ example: '2027-06-30', format: 'date' }) available_to: string;
  @ApiProperty() is_featured: boolean;
  @ApiProperty({ nullable: true, type: String, description: "The destination's main image" }) image: string | null;
  @ApiProperty({ type: [String], description: 'Main and gallery images of the destination' }) images: string[];
}

export class DestinationDetailDto implements DestinationDetail {
  @ApiProperty() id: number;
  @ApiProperty(fromRule(DESTINATION_RULES.name)) name: string;
  @ApiProperty(fromRule(DESTINATION_RULES.location)) location: string;
  @ApiProperty(fromRule(DESTINATION_RULES.description)) description: string;
  @ApiProperty({ example: 'active' }) status: string;
  @ApiProperty({ nullable: true, type: String, example: '/uploads/seed/punta-cana-main.webp' }) main_image:
    string | null;
  @ApiProperty({ type: [ImageRefDto] }) gallery_images: ImageRef[];
  @ApiProperty({ type: [ImageRefDto] }) hotel_images: ImageRef[];
  @ApiProperty({ type: [ThingToDoDto], maxItems: LIMITS.thingsToDo.perDestination }) things_to_do: ThingToDoItem[];
  @ApiProperty() is_priority: boolean;
  @ApiProperty({ nullable: true, type: Number }) latitude: number | null;
  @ApiProperty({ nullable: true, type: Number }) longitude: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Cheapest pack: price' }) starting_price: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Cheapest pack: discounted price' })
  starting_discount_price: number | null;
  @ApiProperty({ description: 'Cheapest pack: rounded discount percentage' }) discount_percentage: number;
}
