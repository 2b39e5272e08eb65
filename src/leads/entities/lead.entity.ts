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
import { Destination } from '../../catalogue/entities/destination.entity';
import { TravelPack } from '../../catalogue/entities/travel-pack.entity';
import { User } from '../../users/entities/user.entity';

@Entity('leads')
@Index('IDX_leads_email_destination_created', ['email', 'destination_id', 'created_at'])
@Index('IDX_leads_priority_created', ['is_priority', 'created_at'])
@Index('IDX_leads_status_created', ['status', 'created_at'])
// The lead desk's lists: an agent's leads by status ("Mine"), and first requests by status and age
// (the dashboard's leads waiting past the SLA), each counted on the index alone.
@Index('IDX_leads_agent_status_created', ['agent_id', 'status', 'created_at'])
@Index('IDX_leads_status_duplicate_created', ['status', 'duplicate_of', 'created_at'])
export class Lead {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_leads_created_at')
  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;

  @Index('IDX_leads_first_name')
  @Column({ type: 'varchar', length: 50 })
  first_name: string;

  @Index('IDX_leads_last_name')
  @Column({ type: 'varchar', length: 50 })
  last_name: string;

  /** Lower-cased. */
  @Column({ type: 'varchar', length: 320 })
  email: string;

  /** Digits only; indexed: a new public lead looks for an open lead with the same phone (a repeat request). */
  @Index('IDX_leads_phone')
  @Column({ type: 'varchar', length: 20 })
  phone: string;

  /** Preferred travel/call date, YYYY-MM-DD. */
  @Column({ type: 'date', nullable: true })
  date: string | null;

  /** Preferred hour, HH:MM (24 h). */
  @Column({ type: 'varchar', length: 5, nullable: true })
  hour: string | null;

  @Column({ type: 'varchar', length: 20, default: 'new' })
  status: string;

  @Column({ type: 'varchar', length: 40, default: 'email_verification' })
  source: string;

  @Index('IDX_leads_destination')
  @Column({ type: 'int' })
  destination_id: number;

  /** Leads are the business: a destination with leads cannot be deleted. */
  @ManyToOne(() => Destination, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'destination_id' })
  destination?: Relation<Destination>;

  @Column({ type: 'int', nullable: true })
  travel_pack_id: number | null;

  @ManyToOne(() => TravelPack, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'travel_pack_id' })
  travel_pack?: Relation<TravelPack> | null;

  @Column({ type: 'int', nullable: true })
  agent_id: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'agent_id' })
  agent?: Relation<User> | null;

  /** The account created from or matched to this lead, if any. */
  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User> | null;

  /** A repeat customer (earlier lead or an account with this e-mail). */
  @Column({ type: 'boolean', default: false })
  is_priority: boolean;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  notes: string | null;

  /**
   * What the back-office search (`q`) looks in: names and e-mail in one lower-cased, indexed text,
   * kept by the database itself. A contains-search then tests one narrow index entry per lead
   * instead of three columns of the table (see LEAD_LIST_SPEC).
   */
  @Index('IDX_leads_search_text')
  @Column({
    type: 'varchar',
    length: 422,
    generatedType: 'STORED',
    asExpression: "lower(concat_ws(' ', first_name, last_name, email))",
    select: false,
    insert: false,
    update: false,
  })
  search_text?: string;

  /** When the agency was told about this public lead (LEADS_NOTIFY_EMAIL); null until delivered. */
  @Column({ type: 'datetime', nullable: true })
  notified_at: Date | null;

  /** When the visitor ticked "Quiero recibir ofertas por e-mail" on this lead; null: not ticked. */
  @Column({ type: 'datetime', nullable: true })
  marketing_opt_in_at: Date | null;

  /**
   * When names, e-mail, phone and notes were replaced (account deletion, erasure, retention); the
   * destination, dates and status stay for statistics.
   */
  @Column({ type: 'datetime', nullable: true })
  anonymised_at: Date | null;

  /** The open lead this one repeats (same e-mail, or same phone digits): shown on it as a repeat request. */
  @Index('IDX_leads_duplicate_of')
  @Column({ type: 'int', nullable: true })
  duplicate_of: number | null;

  /** After a merge: the lead this one was merged into (its notes, tasks and history moved there). */
  @Column({ type: 'int', nullable: true })
  merged_into: number | null;

  /** When the agency was told this lead waited past LEAD_SLA_MINUTES still `new` (once). */
  @Column({ type: 'datetime', nullable: true })
  sla_notified_at: Date | null;

  /** The follow-up sequence: the day of the last template sent (null: none yet). */
  @Column({ type: 'int', nullable: true })
  follow_up_day: number | null;
}
