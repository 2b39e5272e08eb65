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
import { User } from '../../users/entities/user.entity';
import { Lead } from './lead.entity';

export type LeadEventKind = 'created' | 'status' | 'assignment' | 'account_created';

/** Audit trail of a lead: who changed its status or assignment, and when. */
@Entity('lead_events')
export class LeadEvent {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_lead_events_lead')
  @Column({ type: 'int' })
  lead_id: number;

  @ManyToOne(() => Lead, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lead_id' })
  lead?: Relation<Lead>;

  @Column({ type: 'varchar', length: 20 })
  kind: LeadEventKind;

  @Column({ type: 'varchar', length: 100, nullable: true })
  from_value: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  to_value: string | null;

  @Column({ type: 'int', nullable: true })
  actor_id: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'actor_id' })
  actor?: Relation<User> | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
