import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Customers, agents and admins. `is_superuser` is the admin flag (is_admin in tokens). */
@Entity('users')
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  /** Always stored lower-cased and trimmed, so uniqueness is case-insensitive. */
  @Index('UQ_users_email', { unique: true })
  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 50 })
  first_name: string;

  @Column({ type: 'varchar', length: 50 })
  last_name: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  phone: string;

  @Column({ type: 'varchar', length: 255 })
  password_hash: string;

  @Column({ type: 'boolean', default: false })
  is_active: boolean;

  @Index('IDX_users_is_superuser')
  @Column({ type: 'boolean', default: false })
  is_superuser: boolean;

  @Index('IDX_users_is_agent')
  @Column({ type: 'boolean', default: false })
  is_agent: boolean;

  @Column({ type: 'datetime', nullable: true })
  last_login: Date | null;

  /**
   * When the owner proved the mailbox (verification link, password reset); null while a sign-up is
   * unverified. Operator- and admin-made active accounts count as verified.
   */
  @Column({ type: 'datetime', nullable: true })
  email_verified_at: Date | null;

  /**
   * When leads sent with this e-mail BEFORE the account was verified became the account's: the
   * person who signed up showed they control the mailbox (the verification link opened in the
   * browser that signed up, a confirmation link opened in the browser that asked for it, a password
   * reset), or staff made the account. Null: only leads sent after `email_verified_at` are theirs,
   * so a stranger who signs up someone's address, and whose link that someone clicks, reads nothing
   * of theirs from before.
   */
  @Column({ type: 'datetime', nullable: true })
  earlier_leads_claimed_at: Date | null;

  /** Bumped on every password change; one-time tokens issued before it are void. */
  @Column({ type: 'datetime', nullable: true })
  password_changed_at: Date | null;

  /** When the person asked for offers by e-mail (account settings or a lead form); null: not asked. */
  @Column({ type: 'datetime', nullable: true })
  marketing_opt_in_at: Date | null;

  /** An agent who takes part in the auto-assignment of new public leads (off until an admin turns it on). */
  @Column({ type: 'boolean', default: false })
  receives_leads: boolean;

  /** When a lead was last assigned to this agent (automatically or by hand): the tie-break of the auto-assignment. */
  @Column({ type: 'datetime', nullable: true })
  last_assigned_at: Date | null;

  @Index('IDX_users_date_joined')
  @CreateDateColumn({ type: 'datetime' })
  date_joined: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
