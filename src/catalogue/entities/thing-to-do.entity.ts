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
import { Destination } from './destination.entity';

@Entity('things_to_do')
export class ThingToDo {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_things_to_do_destination')
  @Column({ type: 'int' })
  destination_id: number;

  @ManyToOne(() => Destination, (d) => d.things_to_do, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'destination_id' })
  destination?: Relation<Destination>;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  @Column({ type: 'varchar', length: 1500 })
  description: string;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
