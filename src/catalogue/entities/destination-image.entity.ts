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

export type DestinationImageKind = 'gallery' | 'hotel';

@Entity('destination_images')
@Index('IDX_destination_images_destination_kind', ['destination_id', 'kind', 'position'])
export class DestinationImage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  destination_id: number;

  @ManyToOne(() => Destination, (d) => d.images, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'destination_id' })
  destination?: Relation<Destination>;

  @Column({ type: 'varchar', length: 10 })
  kind: DestinationImageKind;

  /** Path relative to UPLOAD_DIR. */
  @Column({ type: 'varchar', length: 255 })
  image: string;

  @Column({ type: 'int', default: 0 })
  position: number;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
