import { ApiProperty } from '@nestjs/swagger';
import { AdminLead, AdminLeadDetail, AdminLeadEvent, AdminRef } from '../../../../shared/api/admin';
import { LEAD_SOURCES, LEAD_STATUSES, LeadSource, LeadStatus } from '../../../../shared/limits';
import { AdminRefDto } from '../../packs/dto/admin-pack.dto';

class AdminPersonDto {
  @ApiProperty() id: number;
  @ApiProperty() full_name: string;
}

export class AdminLeadDto implements AdminLead {
  @ApiProperty() id: number;
  @ApiProperty() created_at: string;
  @ApiProperty({ example: '2025-01-31 18:04' }) formatted_created_at: string;
  @ApiProperty() first_name: string;
  @ApiProperty() last_name: string;
  @ApiProperty() email: string;
  @ApiProperty() phone: string;
  @ApiProperty({ nullable: true, type: String }) date: string | null;
  @ApiProperty({ nullable: true, type: String }) hour: string | null;
  @ApiProperty({ enum: LEAD_STATUSES, example: 'new' }) status: LeadStatus;
  @ApiProperty({ enum: LEAD_SOURCES, example: 'email_verification' }) source: LeadSource;
  @ApiProperty({ description: 'Repeat customer; sorted first and highlighted.' }) is_priority: boolean;
  @ApiProperty({ nullable: true, type: String }) notes: string | null;
  @ApiProperty() destination_id: number;
  @ApiProperty({ type: AdminRefDto }) destination: AdminRef;
  @ApiProperty({ nullable: true, type: Number }) travel_pack_id: number | null;
  @ApiProperty({ nullable: true, type: AdminRefDto }) travel_pack: AdminRef | null;
  @ApiProperty({ nullable: true, type: Number }) agent_id: number | null;
  @ApiProperty({ nullable: true, type: AdminPersonDto }) agent: { id: number; full_name: string } | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Account created from or matched to the lead.' }) user_id:
    number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'The open lead this one repeats (same e-mail or phone).' })
  duplicate_of: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'After a merge: the lead this one was merged into.' })
  merged_into: number | null;
  @ApiProperty({ description: 'How many later leads repeat this one.' }) repeat_requests: number;
  @ApiProperty({ description: 'Still new longer than LEAD_SLA_MINUTES after it came in.' }) sla_breached: boolean;
}

export class AdminLeadEventDto implements AdminLeadEvent {
  @ApiProperty() id: number;
  @ApiProperty({
    enum: ['created', 'status', 'assignment', 'account_created', 'email', 'task', 'merged', 'duplicate', 'related'],
  })
  kind: AdminLeadEvent['kind'];
  @ApiProperty({ nullable: true, type: String }) from: string | null;
  @ApiProperty({ nullable: true, type: String }) to: string | null;
  @ApiProperty({ nullable: true, type: String }) from_label: string | null;
  @ApiProperty({ nullable: true, type: String }) to_label: string | null;
  @ApiProperty({ nullable: true, type: AdminPersonDto }) actor: { id: number; full_name: string } | null;
  @ApiProperty() created_at: string;
}

export class AdminLeadDetailDto extends AdminLeadDto implements AdminLeadDetail {
  @ApiProperty({ type: [AdminLeadEventDto], description: 'Status and assignment changes: who and when.' })
  history: AdminLeadEvent[];
  @ApiProperty({
    nullable: true,
    type: Number,
    description:
      'The lead this one may be merged into: the one it repeats, when both are the same person (the same e-mail, or the same phone and last name).',
  })
  mergeable_into: number | null;
  @ApiProperty({
    type: [Number],
    description: 'Other people’s leads linked to this one as related (POST /api/admin/leads/{id}/related).',
  })
  related_lead_ids: number[];
}
