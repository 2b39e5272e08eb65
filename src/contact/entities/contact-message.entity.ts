import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('contact_messages')
export class ContactMessage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  first_name: string;

  @Column({ type: 'varchar', length: 50 })
  last_name: string;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 1500 })
  message: string;

  @Column({ type: 'datetime', nullable: true })
  forwarded_at: Date | null;

  /** When names, e-mail, phone and the message were replaced (erasure, retention). */
  @Column({ type: 'datetime', nullable: true })
  anonymised_at: Date | null;

  @Index('IDX_contact_messages_created_at')
  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
