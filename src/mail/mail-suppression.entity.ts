import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * An address that used a stop link: no automated e-mail goes to it again. Kept as the SHA-256 of the
 * lower-cased address, so the stop outlives an erasure without keeping the address itself.
 */
@Entity('mail_suppressions')
export class MailSuppression {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  email_hash: string;

  /** How it came (stop_link, erase). */
  @Column({ type: 'varchar', length: 30 })
  source: string;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
