import { ApiProperty } from '@nestjs/swagger';
import type { OwnLead } from '../../../shared/api/own-leads';
import { LEAD_STATUSES, LeadStatus } from '../../../shared/limits';

class NamedRefDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
}

/** OpenAPI description of one of a person's own leads; the shape lives in shared/api/own-leads.ts. */
export class OwnLeadDto implements OwnLead {
  @ApiProperty() id: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ example: '2025-01-31 14:05' }) formatted_created_at: string;
  @ApiProperty({ type: NamedRefDto }) destination: NamedRefDto;
  @ApiProperty({ type: NamedRefDto, nullable: true }) travel_pack: NamedRefDto | null;
  @ApiProperty({ type: String, nullable: true, example: '2025-03-01' }) date: string | null;
  @ApiProperty({ type: String, nullable: true, example: '15:30' }) hour: string | null;
  @ApiProperty({ enum: LEAD_STATUSES }) status: LeadStatus;
}
