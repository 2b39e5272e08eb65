#!/usr/bin/env node
// A flash sale's first burst, traced request by request (see BENCHMARKS.md, "Who waits in the first burst").
//   node bench/trace-burst.mjs [--real-codes] [--preopen] [--leads=1000] [--json=out.json]
//   BENCH_DATABASE_URL=mysql://root@127.0.0.1:3306  runs it on a fresh MySQL/MariaDB database instead.
// A freshly started production server (node dist/src/main.js, demo catalogue, BENCH_TRACE=1); the burst's
// e-mails verified (directly in the database, or with --real-codes through the code endpoints and the
// codes their e-mails carried, 10 at a time); a 1.5 s pause; 50 leads 5 at a time; then the burst at
// 100 at a time, over new connections (--preopen: opened before the clock starts), while one reader
// GETs a destination in a loop. Prints, for the requests that waited longest, where their time went:
// the server's own timing points (arrival, the form lane's steps, the write queue or the database
// connection, the answer) beside the load generator's start and end.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { ensureBuilt, settlePictures, startApp } from './lib/app-process.mjs';
import { createBenchDatabase, insertVerifiedEmails, openDatabase } from './lib/db.mjs';
import { percentile, processCpuMs, round, visitorPhone } from './lib/load.mjs';
import { execFileSync } from 'node:child_process';

/** The local MySQL/MariaDB server's process (its CPU time is reported), if one runs here. */
const localDbPid = () => {
  try {
    return (
      Number(execFileSync('pidof', ['mariadbd', 'mysqld'], { encoding: 'utf8' }).trim().split(/\s+/)[0]) || undefined
    );
  } catch {
    return undefined;
  }
};
import { readCodes } from './suites/lead-codes.mjs';

const require = createRequire(import.meta.url);
const { Pool } = require('undici');
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const LEADS = Number(option('leads', 1000));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();

let visitors = 0;
const visitor = () => {
  const n = ++visitors;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** POSTs `bodies` `concurrency` at a time; one record per request (client start/end, status, server marks). */
async function post(pool, path, bodies, concurrency) {
  const records = [];
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const index = next++;
      const start = now();
      const rec = { index, start };
      records.push(rec);
      try {
        const res = await pool.request({
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': visitor() },
          body: bodies[index],
        });
        rec.body = await res.body.text();
        rec.status = res.statusCode;
        const trace = res.headers['x-bench-trace'];
        rec.marks = trace ? JSON.parse(trace) : [];
      } catch (err) {
        rec.error = String(err.message);
      }
      rec.end = now();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return records;
}

/** GETs `path` one after another until `stop()` says; each latency, with its start. */
function reader(baseUrl, path) {
  const pool = new Pool(baseUrl, { connections: 1, keepAliveTimeout: 60_000 });
  const samples = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const t = now();
      const res = await pool.request({ method: 'GET', path });
      await res.body.dump();
      samples.push({ start: t, ms: now() - t, status: res.statusCode });
      await sleep(5);
    }
    await pool.close();
  })();
  return {
    samples,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

const leadBody = (destination) => (email) =>
  JSON.stringify({
    first_name: 'Trace',
    last_name: 'Visitor',
    email,
    phone: visitorPhone(),
    date: null,
    hour: null,
    source: 'email_verification',
    destination,
  });

async function verifyByCodes(baseUrl, outbox, emails) {
  const pool = new Pool(baseUrl, { connections: 10, keepAliveTimeout: 60_000 });
  try {
    const sent = await post(
      pool,
      '/api/destination-lead/send-email-verification/',
      emails.map((email) => JSON.stringify({ email })),
      10,
    );
    const refused = sent.filter((r) => r.status !== 200 && r.status !== 201);
    if (refused.length) throw new Error(`code request refused: ${refused[0].status} ${refused[0].body}`);
    const codes = await readCodes(outbox, emails);
    const verified = await post(
      pool,
      '/api/destination-lead/verify-code/',
      emails.map((email) => JSON.stringify({ email, confirmation_code: codes.get(email) })),
      10,
    );
    const bad = verified.filter((r) => r.status >= 300);
    if (bad.length) throw new Error(`verify-code refused: ${bad[0].status} ${bad[0].body}`);
  } finally {
    await pool.close();
  }
}

/** Durations between consecutive server marks of one request, and the client's own legs around them. */
function legs(rec) {
  const out = {};
  const marks = rec.marks ?? [];
  if (!marks.length) return out;
  out['client→arrive'] = marks[0][1] - rec.start;
  for (let i = 1; i < marks.length; i += 1) {
    const key = `${marks[i - 1][0]}→${marks[i][0]}`;
    out[key] = (out[key] ?? 0) + marks[i][1] - marks[i - 1][1];
  }
  out['send→client'] = rec.end - marks[marks.length - 1][1];
  return out;
}

function summarise(name, records, t0) {
  const ms = records.map((r) => r.end - r.start);
  const p50 = percentile(ms, 50);
  const slow = records.filter((r) => r.end - r.start > 4 * p50);
  const statuses = {};
  for (const r of records) statuses[r.status ?? 'error'] = (statuses[r.status ?? 'error'] ?? 0) + 1;
  console.log(
    `\n${name}: ${records.length} requests, statuses ${JSON.stringify(statuses)}; p50 ${round(p50, 1)} p99 ${round(percentile(ms, 99), 1)} max ${round(Math.max(...ms), 1)} ms; ${slow.length} over 4× the median`,
  );
  // Where the time went: the mean of each leg over all requests, and over the slowest 5%.
  const byLatency = [...records].sort((a, b) => b.end - b.start - (a.end - a.start));
  const mean = (recs) => {
    const sum = {};
    for (const r of recs) for (const [k, v] of Object.entries(legs(r))) sum[k] = (sum[k] ?? 0) + v;
    return Object.fromEntries(Object.entries(sum).map(([k, v]) => [k, round(v / recs.length, 2)]));
  };
  console.log('  mean legs, all (ms):', JSON.stringify(mean(records)));
  console.log(
    '  mean legs, slowest 5% (ms):',
    JSON.stringify(mean(byLatency.slice(0, Math.ceil(records.length / 20)))),
  );
  console.log('  the 8 slowest (start, end rel. to the burst; legs):');
  for (const r of byLatency.slice(0, 8))
    console.log(
      `    #${r.index} start ${round(r.start - t0, 1)} end ${round(r.end - t0, 1)} (${round(r.end - r.start, 1)} ms):`,
      JSON.stringify(Object.fromEntries(Object.entries(legs(r)).map(([k, v]) => [k, round(v, 1)]))),
    );
  // Passed by later ones: requests answered after at least 100 requests that started later.
  const byEnd = [...records].sort((a, b) => a.end - b.end);
  let passed = 0;
  for (const r of records) {
    const overtaken = byEnd.filter((o) => o.start > r.start && o.end < r.end).length;
    if (overtaken >= 100) passed += 1;
  }
  console.log(`  requests passed by ≥ 100 that started after them: ${passed}`);
  return { p50, p99: percentile(ms, 99), max: Math.max(...ms), slow: slow.length };
}

async function main() {
  ensureBuilt();
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const dialect = serverUrl ? 'mysql' : 'sqlite';
  const db = await createBenchDatabase(dialect, serverUrl);
  const tmp = mkdtempSync(join(os.tmpdir(), 'bench-trace-'));
  const env = {
    NODE_ENV: 'production',
    MAIL_TRANSPORT: 'outbox',
    DATABASE_URL: db.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'true',
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_MULTIPLIER: '100000',
    LOG_LEVEL: 'warn',
    UPLOAD_DIR: join(tmp, 'uploads'),
    OUTBOX_DIR: join(tmp, 'outbox'),
    WEATHER_API_URL: 'http://127.0.0.1:9',
    BENCH_TRACE: flag('untraced') ? '0' : '1',
  };
  let app;
  let conn;
  try {
    // A first boot seeds the demo catalogue; the measured server is started fresh on that database.
    app = await startApp(env);
    await settlePictures(app.baseUrl);
    await app.stop();
    app = await startApp(env);
    console.log(`[${dialect}] fresh server up in ${Math.round(app.bootMs)} ms`);
    conn = await openDatabase(db);
    const list = await fetch(`${app.baseUrl}/api/destinations/`).then((r) => r.json());
    const destination = list[0].id;
    const tag = randomBytes(3).toString('hex');
    const BURSTS = Number(option('bursts', 1));
    const emails = Array.from({ length: LEADS * BURSTS + 50 }, (_, i) => `trace${i}-${tag}@bench.example`);
    if (flag('real-codes')) await verifyByCodes(app.baseUrl, env.OUTBOX_DIR, emails);
    else await insertVerifiedEmails(conn, emails);
    await sleep(1500);
    const body = leadBody(destination);
    const few = new Pool(app.baseUrl, { connections: 5, keepAliveTimeout: 60_000 });
    await post(few, '/api/leads/', emails.slice(0, 50).map(body), 5);
    await few.close();
    const pool = new Pool(app.baseUrl, { connections: 100, keepAliveTimeout: 60_000 });
    if (flag('preopen'))
      await Promise.all(
        Array.from({ length: 100 }, () =>
          pool.request({ method: 'GET', path: '/api/health' }).then((r) => r.body.dump()),
        ),
      );
    await fetch(`${app.baseUrl}/api/health`, { headers: { 'x-bench-eld-reset': '1' } }).then((r) => r.arrayBuffer());
    const read = reader(app.baseUrl, `/api/destinations/${destination}/`);
    await sleep(50);
    const dbPid = dialect === 'mysql' ? localDbPid() : undefined;
    const cpu0 = [processCpuMs(app.child.pid), dbPid && processCpuMs(dbPid)];
    const t0 = now();
    const records = await post(pool, '/api/leads/', emails.slice(50, 50 + LEADS).map(body), 100);
    const cpu1 = [processCpuMs(app.child.pid), dbPid && processCpuMs(dbPid)];
    const later = [];
    for (let b = 1; b < BURSTS; b += 1) {
      await sleep(500);
      const from = 50 + b * LEADS;
      const tb = now();
      later.push([tb, await post(pool, '/api/leads/', emails.slice(from, from + LEADS).map(body), 100)]);
    }
    await read.stop();
    const eld = await fetch(`${app.baseUrl}/api/health`).then((r) => r.headers.get('x-bench-eld'));
    await pool.close();
    const stats = summarise(`[${dialect}] first burst of ${LEADS} leads`, records, t0);
    for (const [i, [tb, recs]] of later.entries()) {
      const ms = recs.map((r) => r.end - r.start);
      const seconds = (Math.max(...recs.map((r) => r.end)) - tb) / 1000;
      console.log(
        `  burst ${i + 2}: p50 ${round(percentile(ms, 50), 1)} p99 ${round(percentile(ms, 99), 1)} max ${round(Math.max(...ms), 1)} ms, ${Math.round(recs.length / seconds)} req/s`,
      );
    }
    console.log(
      `  first burst: ${Math.round(records.length / ((Math.max(...records.map((r) => r.end)) - t0) / 1000))} req/s`,
    );
    console.log(
      `  CPU per lead over the first burst: app ${round((cpu1[0] - cpu0[0]) / records.length, 2)} ms` +
        (dbPid ? `, database server ${round((cpu1[1] - cpu0[1]) / records.length, 2)} ms` : ''),
    );
    const during = read.samples.filter((s) => s.start >= t0);
    const readMs = during.map((s) => s.ms);
    console.log(
      `  reader GET during the burst: ${during.length} GETs, p50 ${round(percentile(readMs, 50), 1)} p95 ${round(percentile(readMs, 95), 1)} p99 ${round(percentile(readMs, 99), 1)} max ${round(Math.max(...readMs), 1)} ms`,
    );
    console.log(`  event-loop delay over the burst (p50, p99, max ms): ${eld}`);
    const out = option('json');
    if (out) writeFileSync(out, JSON.stringify({ dialect, t0, stats, records, reads: during, eld }, null, 1));
  } finally {
    await app?.stop();
    await conn?.close();
    await db.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
