// Load generation (autocannon; the bursts with raw-http.mjs) and exact percentiles from every response time.
import { fork } from 'node:child_process';
import { serverRuntime } from './runtime.mjs';
import { RawPool, requestBytes } from './raw-http.mjs';
import { createRequire } from 'node:module';
import { appendFileSync, readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

// autocannon keeps each response's body as a string (\`body += chunk\` in its pipelined-requests
// queue), which decodes every body as UTF-8: for the page, 18 KB of brotli bytes per response, an
// invalid-UTF-8 slow path. The generator, not the server, then set the page's rate: a bare node:http
// server answering the page's bytes did 3,400 requests/s at p99 29 ms, and 24,000 at p99 6 ms with a
// body of the same length in ASCII. No measurement here reads autocannon's bodies, so none is kept.
const { prototype: pendingRequests } = require('autocannon/lib/pipelinedRequestsQueue');
if (typeof pendingRequests.addBody !== 'function') {
  throw new Error(
    "autocannon's pipelined-requests queue has no addBody any more: see this patch in bench/lib/load.mjs",
  );
}
pendingRequests.addBody = () => {};

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
    times,
    statuses,
    ok2xx: count((s) => s >= 200 && s < 300),
    notModified: count((s) => s === 304),
    err5xx: count((s) => s >= 500),
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * Fetches one response so the ceiling server can answer exactly the same bytes and headers: the
 * bytes as sent (fetch would decompress a page sent with Content-Encoding, node:http does not).
 */
export function capture(url, headers = {}) {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const kept = {};
        for (const [k, v] of Object.entries(res.headers)) {
          if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(k)) kept[k] = v;
        }
        resolve({ status: res.statusCode, headers: kept, body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}

/** Starts the bare node:http "ceiling" server in its own process, answering `captured` to every request. */
export async function startCeiling(captured) {
  // On the measured app's runtime (runtime.mjs), so a ratio compares the app with bare node:http alone.
  const child = fork(join(new URL('.', import.meta.url).pathname, 'ceiling-server.mjs'), [], {
    execPath: serverRuntime().execPath,
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

let visitors = 0;

/**
 * A visitor's address (10.0.0.1, 10.0.0.2, …), as a reverse proxy reports it in X-Forwarded-For.
 * Each burst starts again from 10.0.0.1: the n-th request of every burst comes from the same
 * visitor, so the heap check compares bursts holding the same per-address state (rate-limit
 * counters, kept for their window: 60 s and more, longer than the ten bursts) and sees what the app
 * retains per request, not one more set of visitors per burst.
 */
const visitorAddress = () => {
  const n = ++visitors;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/**
 * A burst of `bodies.length` POSTs over `connections` keep-alive connections that are all open
 * before the clock starts (a GET of `warmPath` on each), `connections` requests in flight at any
 * time, each from its own visitor address. Each time runs from handing the request to the
 * connection to the end of the answer, so it is the app's latency under that load, not the load
 * generator's start-up: with autocannon, whose first request on each of its 100 new connections
 * waits for the generator to set the others up, a bare node:http server that spends 0.2 ms per
 * request measured p99 280–340 ms.
 */
let phones = 0;
/**
 * A phone number of its own for each bench visitor, as real visitors have: with one number for all,
 * every lead was a repeat request of the first (one more event each), and the intake's lookup of
 * the open leads with that number read a longer run of the phone index at every burst.
 */
export const visitorPhone = () => String(5_550_000_000 + (phones += 1));

/** CPU time (user + system, ms) a process has used so far, from /proc; null where there is no /proc. */
export function processCpuMs(pid) {
  try {
    // Fields 14 and 15 (utime, stime) in clock ticks; the name in field 2 may hold spaces, so count after it.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * Waits until the database server's process has been quiet (under 10% of a core in two 250 ms
 * windows in a row), 15 s at most, and logs how long that took; resolves to the time waited (ms), or
 * null when its process is not on this machine. A suite's first burst then measures its own work, not the server's
 * background writes after the suite before, if there are any (a code-request burst after the lead
 * suite once cost the server 0.55 ms of CPU per request against 0.16–0.22 ms otherwise; in the runs
 * since, the server was always quiet within the minimum 0.5 s).
 */
export async function settleDatabase(dbPid, log, { quietShare = 0.1, windowMs = 250, maxMs = 15_000 } = {}) {
  if (!dbPid || processCpuMs(dbPid) === null) return null;
  const started = performance.now();
  let quiet = 0;
  while (quiet < 2 && performance.now() - started < maxMs) {
    const before = processCpuMs(dbPid);
    await new Promise((r) => setTimeout(r, windowMs));
    quiet = processCpuMs(dbPid) - before <= quietShare * windowMs ? quiet + 1 : 0;
  }
  const waited = Math.round(performance.now() - started);
  log(`  the database server was ${quiet < 2 ? 'still busy' : 'quiet'} after ${waited} ms`);
  return waited;
}

/**
 * `appPid`: the measured app's process, whose CPU time over the burst is reported per request
 * (`appCpuMsPerRequest`; /proc counts in 10 ms ticks, so it is meant for bursts of a second or more).
 * `dbPid`: the database server's process when it runs on this machine (`dbCpuMsPerRequest`).
 */
function printTimeline(path, timeline) {
  const slices = new Map();
  for (const [start, ms] of timeline) {
    const k = Math.floor(start / 100);
    slices.set(k, [...(slices.get(k) ?? []), ms]);
  }
  const line = [...slices]
    .sort((a, b) => a[0] - b[0])
    .map(([k, ms]) => `${k * 100}ms:${ms.length}×${round(percentile(ms, 50), 0)}/${round(Math.max(...ms), 0)}`);
  console.error(`    timeline ${path} (start slice: requests × p50/max ms) ${line.join(' ')}`);
}

export async function burst({
  url,
  path,
  bodies,
  connections = 100,
  headers = {},
  warmPath = '/api/health',
  onResponse,
  appPid,
  dbPid,
  readerPath,
  localAddresses,
}) {
  visitors = 0;
  // With localAddresses, each request goes from one of these loopback addresses (connections of its
  // own per address, `connections` in flight in all) instead of naming its visitor in
  // X-Forwarded-For: the app then sees each address as the client, as it would without a proxy.
  const pool = new RawPool(url);
  const host = new URL(url).host;
  // Each request is another visitor (the app runs with TRUST_PROXY, as behind its proxy): 1,000
  // visitors of a flash sale come from 1,000 addresses, not one. Every request's bytes are built
  // before the clock starts.
  const requests = bodies.map((body) =>
    requestBytes(
      'POST',
      path,
      host,
      {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(localAddresses ? {} : { 'x-forwarded-for': visitorAddress() }),
        ...headers,
      },
      body,
    ),
  );
  const from = (index) => localAddresses?.[index % localAddresses.length];
  const times = [];
  const statuses = {};
  let errors = 0;
  try {
    if (!localAddresses) await pool.open(connections, requestBytes('GET', warmPath, host, {}));
    const reader = readerPath ? startReader(url, readerPath) : null;
    let next = 0;
    const cpuBefore = appPid ? processCpuMs(appPid) : null;
    const dbBefore = dbPid ? processCpuMs(dbPid) : null;
    const selfBefore = process.cpuUsage();
    const started = performance.now();
    // BENCH_APP_LOG: the burst's start and end among the app's own lines (with --trace-gc: which
    // collections fell inside it).
    const mark = (what) => process.env.BENCH_APP_LOG && appendFileSync(process.env.BENCH_APP_LOG, `--- ${what}\n`);
    mark(`burst ${path} x ${bodies.length} start`);
    // BENCH_TIMELINE=1: prints each 100 ms of the burst's start times with the latencies of the
    // requests started in it (who waits: the early requests or the late ones).
    const timeline = process.env.BENCH_TIMELINE ? [] : null;
    const worker = async () => {
      while (next < bodies.length) {
        const index = next++;
        const t = performance.now();
        try {
          const { status, body } = await pool.request(requests[index], from(index));
          times.push(performance.now() - t);
          timeline?.push([t - started, performance.now() - t]);
          statuses[status] = (statuses[status] ?? 0) + 1;
          // The body is decoded only for a refused request (its message); a 2xx's is never read.
          onResponse?.(status, status >= 300 ? body.toString('utf8') : '', index);
        } catch {
          errors += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    const seconds = (performance.now() - started) / 1000;
    mark('burst end');
    const self = process.cpuUsage(selfBefore);
    if (timeline) printTimeline(path, timeline);
    const reads = reader ? await reader.stop() : null;
    const median = percentile(times, 50);
    const cpuAfter = cpuBefore === null ? null : processCpuMs(appPid);
    const dbAfter = dbBefore === null ? null : processCpuMs(dbPid);
    const count = (pred) => Object.entries(statuses).reduce((n, [s, c]) => (pred(Number(s)) ? n + c : n), 0);
    return {
      reqPerSec: round(times.length / seconds, 0),
      p50: round(percentile(times, 50), 2),
      p95: round(percentile(times, 95), 2),
      p99: round(percentile(times, 99), 2),
      max: round(Math.max(...times), 2),
      // Requests that waited over 4× the median, and by how much the worst of them exceeded that.
      slow: times.filter((t) => t > 4 * median).length,
      slowExcessMs: round(Math.max(0, ...times.map((t) => t - 4 * median)), 1),
      reader: reads,
      responses: times.length,
      statuses,
      ok2xx: count((s) => s >= 200 && s < 300),
      err5xx: count((s) => s >= 500),
      errors,
      appCpuMsPerRequest: cpuAfter === null ? null : round((cpuAfter - cpuBefore) / Math.max(1, times.length), 3),
      dbCpuMsPerRequest: dbAfter === null ? null : round((dbAfter - dbBefore) / Math.max(1, times.length), 3),
      // This process's own CPU (the load generator and the reader), which shares the machine's cores.
      loadCpuMsPerRequest: round((self.user + self.system) / 1000 / Math.max(1, times.length), 3),
      loadUserMsPerRequest: round(self.user / 1000 / Math.max(1, times.length), 3),
    };
  } finally {
    pool.close();
  }
}

let generatorWarm = false;

/**
 * The load generator's own warm-up, once per bench process: bursts of POSTs, with a reader, against
 * a bare node:http server (never the app, whose first burst stays its first). Cold, the generator
 * spent 0.23 ms of its own CPU per request during the first lead burst against 0.05–0.11 ms in the
 * later ones (user time, 2026-11-29): its code was being compiled on the cores the app needed, so
 * every suite's first burst was measured against a slower generator than its later ones.
 */
export async function warmLoadGenerator() {
  if (generatorWarm) return;
  generatorWarm = true;
  const answer = JSON.stringify({ id: 1, first_name: 'Bench', last_name: 'Visitor', status: 'new' });
  const ceiling = await startCeiling({
    status: 201,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(answer),
  });
  try {
    for (let round = 0; round < 4; round += 1)
      await burst({
        url: ceiling.url,
        path: '/api/leads/',
        readerPath: '/api/destinations/1/',
        bodies: Array.from({ length: 1000 }, (_, i) =>
          JSON.stringify({ first_name: 'Bench', email: `warm${round}-${i}@bench.example`, phone: '5550000000' }),
        ),
        onResponse: () => undefined,
      });
  } finally {
    await ceiling.stop();
  }
}

/**
 * A visitor reading the catalogue during a burst: GETs of `path` one after another (5 ms apart) on a
 * connection of its own; `stop()` resolves to their latency figures.
 */
export function startReader(url, path) {
  const { Pool } = require('undici');
  const pool = new Pool(url, { connections: 1, keepAliveTimeout: 60_000 });
  const times = [];
  let failed = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const t = performance.now();
      try {
        const res = await pool.request({ method: 'GET', path });
        await res.body.dump();
        if (res.statusCode !== 200) failed += 1;
        times.push(performance.now() - t);
      } catch {
        failed += 1;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await pool.close();
      return {
        gets: times.length,
        failed,
        p50: round(percentile(times, 50), 2),
        p99: round(percentile(times, 99), 2),
        max: round(Math.max(0, ...times), 2),
      };
    },
  };
}

/** The measured app's heap after a full GC (the app runs with --expose-gc and BENCH_HEAP=1), in MB. */
export async function heapAfterGc(baseUrl) {
  const res = await fetch(`${baseUrl}/api/health`, { headers: { 'x-bench-heap': '1' } });
  await res.arrayBuffer();
  const bytes = Number(res.headers.get('x-bench-heap'));
  return Number.isFinite(bytes) && bytes > 0 ? round(bytes / 2 ** 20, 1) : null;
}

/** One burst's figures in a line: p50/p99/max, requests over 4× the median, the reader's GETs. */
export const burstNote = (m) =>
  `p50 ${m.p50} / p99 ${m.p99} / max ${m.max} ms, ${m.slow} over 4× the median` +
  (m.slow ? ` (by ≤ ${m.slowExcessMs} ms)` : '') +
  `, ${m.reqPerSec} req/s` +
  (m.reader ? `; reader GET p99 ${m.reader.p99} ms (max ${m.reader.max}, ${m.reader.gets} GETs)` : '');

/**
 * Bursts of other visitors, unmeasured, until the app's rate settles: the JavaScript engine optimises
 * the code of a route only after it has run many times (here the first 1,000 leads took about twice
 * the CPU of the fourth 1,000), so a server that has taken orders for a while is measured, not one
 * still compiling. `round(i)` runs warm-up burst i and resolves to its load figures. Stops once a
 * burst's rate is within `tolerance` of the one before (after at least `min`), or after `max`.
 * Resolves to every warm-up burst's figures; the first one is the server's first burst of that kind.
 */
export async function warmUntilSteady(round, { min = 3, max = 8, tolerance = 0.05 } = {}) {
  const rounds = [];
  for (let i = 0; i < max; i += 1) {
    rounds.push(await round(i));
    const [before, last] = rounds.slice(-2).map((r) => r.reqPerSec);
    if (rounds.length >= min && Math.abs(last - before) <= tolerance * before) break;
  }
  return rounds;
}

/**
 * The app's CPU time per request over the burst, the database server's when it runs here, and the
 * load generator's own (this process), all three on the same cores.
 */
export const cpuNote = (m) =>
  (m.appCpuMsPerRequest == null ? '' : `; app CPU ${m.appCpuMsPerRequest} ms per request`) +
  (m.dbCpuMsPerRequest == null ? '' : `, database server CPU ${m.dbCpuMsPerRequest} ms`) +
  (m.appCpuMsPerRequest == null || m.loadCpuMsPerRequest == null ? '' : `, load generator ${m.loadCpuMsPerRequest} ms`);

/** For information: the first of the warm-up bursts, a server's first burst of that kind. */
export const firstBurstRow = (id, warm, count) => {
  const [first] = warm;
  return {
    id: `${id}, first burst`,
    target: `information: the first of ${warm.length} unmeasured warm-up bursts of ${count} (the figure above follows them)`,
    measured: `p99 ${first.p99} ms (p50 ${first.p50}), ${first.reqPerSec} req/s${cpuNote(first)}; warm-up rates ${warm.map((w) => w.reqPerSec).join(', ')} req/s`,
    pass: null,
  };
};
