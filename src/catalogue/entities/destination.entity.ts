import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  Relation,
} from 'typeorm';
import { decimalTransformer } from '../../database/decimal.transformer';
import { DestinationImage } from './destination-image.entity';
import { ThingToDo } from './thing-to-do.entity';

@Entity('destinations')
export class Destination {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_destinations_name')
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 150 })
  location: string;

  @Column({ type: 'varchar', length: 1500, default: '' })
  description: string;

  @Column({ type: 'varchar', length: 20, default: 'active' })
  status: string;

  /** Path relative to UPLOAD_DIR; exposed as /uploads/<path>. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  main_image: string | null;

  @Column({ type: 'decimal', precision: 9, scale: 6, nullable: true, transformer: decimalTransformer })
  latitude: number | null;

  @Column({ type: 'decimal', precision: 9, scale: 6, nullable: true, transformer: decimalTransformer })
  longitude: number | null;

  @Index('IDX_destinations_is_priority')
  @Column({ type: 'boolean', default: false })
  is_priority: boolean;

  @OneToMany(() => DestinationImage, (image) => image.destination)
  images?: Relation<DestinationImage[]>;

  @OneToMany(() => ThingToDo, (thing) => thing.destination)
  things_to_do?: Relation<ThingToDo[]>;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
