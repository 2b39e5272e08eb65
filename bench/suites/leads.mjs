// Lead intake as a flash sale meets it: a freshly started server that has taken 50 leads (5 at a time),
// then bursts of 1,000 verified visitors at once (100 connections). The FIRST burst is the headline;
// the later ones are reported beside it. A reader GETs a destination during every burst, and the
// app's heap after a full GC is compared after the first and the last burst.
import { randomBytes } from 'node:crypto';
import { insertVerifiedEmails } from '../lib/db.mjs';
import {
  burst,
  burstNote,
  capture,
  cpuNote,
  heapAfterGc,
  settleDatabase,
  startCeiling,
  visitorPhone,
  warmLoadGenerator,
} from '../lib/load.mjs';

export const TARGET_P99_MS = 100;
/** No request over 4× the median by more than this. */
export const TARGET_SLOW_EXCESS_MS = 100;
export const TARGET_READER_P99_MS = 50;
export const TARGET_HEAP_GROWTH = 0.1;

/**
 * `ctx.firstOnly`: only the first burst, for a row reported beside the target (run.mjs: on the
 * server that has just served the catalogue suite); no later bursts, heap check or floor.
 */
export async function run(ctx) {
  const { baseUrl, conn, log, leadCount, appPid, dbPid, firstOnly = false } = ctx;
  const bursts = firstOnly ? 1 : ctx.bursts;
  const target = `first burst after 50 leads: 0 lost, 0 5xx, p99 ≤ ${TARGET_P99_MS} ms, none over 4× the median by > ${TARGET_SLOW_EXCESS_MS} ms, reader GET p99 ≤ ${TARGET_READER_P99_MS} ms (${leadCount} leads, 100 connections)`;
  const dests = await fetch(`${baseUrl}/api/destinations/`)
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
  const list = Array.isArray(dests) ? dests : (dests?.results ?? []);
  if (!list.length)
    return {
      rows: [{ id: 'lead intake', target, measured: 'not measured: no destination to send leads for', pass: null }],
    };
  const destination = list[0].id;
  const readerPath = `/api/destinations/${destination}/`;
  const tag = randomBytes(3).toString('hex');
  const emailsOf = (round, count) => Array.from({ length: count }, (_, i) => `lead${round}-${i}-${tag}@bench.example`);
  const body = (email) =>
    JSON.stringify({
      first_name: 'Bench',
      last_name: 'Visitor',
      email,
      phone: visitorPhone(),
      date: null,
      hour: null,
      source: 'email_verification',
      destination,
    });
  // Every e-mail is verified before the first request, as visitors who confirmed their code earlier.
  const warmEmails = emailsOf('warm', 50);
  const burstEmails = Array.from({ length: bursts }, (_, b) => emailsOf(b, leadCount));
  await insertVerifiedEmails(conn, [...warmEmails, ...burstEmails.flat()]);
  // The generator's own code compiled first, against a bare server (never this app).
  await warmLoadGenerator();
  // A site that has served a few: 50 leads, 5 at a time, then a pause.
  await burst({ url: baseUrl, path: '/api/leads/', connections: 5, bodies: warmEmails.map(body) });
  await settleDatabase(dbPid, log);
  await new Promise((r) => setTimeout(r, 1500));

  const measured = [];
  let heapFirst = null;
  for (let b = 0; b < bursts; b += 1) {
    const emails = burstEmails[b];
    const acknowledged = new Set();
    const statusBodies = {};
    const m = await burst({
      url: baseUrl,
      path: '/api/leads/',
      appPid,
      dbPid,
      readerPath,
      bodies: emails.map(body),
      onResponse(status, text, index) {
        if (status >= 200 && status < 300) acknowledged.add(emails[index]);
        else statusBodies[status] ??= String(text).slice(0, 300);
      },
    });
    const placeholders = emails.map(() => '?').join(', ');
    const stored = new Set(
      (await conn.all(`SELECT email FROM "leads" WHERE email IN (${placeholders})`, emails)).map((r) => r.email),
    );
    m.acknowledged = acknowledged.size;
    m.stored = stored.size;
    m.lost = [...acknowledged].filter((e) => !stored.has(e)).length;
    m.sampleErrorBodies = statusBodies;
    measured.push(m);
    log(`  POST /api/leads/ x ${leadCount}, burst ${b + 1} of ${bursts}: ${burstNote(m)}`);
    if (firstOnly) break;
    if (b === 0) heapFirst = await heapAfterGc(baseUrl);
    else await new Promise((r) => setTimeout(r, 300));
  }
  const [first, ...later] = measured;
  const refusedNote = (m) => {
    const refused = m.responses - m.ok2xx;
    return refused ? ` (${refused} refused: ${JSON.stringify(m.statuses)})` : '';
  };
  const firstMeasured = `${first.acknowledged} acknowledged, ${first.stored} stored, ${first.lost} lost, ${first.err5xx} 5xx${refusedNote(first)}; ${burstNote(first)}${cpuNote(first)}`;
  if (firstOnly) return { measured: firstMeasured, details: { first } };
  const heapLast = await heapAfterGc(baseUrl);
  // The same burst against a bare node:http server answering fixed bytes: what this machine and this
  // load generator allow at all (the generator shares the machine's cores with the app).
  const ceiling = await startCeiling(await capture(`${baseUrl}/api/health`));
  const floor = await burst({
    url: ceiling.url,
    path: '/api/leads/',
    bodies: burstEmails[0].map(body),
  }).finally(() => ceiling.stop());
  const ok = (m) =>
    m.lost === 0 &&
    m.err5xx === 0 &&
    m.acknowledged === leadCount &&
    m.p99 <= TARGET_P99_MS &&
    m.slowExcessMs <= TARGET_SLOW_EXCESS_MS &&
    (m.reader?.p99 ?? 0) <= TARGET_READER_P99_MS;
  const heapGrowth = heapFirst && heapLast ? heapLast / heapFirst - 1 : null;
  const rows = [
    {
      id: 'lead intake, first burst',
      target,
      measured: firstMeasured,
      pass: ok(first),
    },
  ];
  if (later.length)
    rows.push({
      id: `lead intake, bursts 2–${bursts}`,
      target: `beside the first, not instead of it: each 0 lost, 0 5xx, reader GET p99 ≤ ${TARGET_READER_P99_MS} ms`,
      measured:
        `p99 ${later.map((m) => m.p99).join(', ')} ms; max ${later.map((m) => m.max).join(', ')} ms; over 4× the median ${later.map((m) => m.slow).join(', ')}; ` +
        `reader GET p99 ${later.map((m) => m.reader?.p99).join(', ')} ms; ${later.map((m) => m.reqPerSec).join(', ')} req/s; lost ${later.reduce((n, m) => n + m.lost, 0)}, 5xx ${later.reduce((n, m) => n + m.err5xx, 0)}`,
      pass: later.every(
        (m) =>
          m.lost === 0 &&
          m.err5xx === 0 &&
          m.acknowledged === leadCount &&
          (m.reader?.p99 ?? 0) <= TARGET_READER_P99_MS,
      ),
    });
  rows.push(
    {
      id: 'heap after bursts',
      target: `after ${bursts} bursts, heap after a full GC within ${TARGET_HEAP_GROWTH * 100}% of its size after the first`,
      measured:
        heapGrowth === null
          ? 'not measured (the app was not started with --expose-gc and BENCH_HEAP=1)'
          : `${heapFirst} MB after the first burst, ${heapLast} MB after burst ${bursts} (${heapGrowth >= 0 ? '+' : ''}${Math.round(heapGrowth * 1000) / 10}%)`,
      pass: heapGrowth === null ? null : heapGrowth <= TARGET_HEAP_GROWTH,
    },
    {
      id: 'burst floor (bare node:http)',
      target: `reference: the same ${leadCount} POSTs over 100 connections to a server that does no work`,
      measured: `p99 ${floor.p99} ms (p50 ${floor.p50}), ${floor.reqPerSec} req/s; the app's first burst: ${first.reqPerSec} req/s`,
      pass: null,
    },
  );
  return { rows, details: { first, later, heapFirst, heapLast, floor } };
}
