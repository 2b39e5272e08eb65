import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobLease } from './entities/job-lease.entity';
import { JobLeaseService } from './job-lease.service';
import { JobLeasesRepository } from './job-leases.repository';

/** Leases that make scheduled jobs run once across the fleet (see @FleetCron). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([JobLease])],
  providers: [JobLeasesRepository, JobLeaseService],
  exports: [JobLeaseService],
})
export class JobsModule {}
