import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobLease } from './entities/job-lease.entity';
import { JobLeaseService } from './job-lease.service';
import { JobLeasesRepository } from './job-leases.repository';
import { JobsScheduler, SCHEDULED_JOBS } from './jobs-scheduler.service';
import { ScheduledJob } from './scheduled-job';

/**
 * The scheduled jobs: `forRoot(jobs)` schedules the registry's list (src/job-registry.ts) with
 * JobsScheduler, and the leases make a leased job run once across the fleet.
 */
@Module({})
export class JobsModule {
  static forRoot(jobs: readonly ScheduledJob[]): DynamicModule {
    return {
      module: JobsModule,
      global: true,
      imports: [TypeOrmModule.forFeature([JobLease])],
      providers: [JobLeasesRepository, JobLeaseService, { provide: SCHEDULED_JOBS, useValue: jobs }, JobsScheduler],
      exports: [JobLeaseService, JobsScheduler],
    };
  }
}
