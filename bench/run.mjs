#!/usr/bin/env node
// npm run bench: starts the built app itself and measures it (see BENCHMARKS.md for what and how).
//   node bench/run.mjs [--quick] [--only=catalogue,leads,admin,cold,bundles,lighthouse] [--report-only]
//   node bench/run.mjs lighthouse   (suite names may also be given bare: npm run bench -- lighthouse)
//   BENCH_DATABASE_URL=mysql://user:pass@host:3306  also runs everything on a fresh MySQL/MariaDB database.
//   BENCH_DIALECTS=mysql  only that database (a partial run: quick.tmp, never BENCHMARKS.md).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, ROOT, settlePictures, startApp } from './lib/app-process.mjs';
import { createBenchDatabase, openDatabase } from './lib/db.mjs';
import { writeJson, writeMarkdown } from './lib/report.mjs';
import * as adminPaging from './suites/admin-paging.mjs';
import * as bundles from './suites/bundles.mjs';
import * as catalogue from './suites/catalogue.mjs';
import * as coldStart from './suites/cold-start.mjs';
import * as leadCodes from './suites/lead-codes.mjs';
import * as leads from './suites/leads.mjs';
import * as lighthouse from './suites/lighthouse.mjs';
import { serverRuntime } from './lib/runtime.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const named = args.filter((a) => !a.startsWith('--'));
const only =
  args
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',') ?? (named.length ? named : undefined);
/** Suites measured on their own app instance, whose figures can replace just their part of the last report. */
const STANDALONE = ['bundles', 'lighthouse'];
const wants = (name) => !only || only.includes(name);
const log = (...m) => console.log(...m);

const settings = quick
  ? {
      durations: { warmup: 1, main: 3, paging: 100 },
      leadCount: 200,
      bursts: 3,
      codeBursts: 1,
      leadTotal: 20_000,
      boots: 1,
    }
  : {
      durations: { warmup: 2, main: 10, paging: 300 },
      leadCount: 1000,
      // Lead bursts after the 50-lead warm-up (the first is the headline), and code bursts after the first.
      bursts: 10,
      codeBursts: 2,
      leadTotal: 100_000,
      boots: 3,
    };

const load = () => os.loadavg().map((n) => n.toFixed(2));
const git = (cmd) => {
  try {
    return execSync(`git ${cmd}`, { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
};

/** The MySQL/MariaDB server's process when it runs on this machine (its CPU time is then reported), else undefined. */
async function localServerPid(conn, serverUrl) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(serverUrl.replace(/^mariadb:/, 'mysql:')).hostname))
    return undefined;
  try {
    const [{ file }] = await conn.all('SELECT @@pid_file AS file');
    const pid = Number(readFileSync(file, 'utf8').trim());
    return existsSync(`/proc/${pid}/stat`) ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function runDialect(dialect, serverUrl) {
  const db = await createBenchDatabase(dialect, serverUrl);
  const tmp = mkdtempSync(join(os.tmpdir(), 'bench-app-'));
  const admin = { email: 'bench-admin@bench.example', password: `Bench!${randomBytes(6).toString('hex')}A1` };
  const env = {
    NODE_ENV: 'production',
    // No mail server here: the e-mails are written to OUTBOX_DIR (production asks for that choice).
    MAIL_TRANSPORT: 'outbox',
    DATABASE_URL: db.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://127.0.0.1:3000',
    SEED_DEMO: 'true',
    // The bursts come from many visitor addresses (X-Forwarded-For, as behind the production proxy);
    // the multiplier is for the admin suite, whose one agent pages far faster than a person.
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_MULTIPLIER: '100000',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    UPLOAD_DIR: join(tmp, 'uploads'),
    OUTBOX_DIR: join(tmp, 'outbox'),
    WEATHER_API_URL: 'http://127.0.0.1:9',
    // The heap after a full GC, on request (the app is started with --expose-gc: startApp).
    BENCH_HEAP: '1',
    // WARM_UP=false: the app without its start-up warm-up, to compare (src/common/http/warm-up.ts).
    ...(process.env.WARM_UP ? { WARM_UP: process.env.WARM_UP } : {}),
  };
  const run = { dialect, rows: [], details: {} };
  let app;
  let conn;
  try {
    log(`\n[${dialect}] first boot on an empty database`);
    app = await startApp(env);
    const firstBootMs = app.bootMs;
    const firstReadyMs = app.readyMs;
    await settlePictures(app.baseUrl);
    conn = await openDatabase(db);
    if (dialect === 'mysql') run.serverVersion = (await conn.all('SELECT VERSION() AS v'))[0].v;
    const dbPid = dialect === 'mysql' ? await localServerPid(conn, serverUrl) : undefined;
    const ctx = { ...settings, baseUrl: app.baseUrl, appPid: app.child.pid, dbPid, conn, log, admin, env };
    const suites = [
      ['catalogue', catalogue],
      ['leads', leads],
      ['codes', leadCodes],
      ['admin', adminPaging],
    ];
    for (const [name, suite] of suites) {
      if (!wants(name)) continue;
      // The lead suite's first burst is measured on a freshly started server, as its target defines
      // it. After the catalogue suite, the same first burst on the server that served it is measured
      // too and reported beside it (after a minute of reads, a major collection of V8's old generation
      // can fall inside that burst: BENCHMARKS.md); then the server restarts.
      if (name === 'leads' && run.details.catalogue) {
        log(`[${dialect}] leads, on the server that served the catalogue suite`);
        try {
          const out = await leads.run({ ...ctx, firstOnly: true });
          run.rows.push({
            id: 'lead intake, first burst after the catalogue suite',
            target: `beside the target, not instead of it: the same first burst on the server that has just served the catalogue suite`,
            measured: out.measured,
            pass: null,
          });
          run.details.leadsAfterReads = out.details.first;
        } catch (err) {
          log(err);
        }
        await app.stop();
        log(`[${dialect}] restart: the lead suite's server is freshly started`);
        app = await startApp(env);
        Object.assign(ctx, { baseUrl: app.baseUrl, appPid: app.child.pid });
      }
      log(`[${dialect}] ${name}`);
      try {
        const out = await suite.run(ctx);
        run.rows.push(...out.rows);
        run.details[name] = out.details;
      } catch (err) {
        run.rows.push({ id: name, target: '', measured: `failed: ${err.message}`, pass: false });
        log(err);
      }
    }
    await app.stop();
    app = null;
    if (wants('cold')) {
      log(`[${dialect}] cold start`);
      const out = await coldStart.run({ ...ctx, firstBootMs, firstReadyMs });
      run.rows.push(...out.rows);
      run.details.cold = out.details;
    }
  } finally {
    await app?.stop();
    await conn?.close();
    // BENCH_KEEP=1 leaves the database behind (its URL is printed) to read query plans in it.
    if (process.env.BENCH_KEEP) log(`  kept the database: ${db.url}`);
    else await db.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
  for (const r of run.rows)
    log(`  ${r.pass === true ? 'pass' : r.pass === false ? 'MISS' : '    '}  ${r.id}: ${r.measured}`);
  return run;
}

if (args.includes('--report-only')) {
  writeMarkdown(JSON.parse(readFileSync(`${ROOT}/bench/results/latest.json`, 'utf8')));
  log('Rewrote BENCHMARKS.md from bench/results/latest.json.');
  process.exit(0);
}

const startedAt = new Date().toISOString();
const loadStart = load();
log(`Load average before the run: ${loadStart.join(' ')} on ${os.cpus().length} cores`);
ensureBuilt(log);
const serverSuites = ['catalogue', 'leads', 'codes', 'admin', 'cold'].some(wants);
// BENCH_DIALECTS=mysql (or sqlite): a partial run on one database only, while investigating.
const dialects = process.env.BENCH_DIALECTS?.split(',') ?? ['sqlite', 'mysql'];
const runs = serverSuites && dialects.includes('sqlite') ? [await runDialect('sqlite')] : [];
if (serverSuites && process.env.BENCH_DATABASE_URL && dialects.includes('mysql'))
  runs.push(await runDialect('mysql', process.env.BENCH_DATABASE_URL));
const frontEnd = wants('bundles') ? await bundles.run() : null;
let pages = null;
if (wants('lighthouse')) {
  log('\n[lighthouse] public pages, mobile, median of 3 runs');
  try {
    pages = await lighthouse.run({ log });
  } catch (err) {
    log(err);
    pages = { failed: err.message };
  }
}

const results = {
  startedAt,
  finishedAt: new Date().toISOString(),
  quick,
  ...settings,
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    serverNode: serverRuntime().version,
    serverNodeIsImage: serverRuntime().image,
    loadStart,
    loadEnd: load(),
    commit: git('rev-parse --short HEAD'),
  },
  runs,
  frontEnd,
  lighthouse: pages,
};
if (!quick && only?.every((name) => STANDALONE.includes(name))) {
  // Only front-end suites ran: keep the last full run's server figures, replace these.
  const previous = JSON.parse(readFileSync(`${ROOT}/bench/results/latest.json`, 'utf8'));
  const merged = { ...previous, ...(frontEnd ? { frontEnd } : {}), ...(pages ? { lighthouse: pages } : {}) };
  writeJson(merged, 'bench/results/latest.json');
  writeMarkdown(merged);
  log(`\nUpdated the ${only.join(' and ')} part of BENCHMARKS.md and bench/results/latest.json.`);
} else if (quick || only || process.env.BENCH_DIALECTS) {
  writeJson(results, 'bench/results/quick.tmp');
  log('\nQuick/partial run: wrote bench/results/quick.tmp (BENCHMARKS.md is left alone).');
} else {
  writeJson(results, 'bench/results/latest.json');
  writeMarkdown(results);
  log('\nWrote BENCHMARKS.md and bench/results/latest.json.');
}
const missed =
  [...runs.flatMap((r) => r.rows), ...(frontEnd?.rows ?? [])].filter((r) => r.pass === false).length +
  (pages?.pages ?? []).filter((p) => p.misses.length).length;
log(missed ? `${missed} target(s) missed (stated in the report).` : 'All measured targets met.');
