import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { AuditAction } from '../../../shared/api/admin';

/**
 * One staff action in the back-office: written in the same transaction as the change it records,
 * never changed or deleted through the API. `changes` holds the changed fields as
 * `{ field: [old, new] }` JSON (never passwords or tokens); an erasure scrubs the erased address
 * out of it, since the GDPR's right to erasure reaches the log too.
 */
@Entity('audit_log')
@Index('IDX_audit_log_resource_record', ['resource', 'record_id'])
export class AuditEntry {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_audit_log_created_at')
  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  /** The staff member; kept as a plain id, so the entry outlives the account. */
  @Index('IDX_audit_log_actor')
  @Column({ type: 'int', nullable: true })
  actor_id: number | null;

  @Column({ type: 'varchar', length: 20 })
  action: AuditAction;

  /** The back-office resource (leads, users, agents, packs, destinations, things-to-do, privacy). */
  @Column({ type: 'varchar', length: 40 })
  resource: string;

  /** The record's id (a bulk action writes one entry per record); null for a list-wide action. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  record_id: string | null;

  @Column({ type: 'text', nullable: true })
  changes: string | null;

  /** The client's address as the proxy settings see it. */
  @Column({ type: 'varchar', length: 45, nullable: true })
  ip: string | null;
}
