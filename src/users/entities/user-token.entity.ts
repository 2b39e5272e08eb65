import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Relation,
} from 'typeorm';
import { User } from './user.entity';

/**
 * What a token is for: the e-mailed links (verify_email, reset_password, sign_in_link, claim_leads),
 * and the browser keys kept in an httpOnly cookie (signup_browser, claim_browser) that show a link
 * was opened in the browser that asked for it.
 */
export type UserTokenPurpose =
  'verify_email' | 'reset_password' | 'sign_in_link' | 'claim_leads' | 'signup_browser' | 'claim_browser';

/** Single-use e-mailed links and browser keys, stored hashed (SHA-256). */
@Entity('user_tokens')
@Index('IDX_user_tokens_user_purpose', ['user_id', 'purpose'])
export class UserToken {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 20 })
  purpose: UserTokenPurpose;

  @Index('UQ_user_tokens_hash', { unique: true })
  @Column({ type: 'varchar', length: 128 })
  token_hash: string;

  @Column({ type: 'datetime' })
  expires_at: Date;

  @Column({ type: 'datetime', nullable: true })
  used_at: Date | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
