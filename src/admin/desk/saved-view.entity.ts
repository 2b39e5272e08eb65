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

/** A list's filters and sort saved by one staff member under a name; found again in any browser. */
@Entity('saved_views')
@Index('UQ_saved_views_user_resource_name', ['user_id', 'resource', 'name'], { unique: true })
export class SavedView {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 40 })
  resource: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** The list's query as JSON: `{ filter, sort, order }`. */
  @Column({ type: 'text' })
  query: string;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
