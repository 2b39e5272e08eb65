// Load generation (autocannon) and exact percentiles from every response time.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

export function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

export const round = (n, digits = 1) =>
  n == null || !Number.isFinite(n) ? null : Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Runs autocannon and returns its result plus exact latency percentiles computed from every
 * response (autocannon's own histogram has no p95) and a count of responses per status.
 */
export async function load(opts) {
  const times = [];
  const statuses = {};
  const instance = autocannon({ timeout: 20, ...opts });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  const count = (pred) => Object.entries(statuses).reduce((n, [s, c]) => (pred(Number(s)) ? n + c : n), 0);
  return {
    result,
    reqPerSec: result.requests.average,
    p50: round(percentile(times, 50), 2),
    p95: round(percentile(times, 95), 2),
    p99: round(percentile(times, 99), 2),
    responses: times.length,
    statuses,
    ok2xx: count((s) => s >= 200 && s < 300),
    notModified: count((s) => s === 304),
    err5xx: count((s) => s >= 500),
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Fetches one response so the ceiling server can answer exactly the same bytes and headers. */
export async function capture(url, headers = {}) {
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  const kept = {};
  for (const [k, v] of res.headers) {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(k)) kept[k] = v;
  }
  return { status: res.status, headers: kept, body };
}

/** Starts the bare node:http "ceiling" server in its own process, answering `captured` to every request. */
export async function startCeiling(captured) {
  const child = fork(join(new URL('.', import.meta.url).pathname, 'ceiling-server.mjs'), [], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`ceiling server exited (${code})`)));
    child.send({ status: captured.status, headers: captured.headers, body: captured.body.toString('base64') });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}
