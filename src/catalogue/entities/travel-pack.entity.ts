import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  Relation,
} from 'typeorm';
import { decimalTransformer } from '../../database/decimal.transformer';
import { Destination } from './destination.entity';

@Entity('travel_packs')
export class TravelPack {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_travel_packs_name')
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 1500 })
  description: string;

  /** USD, at most 9999.99. */
  @Column({ type: 'decimal', precision: 6, scale: 2, transformer: decimalTransformer })
  price: number;

  @Column({ type: 'decimal', precision: 6, scale: 2, nullable: true, transformer: decimalTransformer })
  discount_price: number | null;

  @Column({ type: 'simple-json' })
  features: string[];

  @Column({ type: 'simple-json' })
  amenities: string[];

  @Index('IDX_travel_packs_destination')
  @Column({ type: 'int' })
  destination_id: number;

  @ManyToOne(() => Destination, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'destination_id' })
  destination?: Relation<Destination>;

  @Column({ type: 'date' })
  available_from: string;

  @Column({ type: 'date' })
  available_to: string;

  @Index('IDX_travel_packs_is_featured')
  @Column({ type: 'boolean', default: false })
  is_featured: boolean;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
