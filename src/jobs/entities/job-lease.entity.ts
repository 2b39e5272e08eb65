import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Who runs a scheduled job now, and until when (the lease of a fleet without Redis). */
@Entity('job_leases')
export class JobLease {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  holder: string;

  @Column({ type: 'datetime' })
  expires_at: Date;
}
