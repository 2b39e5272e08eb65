import { Counter, Histogram, Registry } from 'prom-client';
import { REQUEST_DURATION_BUCKETS, RequestSeries } from './request-series';

type Answer = [method: string, route: string, status: number, seconds: number];

/** The same two series kept by prom-client's own Counter and Histogram, as before RequestSeries. */
function promClientSeries(registry: Registry) {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request’s arrival to the end of its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [...REQUEST_DURATION_BUCKETS],
    registers: [registry],
  });
  return (method: string, route: string, status: number, seconds: number) => {
    requests.inc({ method, route, status: String(status) });
    durations.observe({ method, route }, seconds);
  };
}

const ANSWERS: Answer[] = [
  ['GET', '/api/destinations/:id', 200, 0.0004],
  ['GET', '/api/destinations/:id', 200, 0.002], // on a bound: counted in it (le is inclusive)
  ['GET', '/api/destinations/:id', 304, 0.0021],
  ['GET', '/api/travel-packs', 200, 0.7],
  ['POST', '/api/leads', 201, 0.049999],
  ['POST', '/api/leads', 429, 0.05],
  ['POST', '/api/leads', 503, 12.5], // past the last bound: only in +Inf, the count and the sum
  ['GET', 'unmatched', 404, 0.0001],
  ['GET', '/a "quoted" \\ route', 200, 0.01], // escaped as prom-client escapes label values
  ['GET', '/api/destinations/:id', 200, 3],
];

/** A registry with RequestSeries and one with prom-client's own metrics, both fed ANSWERS. */
function fedBoth() {
  const ours = new Registry();
  const theirs = new Registry();
  const series = new RequestSeries(ours);
  const reference = promClientSeries(theirs);
  const feed = (...answer: Answer) => {
    series.observe(...answer);
    reference(...answer);
  };
  for (const answer of ANSWERS) feed(...answer);
  return { ours, theirs, feed };
}

describe('RequestSeries', () => {
  it('writes the same exposition text as prom-client’s Counter and Histogram fed the same answers', async () => {
    const { ours, theirs } = fedBoth();
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    // The comparison is not of two empty outputs.
    expect(text).toContain('http_requests_total{method="POST",route="/api/leads",status="503"} 1');
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.002",method="GET",route="/api/destinations/:id"} 2',
    );
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/leads"} 3');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/destinations/:id"} 4');
  });

  it('answers the same JSON as prom-client, and starts again from nothing after a reset', async () => {
    const { ours, theirs, feed } = fedBoth();
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());

    ours.resetMetrics();
    theirs.resetMetrics();
    expect(await ours.metrics()).toBe(await theirs.metrics());
    feed('GET', '/api/travel-packs', 200, 0.003);
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('counts an answer whose duration is not a number without timing it', async () => {
    const registry = new Registry();
    const series = new RequestSeries(registry);
    series.observe('GET', '/api/health', 200, Number.NaN);
    const text = await registry.metrics();
    expect(text).toContain('http_requests_total{method="GET",route="/api/health",status="200"} 1');
    expect(text).not.toContain('http_request_duration_seconds_count{method="GET",route="/api/health"}');
  });
});
