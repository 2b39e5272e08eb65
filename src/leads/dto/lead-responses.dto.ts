import { ApiProperty } from '@nestjs/swagger';
import type { LeadResponse, SuccessResponse } from '../../../shared/api/leads';
import { LEAD_SOURCES, LEAD_STATUSES, LeadSource, LeadStatus } from '../../../shared/limits';

/** OpenAPI descriptions of the public form answers; the shapes live in shared/api/leads.ts. */
export class SuccessResponseDto implements SuccessResponse {
  @ApiProperty({ type: Boolean, enum: [true] }) success: true;
  @ApiProperty() message: string;
}

class LeadDestinationDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
}

export class LeadResponseDto implements LeadResponse {
  @ApiProperty() id: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ example: '2025-01-31 18:04' }) formatted_created_at: string;
  @ApiProperty() first_name: string;
  @ApiProperty() last_name: string;
  @ApiProperty() email: string;
  @ApiProperty() phone: string;
  @ApiProperty({ type: String, nullable: true, example: '2025-07-14' }) date: string | null;
  @ApiProperty({ type: String, nullable: true, example: '15:30' }) hour: string | null;
  @ApiProperty({ enum: LEAD_STATUSES }) status: LeadStatus;
  @ApiProperty({ enum: LEAD_SOURCES }) source: LeadSource;
  @ApiProperty({ type: LeadDestinationDto }) destination: { id: number; name: string };
  @ApiProperty() is_priority: boolean;
}
