import { ApiProperty } from '@nestjs/swagger';
import { AdminAuditEntry, AUDIT_ACTIONS, AuditAction } from '../../../../shared/api/admin';

/** One entry of the back-office audit log (read-only). */
export class AdminAuditEntryDto implements AdminAuditEntry {
  @ApiProperty({ example: 42 }) id: number;
  @ApiProperty({ example: '2026-01-31T18:04:05.000Z' }) created_at: string;
  @ApiProperty({ nullable: true, type: Number, example: 1, description: 'The staff member who acted.' })
  actor_id: number | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: 'admin@example.com',
    description: 'The actor’s e-mail while the account exists; null once it is deleted.',
  })
  actor_email: string | null;
  @ApiProperty({ enum: AUDIT_ACTIONS, example: 'update' }) action: AuditAction;
  @ApiProperty({
    example: 'leads',
    description: 'leads, users, agents, packs, destinations, things-to-do, session (sign-ins) or privacy (erasures).',
  })
  resource: string;
  @ApiProperty({ nullable: true, type: String, example: '17', description: 'Null for a list-wide action (an export).' })
  record_id: string | null;
  @ApiProperty({
    nullable: true,
    type: 'object',
    additionalProperties: true,
    example: { status: ['new', 'contacted'] },
    description:
      '`{ field: [old, new] }` for creates, updates and deletes (passwords and tokens appear as "[oculto]"); an export’s `{ filter, rows, format }`; a sign-in’s `{ via }`.',
  })
  changes: Record<string, unknown> | null;
  @ApiProperty({ nullable: true, type: String, example: '203.0.113.7' }) ip: string | null;
}
