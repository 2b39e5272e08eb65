import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { CatalogueCacheService } from '../src/catalogue/catalogue-cache.service';
import { Destination } from '../src/catalogue/entities/destination.entity';
import { WeatherService } from '../src/weather/weather.service';
import { bootTestApp, TestApp } from './support/test-app';

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

/** A stand-in for Open-Meteo on a random loopback port; each test decides how it answers. */
class StubProvider {
  hits: URL[] = [];
  handler: Handler = (_req, res) => res.writeHead(500).end();
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://stub');
      this.hits.push(url);
      this.handler(req, res, url);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  hitsFor(latitude: number): number {
    return this.hits.filter((u) => Number(u.searchParams.get('latitude')) === latitude).length;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const forecast = (overrides: { current?: Record<string, unknown>; daily?: Record<string, unknown> } = {}) => ({
  latitude: 18.56,
  longitude: -68.37,
  timezone: 'America/Santo_Domingo',
  current: {
    time: '2026-11-22T10:00',
    temperature_2m: 28.44,
    apparent_temperature: 31.16,
    relative_humidity_2m: 74.4,
    weather_code: 2,
    is_day: 1,
    ...overrides.current,
  },
  daily: {
    time: ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'],
    weather_code: [0, 61, 95, 3, 45],
    temperature_2m_max: [30.1, 29.4, 28, 29.9, 30.5],
    temperature_2m_min: [23.4, 23, 22.8, 23.1, 24],
    ...overrides.daily,
  },
});

const json = (body: unknown) => (_req: IncomingMessage, res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe('destination weather', () => {
  const stub = new StubProvider();
  let t: TestApp;
  let latitude = 10;

  /** Each test gets its own place, so cached forecasts and failure pauses never leak between tests. */
  const place = async (values: Partial<Destination> = {}) => {
    latitude += 1;
    const repo = t.dataSource.getRepository(Destination);
    const saved = await repo.save(
      repo.create({
        name: `Destino ${latitude}`,
        location: 'Caribe',
        description: 'Sol.',
        latitude,
        longitude: -68.3725,
        status: 'active',
        ...values,
      }),
    );
    // As after an admin write: the public catalogue is cached.
    t.app.get(CatalogueCacheService).invalidate();
    return saved;
  };
  const weatherOf = (d: Destination) => t.http().get(`/api/destinations/${d.id}/weather/`);

  beforeAll(async () => {
    await stub.start();
    t = await bootTestApp({ WEATHER_API_URL: stub.url, WEATHER_TIMEOUT_MS: '300' });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });
  afterEach(() => jest.restoreAllMocks());

  it('maps the provider forecast to current_weather and a 5-day forecast with icon codes', async () => {
    stub.handler = json(forecast());
    const d = await place();
    const res = await weatherOf(d);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toEqual({
      current_weather: { temperature: 28.4, feels_like: 31.2, humidity: 74, weather_icon: '03d' },
      forecast: [
        { date: '2026-11-22', weather_icon: '01d', temperature_max: 30.1, temperature_min: 23.4 },
        { date: '2026-11-23', weather_icon: '10d', temperature_max: 29.4, temperature_min: 23 },
        { date: '2026-11-24', weather_icon: '11d', temperature_max: 28, temperature_min: 22.8 },
        { date: '2026-11-25', weather_icon: '04d', temperature_max: 29.9, temperature_min: 23.1 },
        { date: '2026-11-26', weather_icon: '50d', temperature_max: 30.5, temperature_min: 24 },
      ],
    });
    const asked = stub.hits.at(-1)!;
    expect(asked.pathname).toBe('/v1/forecast');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      latitude: String(d.latitude),
      longitude: '-68.3725',
      current: 'temperature_2m,apparent_temperature,relative_humidity_2m,weather_code,is_day',
      daily: 'weather_code,temperature_2m_max,temperature_2m_min',
      timezone: 'auto',
      forecast_days: '5',
    });
  });

  it('answers with and without the trailing slash', async () => {
    stub.handler = json(forecast());
    const d = await place();
    expect((await t.http().get(`/api/destinations/${d.id}/weather`)).status).toBe(200);
    expect((await weatherOf(d)).status).toBe(200);
  });

  it('uses the night icon when the provider says it is night, and skips days without data', async () => {
    stub.handler = json(
      forecast({
        current: { weather_code: 0, is_day: 0 },
        daily: {
          time: ['2026-11-22', '2026-11-23'],
          weather_code: [1, null],
          temperature_2m_max: [30, null],
          temperature_2m_min: [22, null],
        },
      }),
    );
    const res = await weatherOf(await place());
    expect(res.status).toBe(200);
    expect(res.body.current_weather.weather_icon).toBe('01n');
    expect(res.body.forecast).toEqual([
      { date: '2026-11-22', weather_icon: '02d', temperature_max: 30, temperature_min: 22 },
    ]);
  });

  it('serves a cached forecast without asking the provider again', async () => {
    stub.handler = json(forecast());
    const d = await place();
    const first = await weatherOf(d);
    const second = await weatherOf(d);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(stub.hitsFor(d.latitude!)).toBe(1);
  });

  it('asks the provider once when many visitors arrive together', async () => {
    stub.handler = (req, res) => setTimeout(() => json(forecast())(req, res), 100);
    const d = await place();
    const answers = await Promise.all(Array.from({ length: 6 }, () => weatherOf(d)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(stub.hitsFor(d.latitude!)).toBe(1);
  });

  it('answers a quick JSON 503 when the provider fails with a 500', async () => {
    stub.handler = (_req, res) =>
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":true,"reason":"boom"}');
    const res = await weatherOf(await place());
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['cache-control'] ?? '').not.toContain('max-age=300');
    expect(res.body).toEqual({
      statusCode: 503,
      error: 'Weather is temporarily unavailable.',
      message: 'Weather is temporarily unavailable.',
    });
  });

  it('gives up on a slow provider at the time-out and answers 503, then answers at once while it recovers', async () => {
    stub.handler = (req, res) => setTimeout(() => json(forecast())(req, res), 1500);
    const d = await place();
    let started = Date.now();
    const res = await weatherOf(d);
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('Weather is temporarily unavailable.');
    expect(Date.now() - started).toBeLessThan(1200);

    started = Date.now();
    const again = await weatherOf(d);
    expect(again.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(150);
    expect(stub.hitsFor(d.latitude!)).toBe(1);
  });

  it.each([
    [
      'malformed JSON',
      (_req: IncomingMessage, res: ServerResponse) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"current": {'),
    ],
    [
      'an HTML page',
      (_req: IncomingMessage, res: ServerResponse) =>
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>'),
    ],
    ['JSON of another shape', json({ hello: 'world' })],
    ['a forecast with text temperatures', json(forecast({ current: { temperature_2m: 'hot' } }))],
    [
      'an empty daily forecast',
      json(forecast({ daily: { time: [], weather_code: [], temperature_2m_max: [], temperature_2m_min: [] } })),
    ],
  ])('answers 503 (never 500) when the provider sends %s', async (_what, handler) => {
    stub.handler = handler;
    const res = await weatherOf(await place());
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ statusCode: 503, error: 'Weather is temporarily unavailable.' });
  });

  it('answers 503 when the provider cannot be reached at all', async () => {
    const closed = await bootTestApp({ WEATHER_API_URL: 'http://127.0.0.1:9', WEATHER_TIMEOUT_MS: '300' });
    try {
      const repo = closed.dataSource.getRepository(Destination);
      const d = await repo.save(
        repo.create({ name: 'Cancún', location: 'México', latitude: 21.16, longitude: -86.85 }),
      );
      const res = await closed.http().get(`/api/destinations/${d.id}/weather/`);
      expect(res.status).toBe(503);
      expect(res.body.error).toBe('Weather is temporarily unavailable.');
    } finally {
      await closed.close();
    }
  });

  it('serves the last good forecast when the provider fails after it expired', async () => {
    stub.handler = json(forecast());
    const d = await place();
    const good = await weatherOf(d);
    stub.handler = (_req, res) => res.writeHead(502).end();
    const later = Date.now() + 31 * 60_000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    const res = await weatherOf(d);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(good.body);
    expect(stub.hitsFor(d.latitude!)).toBe(2);
  });

  it('stops serving a forecast that is many hours old when the provider keeps failing', async () => {
    stub.handler = json(forecast());
    const d = await place();
    await weatherOf(d);
    stub.handler = (_req, res) => res.writeHead(502).end();
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 7 * 60 * 60_000);
    expect((await weatherOf(d)).status).toBe(503);
  });

  it('refreshes the forecasts of known places in the background', async () => {
    stub.handler = json(forecast());
    const d = await place();
    await weatherOf(d);
    stub.handler = json(forecast({ current: { temperature_2m: 19.96 } }));
    const weather = t.app.get(WeatherService);
    await weather.refreshKnown();
    expect(stub.hitsFor(d.latitude!)).toBe(1);

    const later = Date.now() + 21 * 60_000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    await weather.refreshKnown();
    expect(stub.hitsFor(d.latitude!)).toBe(2);
    const res = await weatherOf(d);
    expect(res.body.current_weather.temperature).toBe(20);
    expect(stub.hitsFor(d.latitude!)).toBe(2);
  });

  it('answers 404 for an unknown or inactive destination and 400 for a malformed id', async () => {
    const hits = stub.hits.length;
    const unknown = await t.http().get('/api/destinations/987654/weather/');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      statusCode: 404,
      error: 'Destination not found.',
      message: 'Destination not found.',
    });
    const inactive = await weatherOf(await place({ status: 'inactive' }));
    expect(inactive.status).toBe(404);
    for (const id of ['abc', '-3', '0', '1.5', '99999999999']) {
      const res = await t.http().get(`/api/destinations/${id}/weather/`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid id.');
    }
    expect(stub.hits.length).toBe(hits);
  });

  it('answers 404 with a clear message for a destination without coordinates', async () => {
    const res = await weatherOf(await place({ latitude: null, longitude: null }));
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Weather is not available for this destination.');
  });
});
