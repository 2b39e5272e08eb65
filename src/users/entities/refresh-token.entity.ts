import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { User } from './user.entity';

/** One issued refresh token (by its jti). Used once, then replaced; replay revokes the family. */
@Entity('refresh_tokens')
export class RefreshToken {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Index('IDX_refresh_tokens_user')
  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  /** The login session (the first token's jti), shared by every token of it: logout ends them all. */
  @Index('IDX_refresh_tokens_session')
  @Column({ type: 'varchar', length: 36, nullable: true })
  session_id: string | null;

  @Column({ type: 'varchar', length: 128 })
  token_hash: string;

  @Column({ type: 'datetime' })
  expires_at: Date;

  @Column({ type: 'datetime', nullable: true })
  used_at: Date | null;

  @Column({ type: 'datetime', nullable: true })
  revoked_at: Date | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
