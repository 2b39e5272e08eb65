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
import { Lead } from '../../leads/entities/lead.entity';
import { User } from '../../users/entities/user.entity';

/**
 * Something to do about a lead by a due time (call back, send the quote). When it falls due its
 * assignee gets one reminder e-mail: `reminded_at` is set in the transaction that queues it.
 */
@Entity('tasks')
@Index('IDX_tasks_due', ['done_at', 'reminded_at', 'due_at'])
export class LeadTask {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_tasks_lead')
  @Column({ type: 'int' })
  lead_id: number;

  @ManyToOne(() => Lead, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lead_id' })
  lead?: Relation<Lead>;

  @Index('IDX_tasks_assignee')
  @Column({ type: 'int', nullable: true })
  assignee_id: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'assignee_id' })
  assignee?: Relation<User> | null;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'datetime' })
  due_at: Date;

  @Column({ type: 'datetime', nullable: true })
  done_at: Date | null;

  @Column({ type: 'datetime', nullable: true })
  reminded_at: Date | null;

  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
