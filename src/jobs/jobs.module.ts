import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobLease } from './entities/job-lease.entity';
import { JobLeaseService } from './job-lease.service';

/** Leases that make scheduled jobs run once across the fleet (see @FleetCron). */
@Global()
@Module({ imports: [TypeOrmModule.forFeature([JobLease])], providers: [JobLeaseService], exports: [JobLeaseService] })
export class JobsModule {}
