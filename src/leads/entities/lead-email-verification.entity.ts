import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The current 4-digit code for an e-mail (hashed), its attempts, and when it was verified. */
@Entity('lead_email_verifications')
export class LeadEmailVerification {
  @PrimaryGeneratedColumn()
  id: number;

  /** Lower-cased; one row per e-mail, replaced on each new code. */
  @Index('UQ_lead_email_verifications_email', { unique: true })
  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 128 })
  code_hash: string;

  @Column({ type: 'datetime' })
  expires_at: Date;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'datetime' })
  last_sent_at: Date;

  /** Sends in the current hour window (resend limit). */
  @Column({ type: 'int', default: 0 })
  sends_in_window: number;

  @Column({ type: 'datetime' })
  window_started_at: Date;

  @Index('IDX_lead_email_verifications_verified_at')
  @Column({ type: 'datetime', nullable: true })
  verified_at: Date | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
