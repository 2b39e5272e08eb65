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
 * Two leads an admin marked as related (two people of one trip or household, sharing a phone):
 * a link shown on both, nothing moved between them (a merge is for one person's leads only).
 * Stored once per pair, the lower id in `lead_id`; it goes with either lead.
 */
@Entity('lead_links')
@Index('UQ_lead_links_pair', ['lead_id', 'related_lead_id'], { unique: true })
export class LeadLink {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  lead_id: number;

  @ManyToOne(() => Lead, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lead_id', foreignKeyConstraintName: 'FK_lead_links_lead' })
  lead?: Relation<Lead>;

  @Index('IDX_lead_links_related')
  @Column({ type: 'int' })
  related_lead_id: number;

  @ManyToOne(() => Lead, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'related_lead_id', foreignKeyConstraintName: 'FK_lead_links_related' })
  related?: Relation<Lead>;

  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'FK_lead_links_created_by' })
  creator?: Relation<User> | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
