import { ApiProperty } from '@nestjs/swagger';
import { AdminPack, AdminRef } from '../../../../shared/api/admin';

export class AdminRefDto implements AdminRef {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
}

export class AdminPackDto implements AdminPack {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ example: 499.99 }) price: number;
  @ApiProperty({ nullable: true, type: Number, example: 399.99 }) discount_price: number | null;
  @ApiProperty({ type: [String] }) features: string[];
  @ApiProperty({ type: [String] }) amenities: string[];
  @ApiProperty() destination_id: number;
  @ApiProperty({ type: AdminRefDto }) destination: AdminRef;
  @ApiProperty() destination_name: string;
  @ApiProperty({ example: '2025-06-01' }) available_from: string;
  @ApiProperty({ example: '2025-12-15' }) available_to: string;
  @ApiProperty() is_featured: boolean;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
}
