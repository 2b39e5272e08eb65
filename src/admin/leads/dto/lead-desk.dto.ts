import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsInt, IsOptional, Min, ValidateIf } from 'class-validator';
import { ADMIN_MAX_IDS } from '../../../../shared/api/admin';
import { LEAD_STATUSES } from '../../../../shared/limits';
import { ADMIN_LEAD_MESSAGES } from '../../../../shared/rules/admin-lead';

/** Reassign and/or move several leads at once (all or nothing); each change is recorded in the lead's history. */
export class BulkUpdateLeadsDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'integer', minimum: 1 },
    minItems: 1,
    maxItems: ADMIN_MAX_IDS,
    description: 'Ids of the leads to change.',
    example: [1, 2],
  })
  @IsArray({ message: 'Select at least one of the leads.' })
  @ArrayNotEmpty({ message: 'Select at least one of the leads.' })
  @ArrayMaxSize(ADMIN_MAX_IDS, { message: `At most ${ADMIN_MAX_IDS} leads can be changed at once.` })
  @IsInt({ each: true, message: 'Each id must be a whole number.' })
  @Min(1, { each: true, message: 'Each id must be a whole number.' })
  ids: number[];

  @ApiPropertyOptional({ type: 'integer', nullable: true, description: 'The agent to assign; null unassigns.' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt({ message: 'The agent must be an id.' })
  @Min(1, { message: 'The agent must be an id.' })
  agent_id?: number | null;

  @ApiPropertyOptional({ enum: LEAD_STATUSES, description: 'A move the pipeline refuses for any lead refuses all.' })
  // Checked whenever sent: null is not a status.
  @ValidateIf((_, v) => v !== undefined)
  @IsIn(LEAD_STATUSES, { message: ADMIN_LEAD_MESSAGES.invalidStatus })
  status?: string;
}

/** Merge a lead into another one. */
export class MergeLeadDto {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'The lead that receives notes, tasks and history.' })
  @IsInt({ message: 'The lead to merge into must be an id.' })
  @Min(1, { message: 'The lead to merge into must be an id.' })
  into: number;
}

/** Link another person's lead to this one as related. */
export class RelateLeadDto {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'The other lead; nothing moves between the two.' })
  @IsInt({ message: 'The related lead must be an id.' })
  @Min(1, { message: 'The related lead must be an id.' })
  other_id: number;
}

export class BulkUpdateLeadsResultDto {
  @ApiProperty({ type: [Number], description: 'The ids of the leads the request named.' })
  data: number[];
}
