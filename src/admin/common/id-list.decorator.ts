import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsInt, Min } from 'class-validator';
import { ADMIN_MAX_IDS } from '../../../shared/api/admin';

/** A non-empty list of record ids (bulk delete bodies). */
export function IsIdList(label: string): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      type: 'array',
      items: { type: 'integer', minimum: 1 },
      minItems: 1,
      maxItems: ADMIN_MAX_IDS,
      description: `Ids of the ${label} to delete (all or nothing).`,
      example: [1, 2],
    }),
    IsArray({ message: `Select at least one of the ${label}.` }),
    ArrayNotEmpty({ message: `Select at least one of the ${label}.` }),
    ArrayMaxSize(ADMIN_MAX_IDS, { message: `At most ${ADMIN_MAX_IDS} ${label} can be deleted at once.` }),
    IsInt({ each: true, message: 'Each id must be a whole number.' }),
    Min(1, { each: true, message: 'Each id must be a whole number.' }),
  );
}

/** Unique ids, in the order given. */
export function uniqueIds(ids: number[]): number[] {
  return [...new Set(ids)];
}
