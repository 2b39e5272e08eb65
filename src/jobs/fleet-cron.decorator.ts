import { Inject } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { outsideWriteQueue } from '../database/transactions';
import { JobLeaseService } from './job-lease.service';

const LEASES = Symbol('jobLeases');
/** A run is over long before this; should an instance die mid-run, the job waits this long at most. */
export const DEFAULT_LEASE_MS = 5 * 60_000;

type Job = (...args: any[]) => Promise<unknown>;

/**
 * @Cron that runs once per tick across every instance: the run takes the job's lease first
 * (JobLeaseService) and an instance that does not get it skips the run (the call resolves to
 * undefined). Calling the method directly (tests, start-up) goes through the same lease.
 */
export function FleetCron(expression: string, name: string, leaseMs = DEFAULT_LEASE_MS) {
  return <T extends Job>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<T>): void => {
    // The lease service is injected as a property, so the services keep their constructors.
    Inject(JobLeaseService)(target, LEASES);
    const run = descriptor.value!;
    descriptor.value = function (this: Record<symbol, JobLeaseService | undefined>, ...args: unknown[]) {
      const leases = this[LEASES];
      if (!leases) return run.apply(this, args);
      // A scheduled job's writes wait behind requests' writes (see outsideWriteQueue).
      return outsideWriteQueue(() => leases.runExclusive(name, leaseMs, () => run.apply(this, args)));
    } as T;
    Cron(expression, { name })(target, key, descriptor);
  };
}
