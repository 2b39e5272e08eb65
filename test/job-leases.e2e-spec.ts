import { JobLease } from '../src/jobs/entities/job-lease.entity';
import { JobLeaseService } from '../src/jobs/job-lease.service';
import { JobsScheduler } from '../src/jobs/jobs-scheduler.service';
import { bootTestApp, TestApp } from './support/test-app';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Without Redis, a scheduled job's run is leased through a job_leases row. */
describe('job leases in the database', () => {
  let t: TestApp;
  let leases: JobLeaseService;
  beforeAll(async () => {
    t = await bootTestApp();
    leases = t.app.get(JobLeaseService);
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs a job once when two runs start together, and again once the first is over', async () => {
    let runs = 0;
    const job = async () => {
      runs += 1;
      await sleep(200);
      return 'ran';
    };
    const results = await Promise.all([
      leases.runExclusive('test-job', 60_000, job),
      leases.runExclusive('test-job', 60_000, job),
    ]);
    expect(results.sort()).toEqual(['ran', undefined]);
    expect(runs).toBe(1);
    expect(await leases.runExclusive('test-job', 60_000, job)).toBe('ran');
    expect(runs).toBe(2);
  });

  it('lets another instance take a lease whose holder died (expired), but not a live one', async () => {
    const repo = t.dataSource.getRepository(JobLease);
    await repo.save({ name: 'dead-holder', holder: 'gone', expires_at: new Date(Date.now() + 60_000) });
    expect(await leases.runExclusive('dead-holder', 60_000, async () => 'ran')).toBeUndefined();
    await repo.update({ name: 'dead-holder' }, { expires_at: new Date(Date.now() - 1000) });
    expect(await leases.runExclusive('dead-holder', 60_000, async () => 'ran')).toBe('ran');
  });

  it('releases the lease when the job throws', async () => {
    await expect(
      leases.runExclusive('failing', 60_000, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await leases.runExclusive('failing', 60_000, async () => 'ran')).toBe('ran');
  });

  it('puts the scheduled jobs behind their lease', async () => {
    const jobs = t.app.get(JobsScheduler);
    await t.dataSource.getRepository(JobLease).save({
      name: 'purge-lead-verifications',
      holder: 'another-instance',
      expires_at: new Date(Date.now() + 60_000),
    });
    expect(await jobs.run('purge-lead-verifications')).toBeUndefined();
    await t.dataSource.getRepository(JobLease).delete({ name: 'purge-lead-verifications' });
    expect(await jobs.run('purge-lead-verifications')).toBe(0);
  });
});
