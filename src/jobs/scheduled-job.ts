import { Type } from '@nestjs/common';

/** A run is over long before this; should an instance die mid-run, the job waits this long at most. */
export const DEFAULT_LEASE_MS = 5 * 60_000;

/** The public methods of `T` that can be called without arguments. */
type JobMethod<T> = { [K in keyof T]: T[K] extends () => unknown ? K : never }[keyof T] & string;

/** One scheduled job, as the registry (src/job-registry.ts) declares it. */
export interface ScheduledJob {
  /** Its name in SchedulerRegistry, the logs and the README, and its lease's key. */
  name: string;
  /** A cron expression (seconds first, as @nestjs/schedule's CronExpression), or a period in milliseconds. */
  schedule: string | number;
  /**
   * Set: each tick runs once across every instance, under a lease this long (JobLeaseService), in the
   * background lane of the write queue. null: every instance runs it on its own (work on its own memory).
   */
  leaseMs: number | null;
  /** The provider (found anywhere in the app) and its method a run calls, with no arguments. */
  handler: readonly [Type<object>, string];
  description: string;
}

/** Declares one job; typed so that the handler's method exists on its class and takes no arguments. */
export function scheduledJob<T extends object>(
  job: Omit<ScheduledJob, 'handler'> & { handler: readonly [Type<T>, JobMethod<T>] },
): ScheduledJob {
  return job;
}
