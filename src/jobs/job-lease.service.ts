import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { JobLeasesRepository } from './job-leases.repository';

/** Deletes the lease only if this run still holds it (it may have expired and been taken). */
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Makes a scheduled job run once across every instance: each run first takes a lease (a Redis key
 * with an expiry when REDIS_URL is set, a row of job_leases otherwise) and instances that do not get
 * it skip that run. The lease expires by itself, so an instance that dies mid-run blocks the job
 * for at most `leaseMs`, and the next run picks up whatever it left.
 */
@Injectable()
export class JobLeaseService {
  private readonly logger = new Logger(JobLeaseService.name);

  constructor(
    private readonly redis: RedisService,
    private readonly leases: JobLeasesRepository,
  ) {}

  /** Runs `job` if this instance gets the lease of `name`; resolves to undefined when it did not. */
  async runExclusive<T>(name: string, leaseMs: number, job: () => Promise<T>): Promise<T | undefined> {
    const holder = randomUUID();
    let acquired: boolean;
    try {
      acquired = await this.acquire(name, holder, leaseMs);
    } catch (err) {
      this.logger.warn(`Job ${name} skipped: its lease could not be taken (${(err as Error).message})`);
      return undefined;
    }
    if (!acquired) return undefined;
    try {
      return await job();
    } finally {
      await this.release(name, holder).catch((err: Error) =>
        this.logger.warn(`Job ${name}: releasing its lease failed (it expires by itself): ${err.message}`),
      );
    }
  }

  private async acquire(name: string, holder: string, leaseMs: number): Promise<boolean> {
    if (this.redis.enabled) {
      return (await this.redis.client.set(`lease:${name}`, holder, 'PX', leaseMs, 'NX')) === 'OK';
    }
    const now = new Date();
    return this.leases.take(name, holder, new Date(now.getTime() + leaseMs), now);
  }

  private async release(name: string, holder: string): Promise<void> {
    if (this.redis.enabled) {
      await this.redis.client.eval(RELEASE_SCRIPT, 1, `lease:${name}`, holder);
      return;
    }
    await this.leases.giveBack(name, holder);
  }
}
