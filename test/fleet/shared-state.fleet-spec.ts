import { randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Destination } from '../../src/catalogue/entities/destination.entity';
import { JobLeaseService } from '../../src/jobs/job-lease.service';
import { RedisService } from '../../src/redis/redis.service';
import { bootTestApp, TestApp } from '../support/test-app';
import { FLEET_REDIS_URL } from './support/fleet';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A stand-in weather provider that counts the forecasts it was asked for. */
async function countingProvider(): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((_req, res) => {
    hits += 1;
    const daily = { time: ['2030-01-01'], weather_code: [0], temperature_2m_max: [30], temperature_2m_min: [22] };
    const current = { time: '2030-01-01T10:00', temperature_2m: 28, apparent_temperature: 30 };
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ current: { ...current, relative_humidity_2m: 70, weather_code: 1, is_day: 1 }, daily }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** With REDIS_URL, two app instances share job leases and weather forecasts. */
describe('shared state in Redis, two instances', () => {
  let one: TestApp;
  let two: TestApp;
  let provider: Awaited<ReturnType<typeof countingProvider>>;
  beforeAll(async () => {
    provider = await countingProvider();
    const env = {
      REDIS_URL: FLEET_REDIS_URL,
      REDIS_PREFIX: `shared-test:${randomBytes(4).toString('hex')}:`,
      WEATHER_API_URL: provider.url,
    };
    one = await bootTestApp(env);
    two = await bootTestApp(env);
  }, 60_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await provider?.close();
  });

  it('asks the weather provider once for a place both instances serve', async () => {
    // Each instance has its own database here: the same destination in both.
    const ids = await Promise.all(
      [one, two].map(async (t) => {
        const repo = t.dataSource.getRepository(Destination);
        const d = await repo.save(
          repo.create({ name: 'Cancún', location: 'México', latitude: 21.16, longitude: -86.85 }),
        );
        return d.id;
      }),
    );
    const first = await one.http().get(`/api/destinations/${ids[0]}/weather/`);
    expect(first.status).toBe(200);
    const second = await two.http().get(`/api/destinations/${ids[1]}/weather/`);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(provider.hits()).toBe(1);
  });

  it('runs a job on one instance when both start it together', async () => {
    let runs = 0;
    const job = async () => {
      runs += 1;
      await sleep(300);
      return 'ran';
    };
    const results = await Promise.all([
      one.app.get(JobLeaseService).runExclusive('shared-job', 60_000, job),
      two.app.get(JobLeaseService).runExclusive('shared-job', 60_000, job),
    ]);
    expect(results.filter((r) => r === 'ran')).toHaveLength(1);
    expect(runs).toBe(1);
    expect(await two.app.get(JobLeaseService).runExclusive('shared-job', 60_000, job)).toBe('ran');
  });

  it('expires the lease of an instance that died mid-run', async () => {
    const redis = one.app.get(RedisService);
    await redis.client.set('lease:orphan', 'dead-instance', 'PX', 300);
    expect(await two.app.get(JobLeaseService).runExclusive('orphan', 60_000, async () => 'ran')).toBeUndefined();
    await sleep(400);
    expect(await two.app.get(JobLeaseService).runExclusive('orphan', 60_000, async () => 'ran')).toBe('ran');
  });
});
