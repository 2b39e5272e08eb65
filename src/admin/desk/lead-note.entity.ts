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

/** What an agent wrote about a lead (what the customer said, what was agreed). */
@Entity('lead_notes')
export class LeadNote {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_lead_notes_lead')
  @Column({ type: 'int' })
  lead_id: number;

  @ManyToOne(() => Lead, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lead_id' })
  lead?: Relation<Lead>;

  /** 1–5,000 characters. */
  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'int', nullable: true })
  author_id: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'author_id' })
  author?: Relation<User> | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
