import type { Metric, Registry } from 'prom-client';

/** The buckets of http_request_duration_seconds (upper bounds, seconds). */
export const REQUEST_DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface Answered {
  readonly labels: { method: string; route: string; status: string };
  count: number;
}

interface Timed {
  readonly labels: { method: string; route: string };
  /** Observations per bucket (not cumulative); one past the last bound counts only in +Inf. */
  readonly perBucket: Float64Array;
  count: number;
  sum: number;
}

type Value = { value: number; labels: Record<string, string | number>; metricName?: string; exemplar?: null };

/**
 * `http_requests_total` (method, route, status) and `http_request_duration_seconds` (method, route),
 * kept per series in plain numbers and turned into prom-client's values only when scraped.
 *
 * Every answer is counted here, the cached catalogue reads included, where an answer costs the app
 * a few microseconds in all: prom-client's own `Counter.inc` and `Histogram.observe` check and hash
 * the labels object at every call (1.6 µs per answer together, about 4% of a cached read's CPU in a
 * profile of the catalogue benchmark). Here an answer costs one string key, two Map lookups and a
 * few additions. The registry reads these two as it reads its own metrics (`get()`, `reset()`),
 * and the text it writes is prom-client's own: a unit test compares both, series by series.
 */
export class RequestSeries {
  private readonly answered = new Map<string, Answered>();
  private readonly timed = new Map<string, Timed>();

  constructor(registry: Registry) {
    const answered = this.answered;
    const timed = this.timed;
    const counter = {
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      type: 'counter',
      aggregator: 'sum',
      get: () => ({
        name: counter.name,
        help: counter.help,
        type: counter.type,
        aggregator: counter.aggregator,
        values: [...answered.values()].map((s): Value => ({ value: s.count, labels: { ...s.labels } })),
      }),
      reset: () => answered.clear(),
    };
    const histogram = {
      name: 'http_request_duration_seconds',
      help: 'Time from a request’s arrival to the end of its answer, by method and route pattern.',
      type: 'histogram',
      aggregator: 'sum',
      get: () => ({
        name: histogram.name,
        help: histogram.help,
        type: histogram.type,
        aggregator: histogram.aggregator,
        values: [...timed.values()].flatMap((s) => histogramValues(histogram.name, s)),
      }),
      reset: () => timed.clear(),
    };
    // The registry calls get() and reset() on what it holds; prom-client's types name only its classes.
    registry.registerMetric(counter as unknown as Metric);
    registry.registerMetric(histogram as unknown as Metric);
  }

  /** One answered request: `route` is the route's pattern, never its values (the series stay bounded). */
  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route}`;
    const statusKey = `${key} ${status}`;
    let answered = this.answered.get(statusKey);
    if (!answered) {
      answered = { labels: { method, route, status: String(status) }, count: 0 };
      this.answered.set(statusKey, answered);
    }
    answered.count += 1;
    if (!Number.isFinite(seconds)) return;
    let timed = this.timed.get(key);
    if (!timed) {
      timed = {
        labels: { method, route },
        perBucket: new Float64Array(REQUEST_DURATION_BUCKETS.length),
        count: 0,
        sum: 0,
      };
      this.timed.set(key, timed);
    }
    timed.count += 1;
    timed.sum += seconds;
    for (let i = 0; i < REQUEST_DURATION_BUCKETS.length; i++) {
      if (seconds <= REQUEST_DURATION_BUCKETS[i]) {
        timed.perBucket[i] += 1;
        break;
      }
    }
  }
}

/**
 * A histogram series as prom-client exports one: cumulative buckets with `le` first (and no exemplar),
 * +Inf, sum, count.
 */
function histogramValues(name: string, series: Timed): Value[] {
  const values: Value[] = [];
  let cumulative = 0;
  REQUEST_DURATION_BUCKETS.forEach((bound, i) => {
    cumulative += series.perBucket[i];
    values.push({
      value: cumulative,
      labels: { le: bound, ...series.labels },
      metricName: `${name}_bucket`,
      exemplar: null,
    });
  });
  values.push({
    value: series.count,
    labels: { le: '+Inf', ...series.labels },
    metricName: `${name}_bucket`,
    exemplar: null,
  });
  values.push({ value: series.sum, labels: { ...series.labels }, metricName: `${name}_sum` });
  values.push({ value: series.count, labels: { ...series.labels }, metricName: `${name}_count` });
  return values;
}
