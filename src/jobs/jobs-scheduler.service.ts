import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { outsideWriteQueue } from '../database/transactions';
import { JobLeaseService } from './job-lease.service';
import { ScheduledJob } from './scheduled-job';

/** The registry's jobs (src/job-registry.ts), given to JobsModule.forRoot(). */
export const SCHEDULED_JOBS = Symbol('SCHEDULED_JOBS');

/**
 * Schedules the registry's jobs at start-up: a cron expression as a CronJob, a period as an interval,
 * both in @nestjs/schedule's SchedulerRegistry under the job's name (where tests stop them). A
 * scheduled run that throws is logged; the next tick runs again.
 */
@Injectable()
export class JobsScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private readonly runs = new Map<string, () => Promise<unknown>>();

  constructor(
    @Inject(SCHEDULED_JOBS) private readonly jobs: readonly ScheduledJob[],
    private readonly moduleRef: ModuleRef,
    private readonly scheduler: SchedulerRegistry,
    private readonly leases: JobLeaseService,
  ) {}

  onApplicationBootstrap(): void {
    for (const job of this.jobs) {
      if (this.runs.has(job.name)) throw new Error(`Two scheduled jobs are named ${job.name}`);
      this.runs.set(job.name, this.runner(job));
    }
    for (const job of this.jobs) {
      const tick = () => {
        this.run(job.name).catch((err: Error) => this.logger.error(`Job ${job.name} failed: ${err.stack ?? err}`));
      };
      if (typeof job.schedule === 'string') {
        this.scheduler.addCronJob(
          job.name,
          CronJob.from({ cronTime: job.schedule, onTick: tick, start: true, name: job.name }),
        );
      } else {
        const timer = setInterval(tick, job.schedule);
        // The schedule alone never keeps the process alive.
        timer.unref();
        this.scheduler.addInterval(job.name, timer);
      }
    }
  }

  onModuleDestroy(): void {
    for (const job of this.jobs) {
      if (typeof job.schedule === 'string') {
        if (this.scheduler.doesExist('cron', job.name)) this.scheduler.deleteCronJob(job.name);
      } else if (this.scheduler.doesExist('interval', job.name)) this.scheduler.deleteInterval(job.name);
    }
  }

  /**
   * Runs the job now as a tick does (under its lease when it has one): resolves to what its method
   * returns, or to undefined when another run holds the lease.
   */
  run<T = unknown>(name: string): Promise<T | undefined> {
    const run = this.runs.get(name);
    if (!run) return Promise.reject(new Error(`No scheduled job is named ${name}`));
    return run() as Promise<T | undefined>;
  }

  private runner(job: ScheduledJob): () => Promise<unknown> {
    const [type, method] = job.handler;
    const target = this.moduleRef.get(type, { strict: false }) as Record<string, () => unknown>;
    if (typeof target[method] !== 'function')
      throw new Error(`Job ${job.name}: ${type.name}.${method} is not a method`);
    const call = async () => target[method]();
    const leaseMs = job.leaseMs;
    if (leaseMs === null) return call;
    // A leased job's writes wait behind requests' writes (see outsideWriteQueue).
    return () => outsideWriteQueue(() => this.leases.runExclusive(job.name, leaseMs, call));
  }
}
