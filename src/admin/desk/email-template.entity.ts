import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A reply an agent sends from the lead page, in Spanish, with variables ({{nombre}}, {{apellido}},
 * {{destino}}, {{pack}}, {{precio}}, {{agente}}). `sequence_day` (0, 2, 5…) puts it in the follow-up
 * sequence of new leads; null: sent by hand only.
 */
@Entity('email_templates')
export class EmailTemplate {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('UQ_email_templates_name', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 200 })
  subject: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'int', nullable: true })
  sequence_day: number | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
