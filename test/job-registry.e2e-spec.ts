import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SchedulerRegistry } from '@nestjs/schedule';
import { JOBS } from '../src/job-registry';
import { JobLease } from '../src/jobs/entities/job-lease.entity';
import { JobsScheduler } from '../src/jobs/jobs-scheduler.service';
import { ScheduledJob } from '../src/jobs/scheduled-job';
import { bootTestApp, TestApp } from './support/test-app';

const ROOT = join(__dirname, '..');
/** The one file that may schedule anything in src/. */
const SCHEDULER_FILE = 'src/jobs/jobs-scheduler.service.ts';

const isCron = (job: ScheduledJob): job is ScheduledJob & { schedule: string } => typeof job.schedule === 'string';

/** A job's schedule as the README's table starts its cell: the cron expression, or the period. */
function scheduleCell(job: ScheduledJob): string {
  if (isCron(job)) return `\`${job.schedule}\``;
  const ms = job.schedule as number;
  return ms % 60_000 === 0 ? `every ${ms / 60_000} min` : `every ${ms / 1000} s`;
}

const leaseCell = (job: ScheduledJob) => (job.leaseMs === null ? 'per instance' : `${job.leaseMs / 60_000} min`);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.(spec|d)\.ts$/.test(name) ? [path] : [];
  });
}

/** The rows of README.md's jobs table (between its markers): name, schedule and lease cells. */
function readmeJobRows(): { name: string; schedule: string; lease: string }[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const table = /<!-- jobs:start -->([\s\S]*?)<!-- jobs:end -->/.exec(readme);
  if (!table) throw new Error('README.md has no jobs table between <!-- jobs:start --> and <!-- jobs:end -->');
  return table[1]
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [name, schedule, lease] = line
        .slice(1)
        .split('|')
        .map((cell) => cell.trim());
      return { name: name.replace(/`/g, ''), schedule, lease };
    });
}

describe('the job registry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('schedules every job of the registry, each with its schedule, and nothing else', () => {
    const scheduler = t.app.get(SchedulerRegistry);
    const crons = JOBS.filter(isCron);
    const intervals = JOBS.filter((job) => !isCron(job));
    expect([...scheduler.getCronJobs().keys()].sort()).toEqual(crons.map((job) => job.name).sort());
    expect([...scheduler.getIntervals()].sort()).toEqual(intervals.map((job) => job.name).sort());
    for (const job of crons) expect(scheduler.getCronJob(job.name).cronTime.source).toBe(job.schedule);
    for (const job of intervals) {
      // Node's Timeout keeps its period as _idleTimeout.
      expect((scheduler.getInterval(job.name) as { _idleTimeout: number })._idleTimeout).toBe(job.schedule);
    }
  });

  it('runs a job with a lease only under it, and a per-instance job on every instance', async () => {
    const jobs = t.app.get(JobsScheduler);
    const leases = t.dataSource.getRepository(JobLease);
    // Every job's lease held by another instance; the handlers replaced, so nothing really runs.
    await leases.save(
      JOBS.map((job) => ({ name: job.name, holder: 'another-instance', expires_at: new Date(Date.now() + 60_000) })),
    );
    const handlers = JOBS.map((job) => {
      const [type, method] = job.handler;
      const target = t.app.get(type, { strict: false }) as Record<string, () => Promise<unknown>>;
      return jest.spyOn(target, method).mockResolvedValue(`ran ${job.name}`);
    });
    try {
      for (const [i, job] of JOBS.entries()) {
        expect(await jobs.run(job.name)).toBe(job.leaseMs === null ? `ran ${job.name}` : undefined);
        expect(handlers[i]).toHaveBeenCalledTimes(job.leaseMs === null ? 1 : 0);
      }
      await leases.clear();
      for (const [i, job] of JOBS.entries()) {
        expect(await jobs.run(job.name)).toBe(`ran ${job.name}`);
        expect(handlers[i]).toHaveBeenCalledTimes(job.leaseMs === null ? 2 : 1);
      }
    } finally {
      handlers.forEach((handler) => handler.mockRestore());
      await leases.clear();
    }
  });

  it('leaves no schedule anywhere else in src/: no @Cron, @Interval, @Timeout, setInterval or CronJob', () => {
    const offenders = sourceFiles(join(ROOT, 'src'))
      .map((path) => relative(ROOT, path))
      .filter((file) => file !== SCHEDULER_FILE)
      .filter((file) =>
        /@(Cron|Interval|Timeout|FleetCron)\(|\bsetInterval\(|\bCronJob\b/.test(readFileSync(join(ROOT, file), 'utf8')),
      );
    expect(offenders).toEqual([]);
  });

  it("is what the README's jobs table lists: each job's name, schedule and lease", () => {
    expect(readmeJobRows()).toEqual(
      JOBS.map((job) => ({
        name: job.name,
        schedule: expect.stringMatching(new RegExp(`^${scheduleCell(job).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)),
        lease: leaseCell(job),
      })),
    );
  });
});
