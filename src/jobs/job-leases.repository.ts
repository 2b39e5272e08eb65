import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, LessThan } from 'typeorm';
import { isDuplicateKey } from '../database/db-errors';
import { serializeWrites } from '../database/transactions';
import { JobLease } from './entities/job-lease.entity';

/** The job_leases table (the leases' store without Redis): every query of it. */
@Injectable()
export class JobLeasesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Takes the lease of `name` for `holder` until `expiresAt` if nobody holds it now; true when taken. */
  take(name: string, holder: string, expiresAt: Date, now: Date): Promise<boolean> {
    return serializeWrites(this.dataSource, async () => {
      const repo = this.dataSource.getRepository(JobLease);
      const taken = await repo.update({ name, expires_at: LessThan(now) }, { holder, expires_at: expiresAt });
      if (taken.affected) return true;
      try {
        await repo.insert({ name, holder, expires_at: expiresAt });
        return true;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    });
  }

  /** Ends the lease if `holder` still holds it (it may have expired and been taken). */
  async giveBack(name: string, holder: string): Promise<void> {
    await serializeWrites(this.dataSource, () =>
      this.dataSource.getRepository(JobLease).update({ name, holder }, { expires_at: new Date(0) }),
    );
  }
}
