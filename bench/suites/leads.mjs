// Lead intake: 1,000 verified visitors submit at once (100 connections); every acknowledged lead must be stored.
import { randomBytes } from 'node:crypto';
import { insertVerifiedEmails } from '../lib/db.mjs';
import { burst, capture, cpuNote, firstBurstRow, startCeiling, warmUntilSteady } from '../lib/load.mjs';

export const TARGET_P99_MS = 100;

export async function run(ctx) {
  const { baseUrl, conn, log, leadCount, warmBursts, appPid, dbPid } = ctx;
  const target = `0 lost, 0 5xx, p99 ≤ ${TARGET_P99_MS} ms (${leadCount} leads, 100 connections)`;
  const dests = await fetch(`${baseUrl}/api/destinations/`)
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
  const list = Array.isArray(dests) ? dests : (dests?.results ?? []);
  if (!list.length)
    return {
      rows: [{ id: 'lead intake', target, measured: 'not measured: no destination to send leads for', pass: null }],
    };
  const destination = list[0].id;
  const tag = randomBytes(3).toString('hex');
  const emails = Array.from({ length: leadCount }, (_, i) => `lead${i}-${tag}@bench.example`);
  await insertVerifiedEmails(conn, emails);

  const acknowledged = new Set();
  const statusBodies = {};
  const body = (email) =>
    JSON.stringify({
      first_name: 'Bench',
      last_name: 'Visitor',
      email,
      phone: '5551234567',
      date: null,
      hour: null,
      source: 'email_verification',
      destination,
    });
  // A server that has taken orders for a while, not one whose engine is still compiling the route
  // (warmUntilSteady): bursts of other visitors' leads first, unmeasured, until the rate settles. The
  // first of them is reported beside the figure, for information.
  const warm = await warmUntilSteady(
    async (round) => {
      const warmEmails = Array.from({ length: leadCount }, (_, i) => `warm${round}-${i}-${tag}@bench.example`);
      await insertVerifiedEmails(conn, warmEmails);
      const w = await burst({ url: baseUrl, path: '/api/leads/', appPid, dbPid, bodies: warmEmails.map(body) });
      log(`  POST /api/leads/ x ${leadCount} (warm-up ${round + 1}, not measured): ${w.reqPerSec} req/s`);
      return w;
    },
    { max: warmBursts },
  );
  log(`  POST /api/leads/ x ${leadCount}`);
  const m = await burst({
    url: baseUrl,
    path: '/api/leads/',
    appPid,
    dbPid,
    bodies: emails.map(body),
    onResponse(status, text, index) {
      if (status >= 200 && status < 300) acknowledged.add(emails[index]);
      else statusBodies[status] ??= String(text).slice(0, 300);
    },
  });
  // The same burst against a bare node:http server answering fixed bytes: what this machine and this
  // load generator allow at all (the generator shares the machine's cores with the app).
  const ceiling = await startCeiling(await capture(`${baseUrl}/api/health`));
  const floor = await burst({ url: ceiling.url, path: '/api/leads/', bodies: emails.map(body) }).finally(() =>
    ceiling.stop(),
  );
  const placeholders = emails.map(() => '?').join(', ');
  const stored = new Set(
    (await conn.all(`SELECT email FROM "leads" WHERE email IN (${placeholders})`, emails)).map((r) => r.email),
  );
  const lost = [...acknowledged].filter((e) => !stored.has(e)).length;
  const pass = lost === 0 && m.err5xx === 0 && m.p99 <= TARGET_P99_MS && acknowledged.size === leadCount;
  const refused = m.responses - m.ok2xx;
  return {
    rows: [
      {
        id: 'lead intake',
        target,
        measured: `${acknowledged.size} acknowledged, ${stored.size} stored, ${lost} lost, ${m.err5xx} 5xx${refused ? ` (${refused} refused: ${JSON.stringify(m.statuses)})` : ''}, p99 ${m.p99} ms (p50 ${m.p50})${cpuNote(m)}`,
        pass,
      },
      firstBurstRow('lead intake', warm, leadCount),
      {
        id: 'burst floor (bare node:http)',
        target: 'reference: the same 1000 POSTs over 100 connections to a server that does no work',
        measured: `p99 ${floor.p99} ms (p50 ${floor.p50}), ${floor.reqPerSec} req/s; the app: ${m.reqPerSec} req/s`,
        pass: null,
      },
    ],
    details: {
      ...m,
      warmUp: warm.map(({ reqPerSec, p50, p99, appCpuMsPerRequest }) => ({ reqPerSec, p50, p99, appCpuMsPerRequest })),
      acknowledged: acknowledged.size,
      stored: stored.size,
      lost,
      sampleErrorBodies: statusBodies,
      floor,
    },
  };
}
