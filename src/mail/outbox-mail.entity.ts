import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One e-mail to send: written in the same transaction as the change that causes it, sent by the
 * outbox worker. A row is claimed (claimed_by/claimed_until) before it is sent, so two instances never
 * send it both, and a claim left by a dead instance expires. Once sent, the bodies are cleared: they
 * may hold one-time codes or links.
 */
@Entity('outbox')
@Index('IDX_outbox_due', ['sent_at', 'failed_at', 'next_attempt_at'])
export class OutboxMail {
  @PrimaryGeneratedColumn()
  id: number;

  /** What the mail is (lead-code, lead-notice, contact-forward, verify-email, password-reset). */
  @Column({ type: 'varchar', length: 40 })
  kind: string;

  /** The row the mail is about (a lead, a contact message, a user), for the kind's delivery hook. */
  @Column({ type: 'int', nullable: true })
  ref_id: number | null;

  /** Names the mail in the logs without personal data, e.g. "New lead #12 notice". */
  @Column({ type: 'varchar', length: 120 })
  label: string;

  @Column({ type: 'varchar', length: 320 })
  to_address: string;

  @Column({ type: 'varchar', length: 320, nullable: true })
  reply_to: string | null;

  @Column({ type: 'varchar', length: 500 })
  subject: string;

  @Column({ type: 'text' })
  body_text: string;

  @Column({ type: 'text' })
  body_html: string;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'datetime' })
  next_attempt_at: Date;

  /** Past this, the mail is useless (an expired code or link) and is given up unsent. */
  @Column({ type: 'datetime' })
  discard_after: Date;

  @Column({ type: 'varchar', length: 64, nullable: true })
  claimed_by: string | null;

  @Column({ type: 'datetime', nullable: true })
  claimed_until: Date | null;

  @Column({ type: 'datetime', nullable: true })
  sent_at: Date | null;

  @Column({ type: 'datetime', nullable: true })
  failed_at: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  last_error: string | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
