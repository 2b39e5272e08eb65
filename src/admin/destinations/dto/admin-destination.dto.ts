import { ApiProperty } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { AdminDestination, AdminImage, AdminThingToDo } from '../../../../shared/api/admin';
import { DESTINATION_STATUSES } from '../../../../shared/limits';
import { limitsOf } from '../../../../shared/rules/form';
import { DESTINATION_RULES } from '../../../../shared/rules/destination';

export class AdminImageDto implements AdminImage {
  @ApiProperty() id: number;
  @ApiProperty({ example: '/uploads/destinations/3f9c0d1e2a4b5c6d7e8f90a1b2c3d4e5.webp' }) image: string;
}

export class AdminThingToDoDto implements AdminThingToDo {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
}

export class AdminDestinationDto implements AdminDestination {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() location: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: DESTINATION_STATUSES }) status: string;
  @ApiProperty({ description: 'Sorted first and highlighted.' }) is_priority: boolean;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'URL of the 1600 px WebP; -800w and -400w variants sit beside it.',
  })
  main_image: string | null;
  @ApiProperty({ type: [AdminImageDto] }) gallery_images: AdminImage[];
  @ApiProperty({ type: [AdminImageDto] }) hotel_images: AdminImage[];
  @ApiProperty({ type: [AdminThingToDoDto] }) things_to_do: AdminThingToDo[];
  @ApiProperty() things_to_do_count: number;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
}

/** OpenAPI schema of the multipart form of POST/PUT /api/admin/destinations/. */
export const DESTINATION_FORM_SCHEMA: SchemaObject = {
  type: 'object',
  properties: {
    name: { type: 'string', ...limitsOf(DESTINATION_RULES.name) },
    location: { type: 'string', ...limitsOf(DESTINATION_RULES.location) },
    description: { type: 'string', ...limitsOf(DESTINATION_RULES.description) },
    status: { type: 'string', enum: [...DESTINATION_STATUSES] },
    is_priority: { type: 'boolean' },
    main_image: {
      type: 'string',
      format: 'binary',
      description: 'JPG, PNG or WEBP (checked by content), ≤ 2 MB. Required on create.',
    },
    gallery_images: {
      type: 'array',
      items: { type: 'string', format: 'binary' },
      description: 'Repeated; added to the kept ones.',
    },
    hotel_images: {
      type: 'array',
      items: { type: 'string', format: 'binary' },
      description: 'Repeated; added to the kept ones.',
    },
    existing_image_ids: {
      type: 'array',
      items: { type: 'integer' },
      description:
        'PUT: gallery images to keep (repeated). In multipart, none sent = keep none; in JSON, absent = unchanged.',
    },
    existing_hotel_image_ids: {
      type: 'array',
      items: { type: 'integer' },
      description: 'PUT: hotel images to keep, as above.',
    },
  },
};
