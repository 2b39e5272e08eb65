import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Why the consent was given or withdrawn. */
export type ConsentSource = 'lead_form' | 'account_settings' | 'stop_link';

/**
 * One consent given or withdrawn (GDPR art. 7(1): the agency must be able to show it). Today the
 * only purpose is marketing e-mail. Rows are the person's data: the export lists them and an
 * erasure deletes them.
 */
@Entity('consent_records')
export class ConsentRecord {
  @PrimaryGeneratedColumn()
  id: number;

  /** Lower-cased. */
  @Index('IDX_consent_records_email')
  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Index('IDX_consent_records_user')
  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  @Column({ type: 'varchar', length: 20, default: 'marketing' })
  purpose: string;

  @Column({ type: 'boolean' })
  granted: boolean;

  @Column({ type: 'varchar', length: 30 })
  source: ConsentSource;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
