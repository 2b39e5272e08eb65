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

/**
 * created, status, assignment (the timeline calls it `assigned`), account_created; and from the lead
 * desk: email (a reply sent, to_value its subject), task (created or done), merged (from_value the
 * lead merged in), duplicate (a repeat request linked, to_value its id), related (an admin linked
 * another person's lead, to_value its id; written on both leads).
 */
export type LeadEventKind =
  'created' | 'status' | 'assignment' | 'account_created' | 'email' | 'task' | 'merged' | 'duplicate' | 'related';

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
