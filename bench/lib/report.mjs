// Writes bench/results/*.json and BENCHMARKS.md from one run.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './app-process.mjs';
import { lighthouseSection } from './lighthouse-report.mjs';

const mark = (pass) => (pass === true ? 'pass' : pass === false ? '**MISS**' : '—');
const cell = (s) => String(s).replaceAll('|', '\\|');

function table(rows) {
  const lines = ['| measure | target | measured | result |', '|---|---|---|---|'];
  for (const r of rows) lines.push(`| ${cell(r.id)} | ${cell(r.target)} | ${cell(r.measured)} | ${mark(r.pass)} |`);
  return lines.join('\n');
}

export function writeJson(results, file) {
  writeFileSync(join(ROOT, file), `${JSON.stringify(results, null, 2)}\n`);
}

/** Which Node ran the measured servers (runtime.mjs), beside the one that ran the load. */
function serversNode(machine) {
  if (!machine.serverNode) return `Node ${machine.node}.`;
  const which = machine.serverNodeIsImage
    ? ", the production image's runtime"
    : " (not the image's Node 24: none was found)";
  return `The app and the bare ceiling servers ran on Node ${machine.serverNode}${which}; the load generator on Node ${machine.node}.`;
}

export function writeMarkdown(results) {
  const { machine } = results;
  /** The p99 of one row of this run (e.g. 'lead intake' on 'sqlite'), or 'not measured'. */
  const figure = (dialect, id) => {
    const row = results.runs.find((r) => r.dialect === dialect)?.rows.find((r) => r.id === id);
    return /p99 ([\d.]+) ms/.exec(row?.measured ?? '')?.[1] ?? 'not measured';
  };
  /** The bare floor server's rates in the lead bursts of this run (one per database). */
  const floorRates = () =>
    results.runs
      .map(
        (run) =>
          /([\d.]+) req\/s; the app/.exec(run.rows.find((r) => r.id.startsWith('burst floor'))?.measured ?? '')?.[1],
      )
      .filter(Boolean)
      .map((rate) => Number(rate).toLocaleString('en-US'))
      .join(' and ') || 'not measured';
  /** The range of this run's Lighthouse performance scores. */
  const lighthouseRange = () => {
    const scores = (results.lighthouse?.pages ?? []).map((p) => p.scores?.performance).filter((n) => n != null);
    if (!scores.length) return 'not measured';
    const [low, high] = [Math.min(...scores), Math.max(...scores)];
    return low === high ? String(low) : `${low}–${high}`;
  };
  const sections = results.runs.map((run) => {
    const misses = run.rows.filter((r) => r.pass === false);
    return [
      `## ${run.dialect === 'sqlite' ? 'SQLite (embedded default)' : `MySQL/MariaDB (${run.serverVersion ?? 'server'})`}`,
      '',
      table(run.rows),
      '',
      misses.length ? `Missed: ${misses.map((r) => r.id).join('; ')}.` : 'Every target with a figure was met.',
    ].join('\n');
  });
  const md = `# Benchmarks

Measured by \`npm run bench\` (bench/run.mjs) on ${results.finishedAt.slice(0, 10)}; raw figures in
[bench/results/latest.json](bench/results/latest.json). The benchmark is not a CI gate: it
reports, and a miss below is a fact to act on, not something hidden.

**Reproduce:** \`npm run bench\` (SQLite). With MySQL/MariaDB as well:
\`BENCH_DATABASE_URL=mysql://user:pass@127.0.0.1:3306 npm run bench\` (a fresh database is created
on that server and dropped afterwards). \`node bench/run.mjs --quick\` is a short smoke run that
writes bench/results/quick.tmp only; \`node bench/run.mjs --report-only\` rewrites this file from
latest.json. \`npm run bench -- lighthouse\` runs only the Lighthouse suite and replaces just its
section here.

**Machine:** ${machine.cpus} × ${machine.cpuModel}, ${machine.memGiB} GiB RAM, ${machine.os}. ${serversNode(machine)}
Load average when the run started: ${machine.loadStart.join(' / ')}; when it finished: ${machine.loadEnd.join(' / ')}
(other work on the machine shares its cores, which is why each catalogue figure is a ratio
against a ceiling measured in the same run). Commit ${machine.commit}.

${sections.join('\n\n')}
${results.frontEnd?.rows.length ? `\n## Front end\n\n${table(results.frontEnd.rows)}\n` : ''}${lighthouseSection(results.lighthouse)}
## What the benchmark has changed so far
- Profiling the built app under this load showed @fastify/helmet rebuilding its whole policy on
  every request; the security headers are now built once (src/configure-app.ts): cached catalogue
  reads went from about 16k to about 25k req/s on this machine, with the same headers.
- The catalogue fast path now runs as the very first request hook (before the request logger and
  Nest's middleware; cross-origin requests take the normal route): \`/api/destinations/{id}/\` went
  from 54% to about 85% of the node:http ceiling.
- Lighthouse: the destination page's layout shift of 0.95 (and the contact page's 0.15) came from
  the page's own style sheet arriving with its lazily loaded chunk, after the server-rendered
  markup had been painted. The server now names the matched page's style sheets and chunks in
  \`<head>\` (from the client build's manifest): CLS 0 on every page. Hydration runs in a
  transition (time-sliced): the destination page's total blocking time went from 290–530 ms to
  about 70–120 ms. Headings in order and the chat link in a landmark: accessibility 100 everywhere.

- Initial JavaScript of the home page (budget 100 KB gzip): 117.4 KB before, 98.8 KB now. A
  source-map breakdown of the entry chunk showed React DOM ~58 KB, react-router ~28 KB, the site's
  own code ~25 KB. React DOM is fixed; react-router's data router was most of its share, and the
  site used little of it (a loader per page, lazy page code, a 404 or redirect from a loader). The
  site now uses react-router's declarative routing (~12 KB) and one small page loader of its own
  (site/src/app/page-state.tsx), shared by the server renderer and the browser: −16.6 KB. Page
  JSON-LD moved to a server-only module (−1.1 KB; the browser never changes it) and the FAQ
  teaser's four questions to their own module (−1.3 KB; the FAQ page's other fourteen stayed in
  the home page's code). A browser test holds the budget: the scripts fetched before the home page
  is interactive, gzip, at most 100,000 bytes and no other page's code. Lighthouse before and
  after, on the same machine and alternating builds: total blocking time is within the machine's
  noise (12–175 ms for one build on one page).

- Lighthouse LCP (2.0–2.8 s before, the target is 2.0 s): under the simulated slow 4G the entry
  JavaScript (React, React DOM, the router: ~100 KB compressed), requested from \`<head>\` at high
  priority, shared the bandwidth with the hero image, and its evaluation ran before the first paint.
  Earlier steps put the style sheets in the page, stopped hinting the matched page's code before the
  paint and moved the hero's preload to the top of \`<head>\`. Now a small start-up script at the end
  of \`<body>\` (src/ssr/boot-script.ts, allowed by its hash in the CSP) requests the code once the
  browser reports the page's main picture painted (its first contentful paint on a page without
  one; at once in a hidden tab; after 2 s at the latest), and the code then hydrates the markup as
  before. LCP went to 0.7–1.3 s on the four pages. The hydration's work now falls after the first
  paint, so it counts in total blocking time: on the destination page, the heaviest, 120–370 ms
  across runs (performance 91–98). Its sections below the first screen now hydrate in Suspense
  boundaries of their own, in shorter tasks (a click there before they are hydrated hydrates the
  section and is replayed): 36–195 ms, performance 97–100. Browser tests check the order (the entry
  script's request starts after the painted picture) and the first click below the first screen.
- Phones held upright get a 600×800 portrait crop of a hero picture, made by the server on first
  request (\`…-portrait.webp\`, with one preload per source), instead of the 1,600 px picture
  cropped on screen: 7.5 KB instead of 23 KB for the demo pictures, about a third of the pixels
  for real photos, at the same sharpness on the phone.

## Lead burst: where the time goes (profiles of 2026-11-23)
Taken with \`BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" node bench/run.mjs --only=leads,codes\`
(SQLite), a request timer preloaded into the app (\`--require\`: time from each request's arrival to
its answer, requests in flight, open connections) and the load generator's own timings. Findings:
- **Most of the old p99 was the load generator, not the app.** autocannon opens its 100
  connections as the burst starts; the first request on each waited for the generator to set up
  the others, up to 0.3–1 s, while the app answered every request it had received in 1–10 ms with
  one request in flight. A bare \`node:http\` server that spends 0.2 ms per request measured p99
  280–340 ms the same way. The bursts now go over 100 keep-alive connections opened before the
  clock starts (\`burst()\` in bench/lib/load.mjs, undici), and the same burst against a bare
  server is reported beside the lead figures as the floor of this machine and generator.
- **The code request was TypeORM's, then the mail worker's.** A code request ran a find with a lock,
  an insert or update with a reload, and an outbox insert with a reload through TypeORM (a third
  of the CPU of the burst); each mail then cost the worker a select, a claim, a reload and a
  result update, and on SQLite these promise chains ran back to back without reading a socket.
  Now the code request and verify-code are one short transaction of two to four plain statements
  (src/leads/lead-code.repository.ts; synchronous on SQLite, the e-mail's row locked on MySQL), and the
  worker claims up to 10 due mails in one statement (\`FOR UPDATE SKIP LOCKED\` on MySQL/MariaDB),
  keeps at most 10 in flight and yields to the event loop between mails. Code request p99 on
  SQLite: 3.0–4.8 s before, 110–170 ms after; verify-code 0.15–1.5 s before, 70–145 ms after.
- **What is left is throughput.** With 100 requests always in flight, each waits for the ~99 ahead
  of it, so p50 ≈ 100 ÷ the app's rate: 600–800 leads/s here (1.2–1.6 ms of CPU per lead on a
  core the generator does not use), hence p50 105–150 ms and p99 160–340 ms. Of a lead's time
  about 15% is SQLite (the insert of the lead and its event with 11 indexes, and the commit), 10%
  the socket writes, and most of the rest Nest's per-request pipeline (validation pipe with
  class-validator and class-transformer, rate-limit guard, interceptors on rxjs, the pino-http
  request logger, CORS and cookie hooks). The lead intake's own statements were already down to
  four (src/leads/intake).
- **Measured again (2026-11-24), with the app's CPU time read from /proc during each burst: the app
  is CPU-bound.** It spends as much CPU time as the burst lasts (SQLite: 0.85–1.2 s for 1,000 leads
  in 0.8–1.0 s; MariaDB: 1.5–1.8 s in 1.5–1.8 s), while the load generator spends 0.2–0.4 s. That is
  0.85–1.2 ms per lead on SQLite and 1.5–1.8 ms on MariaDB (there a lead is nine round trips through
  mysql2: pool checkout, isolation level, BEGIN, the locking read, the context read, two inserts,
  the agency's notice, COMMIT). Even a POST the validation pipe refuses at once costs about
  0.43 ms (2,300–2,400 req/s, warm): Nest's routed pipeline alone is half of what a lead may cost.
  In a saturated closed loop the tail is about twice the median (requests are read in batches per
  turn of the event loop, plus garbage collection), so a p99 of 100 ms needs a p50 near 50 ms:
  about 2,000 leads/s, 0.5 ms of CPU per lead. A CPU profile of a warm SQLite burst (the last 2 s
  of 3,000 leads, distinct visitors) splits a lead's time as: SQLite 27% (the lead's insert alone
  is 160–180 µs over 100,000 leads, measured outside the app: its 11 indexes, and the commit copying
  every page it touched into the write-ahead log; the context read 12 µs, the event's insert 35 µs),
  Nest's interceptor and guard chain on rxjs about 9%, the rate-limit guard 8%, the cookie plugin's
  send hook 7%, CORS 6%, garbage collection 7%, the request logger 4%, validation 4.5%, and the
  rest HTTP parsing, routing and socket writes. No single part is large enough to halve the total;
  two of the indexes (\`is_priority\` and \`status\` alone) duplicate the prefix of composite ones
  and could go, for about 15% of the insert.
- **Two flaws of the benchmark itself, fixed.** (1) Every burst came from one address, 127.0.0.1.
  The rate limiter's in-memory store keeps a timestamp per hit and scans them on each request, and
  the bench lifts the limits (RATE_LIMIT_MULTIPLIER), so that one key held thousands of hits: a
  request refused by validation ran at 1,800–1,950 req/s from one address against 2,300–2,400 from
  distinct ones. Real visitors come from many addresses, and under production limits a key never
  holds more hits than its limit; the bursts now send each request as its own visitor
  (X-Forwarded-For, with TRUST_PROXY=loopback, the bench client standing for the production proxy). (2) The lead burst was the
  app's first POST traffic, and the first 1,000 requests ran at half the rate of later ones while
  the engine compiled the code; each burst now follows an unmeasured warm-up of 300 other visitors
  (the catalogue figures were already taken after a warm-up).
- **The lean lane (2026-11-24).** The profile above showed Nest's per-request machinery (the
  interceptor chain on rxjs, the async-context binding of each step, the routed reply) as the
  largest part that was not doing the request's own work. The three public form POSTs are now
  marked \`@LeanRoute()\` (src/common/http/lean-route.ts): a Fastify hook runs the very same global
  guards (rate limits, the \`@Public\` check), the global validation pipe with the handler's DTO,
  the handler and the same exception filters, and skips only that machinery. Every hook a request
  passes is kept: security headers, CORS, the JSON-only rule and the request log. The app refuses to
  start if a marked handler needs anything the lane does not run. The two indexes on \`status\` and
  \`is_priority\` alone went too: they were the first columns of the composite ones.
  - Profiled again: Nest's share of a lead went from 10.5% to 5.7% (what is left is the two global
    guards themselves), SQLite 20%, socket writes 11%, Node's HTTP code 13%, Fastify 10%,
    validation 8%, rate limits 5%, the request log 4%.
  - Measured A/B, the old and the new build side by side with bursts alternated (so both meet the
    same machine), six bursts of 1,000 leads each after a first one unmeasured: median 1,224 →
    1,437 leads/s, app CPU 0.85 → 0.80 ms per lead. Single bursts of the new build reached
    1,617–1,727 leads/s with p99 71–95 ms, and bursts of the same build differed by up to 30%.
  - With the guards skipped too (an experiment, not kept: the limits are part of what is
    promised), the lane reached 1,774–2,094 leads/s with p99 56–105 ms. The rate-limit guard's two
    counters per request (the default budget and the form's own) are the next largest part.
  - Consecutive partial runs (\`--only=leads,codes\`, 1,000 per burst), p99 in ms:
    - SQLite, six runs one after another: lead intake 129, 161, 129, 197, 192, 235; code request
      86, 100, 103, 84, 134, 82; verify-code 71, 95, 67, 81, 63, 409.
    - MariaDB, three runs: lead intake 215, 191, 187; code request 141, 153, 171; verify-code 190,
      186, 166.
    - Zero lost and zero 5xx in every run. The spread follows the app's CPU per request (SQLite lead
      0.91–1.26 ms in these runs, 0.57 ms in the best A/B bursts). For the same code, that figure
      measures how busy the shared machine is. The one verify-code p99 of 409 ms had a p50 of 43 ms:
      a stall of the machine during that burst, not a queue in the app.
- **On MariaDB a lead is mostly round trips.** In a profile of a MariaDB burst, 22% of the app's time
  is the native socket write of each statement to the database (on the loopback interface the
  sender's write also runs the receiver's TCP path), 9% mysql2 and 5% TypeORM; a lead's nine round
  trips cost more CPU than its statements. Connecting over MariaDB's Unix socket instead of TCP
  (an A/B of the same build) took 10–15% off the app's CPU per lead. Fewer round trips per lead
  (several statements per round trip, or a stored procedure) would be the next step there.
- **Fewer round trips on MariaDB.** The three form POSTs now send the statements of each step of
  their transaction as one multi-statement query, on a pool of their own (src/database/mysql-batches.ts):
  a lead takes three round trips instead of eight, and a code request or a guess two instead of five.
  - First, outside the app: mysql2 alone, eight statements one by one against three batches on this
    machine took 0.70–1.01 ms against 0.39–0.54 ms of client CPU per lead, at 914–1,198 against
    1,440–1,764 leads/s.
  - A first try with a batch pool of 10 connections was no faster: a burst then waited on the
    commits of too few transactions at a time. The pool now has 20 connections, like the main one.
  - An A/B of the previous and the new build, side by side on fresh MariaDB databases, 6 alternated
    bursts of 1,000 each. Medians, old → new:
    - leads: 475 → 603 req/s, p99 340 → 248 ms, app CPU 1.83 → 1.28 ms per lead;
    - code requests: 672 → 823 req/s, p99 222 → 189 ms, 1.37 → 0.97 ms.
  - Bursts of one build differed by up to 1.8× in that run, so take these as a direction, not an exact
    figure. Zero 5xx and every lead stored, on both builds.
  - The full run of 2026-11-24 came on a slow spell of the shared machine (node:http ceiling
    12–25k req/s, against 30–38k before), and so did this report's (2026-11-25: 7.3–15.9k req/s).
    Their burst figures are not comparable with earlier reports'; the A/B above is. The lead path
    did not change in this report's work, except that on SQLite a lead's transaction no longer
    writes a search index (see the admin search below).

- **Before and after** (p99 of the three bursts, ms; *before* = the previous report, autocannon,
  whose start-up artefact is in those figures; *after* = this report):

  | database | lead intake | code request | verify-code |
  |---|---|---|---|
  | SQLite, before | 1677 | 4775 | 1472 |
  | SQLite, 2026-11-23 (one address, no warm-up) | 183.45 | 87.27 | 101.33 |
  | SQLite, 2026-11-24 (before the lean lane) | 233.85 | 115.17 | 118.42 |
  | SQLite, 2026-11-25 00:32 (admin search index) | 239.83 | 119.62 | 85.81 |
  | SQLite, 2026-11-25 02:42 (checkpoints on a worker; slower machine) | 264.19 | 148.93 | 123.71 |
  | SQLite, 2026-11-25 03:46 (the same; slower machine still) | 318.9 | 181.39 | 147.72 |
  | SQLite, 2026-11-25 06:21 (warm-up until steady, within 10%; faster machine) | 120.09 | 90.44 | 76.92 |
  | SQLite, this report (warm-up until steady, within 5%) | ${figure('sqlite', 'lead intake')} | ${figure('sqlite', 'code request')} | ${figure('sqlite', 'verify-code')} |
  | MariaDB, before | 1316 | 871 | 306 |
  | MariaDB, 2026-11-23 (one address, no warm-up) | 307.59 | 198.21 | 137.82 |
  | MariaDB, 2026-11-24 (before the lean lane) | 293.81 | 217.29 | 176.01 |
  | MariaDB, 2026-11-24 (lean lane, before the batches) | 210.99 | 140.21 | 214.48 |
  | MariaDB, 2026-11-25 00:32 (admin search index) | 237.02 | 147.6 | 180.94 |
  | MariaDB, 2026-11-25 02:42 (slower machine) | 384.16 | 236.65 | 308.16 |
  | MariaDB, 2026-11-25 03:46 (slower machine still) | 420.04 | 252.45 | 261.25 |
  | MariaDB, 2026-11-25 06:21 (warm-up until steady, within 10%) | 158.9 | 155.03 | 112.68 |
  | MariaDB, this report (warm-up until steady, within 5%) | ${figure('mysql', 'lead intake')} | ${figure('mysql', 'code request')} | ${figure('mysql', 'verify-code')} |

  The spread between runs is the machine's: quick runs of the same code on SQLite, one after
  another, measured lead intake p99 139–203 ms at 900–1,350 leads/s, code request 97 ms and
  verify-code 105 ms, while the bare floor server's own rate moved between 3,968 and 6,324 req/s
  across these runs (the *burst floor* rows above give this report's run).
- **The admin \`q\` search on an index (2026-11-25).** Measured first, on 100,000 leads outside the
  app: on SQLite the match count of \`torres\` took 20–27 ms (SQLite's planner reads the table, not
  the search column's index, for a generated column), and a search for one visitor's e-mail 40 ms
  for its page (the sort index walked through every lead looking for one). On MariaDB the count took
  35 ms and that one-e-mail page 117 ms. What changed:
  - SQLite: an FTS5 trigram index of the search column (\`leads_search\`; words of 3 characters or
    more, anywhere in the text, case and accents folded). The count of a search alone is read from
    the index (1.3 ms for 10,000 matches, 0.4 ms for one). The page keeps the list's sort index in
    charge and probes the set of matches (2 ms for a common word, 4 ms for one e-mail); driven from
    the index, a common word's page took 18 ms. New leads join the index in batches before each search
    and every 5 s: an FTS5 insert inside the lead's transaction cost 0.10–0.12 ms per lead (a
    synchronous microbenchmark: 29 → 130–152 µs per lead transaction), all of it in the write queue
    every lead of a burst waits for.
  - MariaDB: a search alone first reads its matches' ids from the search column's index, at most
    1,001: one visitor's e-mail is counted and sorted from that one read (117 ms → about 35).
  - A new row measures that second kind of search (\`q\` = part of one e-mail).
- **SQLite checkpoints off the main thread (2026-11-25).** A fresh profile of the SQLite lead burst
  put 263 ms of 1,300 leads in the commit itself, and an event-loop monitor in the app showed stalls
  of 13–40 ms during a burst. The cause was SQLite's automatic checkpoint. By default, the commit
  that takes the write-ahead log past 1,000 pages copies them back into the database file and
  flushes both files to disk: 4 MB and two fsyncs of 4–5 ms each on this disk. A lead writes about
  15 pages (the row, its 9 indexes, its event, the sequence), so this came once every 60–70 leads,
  with the whole process stopped and every request in flight waiting.
  - Now a worker thread with its own connection runs the checkpoints (src/database/sqlite-checkpointer.ts):
    - it runs 100 ms after a write, or after 64 writes;
    - to start the log over at about 1,000 pages, it copies the last few pages while the write queue is held for a millisecond or two, with the event loop free;
    - the main connection's own checkpoint stays as a fallback at 10,000 pages.
  - Measured with the app's own write path and schema: 4,000 lead transactions, two per millisecond,
    three runs each way:
    - a lead's transaction on the main thread: mean 328–398 → 143–163 µs, p99 12.4–14.8 ms → 0.34–0.60 ms,
      longest 17–37 → 3.1–4.5 ms;
    - event-loop delay: p99 15.5–17.4 → 2.2–2.7 ms.
  - In the app, A/B of the previous and the new build, five alternated SQLite bursts each, on a slow spell
    (bare floor 2,500–4,100 req/s): lead intake p99 median 267 → 221 ms. The copying now runs on the
    other core, so the app's total CPU per lead, all threads counted, stays about the same (1.65 → 1.67 ms).
- **The first start on an empty database (2026-11-25).** Of the 4.2–5.5 s this took in the
  previous full run, 2–4 s were the demo seed drawing its 40 pictures (three widths each) before
  the app answered. A boot on a migrated database takes 2.0–2.5 s here. Now the catalogue's rows
  go in before the app answers, and the pictures are drawn after it, in the background. A request
  for a picture not drawn yet waits for it, and it is drawn at once, ahead of its turn; so does a
  request for an image derived from it, such as a phone's portrait crop. A start-up whose
  catalogue shows demo pictures draws any that are missing, so a seed cut short is completed. The
  benchmark asks for every picture once after that first boot, unmeasured, before measuring
  anything else, and so does the Lighthouse suite. This run: 2,534 ms on SQLite and
  2,549 ms on MariaDB, against 4,204 and 5,455 ms in the run before the change (02:42), on the same
  slow spell; a boot on the migrated database took 2.1–2.5 s in both.
- **Where a warm burst's time goes, and the warm-up (2026-11-25, later).**
  - *The main thread is the limit.* Each thread's CPU time, read from /proc during a SQLite burst:
    the main thread was busy 86–94% of the burst, the checkpoint worker and V8's helper threads
    together 0.15–0.2 ms per lead, the load generator 0.15–0.3 ms.
  - *The first thousands of requests cost twice the CPU.* Four bursts of 1,000 leads in a row after
    the 300 of the old warm-up, SQLite: 741, 1,028, 1,315 and 1,406 leads/s, app CPU 1.58, 1.07, 0.89
    and 0.79 ms per lead; on MariaDB 498, 582, 711 and 903 leads/s. It is the engine compiling the
    route's code. With V8's optimisation budget lowered (\`--interrupt-budget\`, an experiment, not
    kept), the first burst cost 1.27 ms per lead instead of 1.55. A larger young generation
    (\`--max-semi-space-size=64\`) gave 4× fewer but longer pauses and no gain, so it was not kept
    either. The bench used to measure a server half way through this. It now warms up with bursts of
    the same size until the rate settles (\`warmUntilSteady\`, bench/lib/load.mjs) and reports the
    first burst in a row of its own. A server that has taken orders for a while is what the target
    describes, and the first burst after a start is shown beside it.
  - *Latency is the rate.* Under a burst, each turn of the event loop reads the ~100 requests that
    arrived during the turn before and answers them all: a timer that should fire every 5 ms fired
    every 70–110 ms. So a request's time is about 100 ÷ the rate (Little's law), and the tail adds the
    young-generation GC pauses (8–18 ms each, about every 100 ms here) and the machine's jitter.
  - *On MariaDB the whole machine is the limit.* The database server's CPU per request is now read
    from /proc as well: 0.68 ms per lead, beside the app's 0.89 ms and the load generator's 0.2 ms.
    That is 1.8 ms of CPU per lead on two cores: at most about 1,100 leads/s, so p50 ≥ 90 ms with
    100 in flight, whatever the app does.
  - *SQLite's search index off the main thread.* New leads joined the trigram index every 5 s in one
    synchronous transaction on the main thread: 7–10 µs per lead in bulk (200 leads in 2 ms, 5,000 in
    34 ms). Under a long burst that stopped the event loop for 30–50 ms every 5 s, and a backlog of
    100,000 leads (after an import) would stop it for about 0.7 s. Now the batches run on the
    checkpoint worker's connection, 200 leads at a time, with the write queue held for about 2 ms
    each (\`writeOffThread\`, src/database/sqlite-checkpointer.ts). An A/B of sustained bursts of 6,000
    leads showed no change of rate beyond the machine's noise; the indexing itself no longer runs on the
    main thread.
- **Back-office lists (2026-11-25, later).** A profile of the admin list requests put 50–58% of the
  main thread in TypeORM, nearly all of it one query: the page's 25 rows were read again with the
  list's conditions, which on SQLite meant reading a \`q\` search's whole match set a second time, or
  walking the status index instead of looking up 25 ids (2 ms a request). The rows are now read by id
  alone: the main thread's SQL time over 1,863 list requests went from 3,830 to 360 ms, the SQLite
  sort + status page's p50 from 10.6 to 8.3 ms, and the MariaDB one with 4 connections from 55 to
  42–52 ms. A further 13% of an admin request was the JWT library trying the secret string as a PEM
  key (a thrown attempt on every token) before making a secret key of it; the key is now made once.
- **The admin \`q\` search on MySQL/MariaDB on an index of its own (2026-11-25, 09:15 UTC).**
  Measured first, outside the app, on 100,000 leads: a common word's count (\`%torres%\`, 7,143
  matches) took 23 ms and one visitor's e-mail 27 ms, both a scan of the search column's index;
  four agents at once made that 85–105 ms in the bench. MariaDB has no n-gram parser and InnoDB's
  FULLTEXT index matches words, not substrings (measured before, above); a table of trigrams finds
  a rare word at once but counts a common one by intersecting tens of thousands of postings. So the
  app now keeps a table of suffixes (\`lead_search_suffixes\`, migration LeadSearchSuffixes): the
  first 8 characters of each lead's search text from every position, in the text's collation. A
  word is a prefix of its key. In the same measurement: the common word counted on the index alone
  in 1.8 ms (23 before), the e-mail found in 0.14 ms (27 before); a word longer than 8 characters,
  narrowed by its first 8 and compared with the text, about 10 ms for 7,000 matches. What it costs:
  about 32 rows per lead, 157–169 MB for 100,000 leads, and 0.11 ms of the database server's CPU
  per lead to index, in batches of 200 in the background and before a search (10–20 s for 100,000
  leads after an import; meanwhile searches compare every row as before). An edit of a lead's names
  or e-mail re-indexes it in the edit's transaction, and a deleted lead's rows go with it. The
  benchmark now waits, after seeding its 100,000 leads, until the index has taken them (3.5–20 s,
  shown in the run's log), as a list is used day to day.
- The lead desk's lists (2026-11-27). The admin suite now also pages the "Mine" view (the
  signed-in admin's new leads; the seeded leads are dealt to the admins, one in two left
  unassigned) and the dashboard's "waiting past the SLA" link (first requests still new, oldest
  first; one seeded lead in 20 is a repeat request). With the indexes of the time, on SQLite, p95
  with 4 connections was 76.7 ms and 55.0 ms: counting 25,000 and 37,000 rows read each row.
  Migration LeadDeskListIndexes adds (agent_id, status, created_at), which replaces the agent
  index, and (status, duplicate_of, created_at), so both counts and pages read an index alone.
  After it, over 100,000 leads, p95 at 1 / 4 connections, three runs on SQLite: Mine 7.4–8.6 /
  15.4–22.0 ms, past the SLA 6.0–9.6 / 20.3–22.6 ms. Two runs on MariaDB: Mine 15.2–17.8 /
  37.7–40.5 ms, past the SLA 18.8–22.6 / 46.1–50.7 ms. The first MariaDB run also had the
  unchanged status page at 64 ms with 4 connections (32 ms on 2026-11-25, 39.9 ms in the second
  run). EXPLAIN on that database showed each query on its intended index (the status page still
  on IDX_leads_status_created), so the spread is the shared machine, not a plan. On MariaDB the
  past-the-SLA page is the closest to its target: the first run missed it by 0.7 ms with 4
  connections (50.7 ms), the second met it (46.1 ms).
- **Counts stop at 10,000 (2026-11-27, 09:35 UTC).** On a fresh machine the lead desk's pages
  on MariaDB missed their target with 4 connections: in three runs, "Mine" 38–76 ms (over 50 in two), past the SLA
  66–82 ms (p50 with one connection 21–31 ms). ANALYZE on the kept database: the page itself was
  instant; the count of 37,501 matching leads read 37,501 entries of IDX_leads_status_duplicate_created
  and took 19–21 ms every time (half of it re-checking the conditions row by row), before any
  concurrency. A count is now \`SELECT COUNT(1) FROM (SELECT 1 … LIMIT 10001)\`: past 10,000
  matches the total is 10,000 and Content-Range says \`10000+\` (the back-office shows "10000+"),
  pages past it are still served. Next run, p95 at 1 / 4 connections on MariaDB: Mine 14.2 / 39.4
  ms, past the SLA 15.7 / 41.6 ms, the status page 20.3 / 47.9 ms; on SQLite 6.3 / 17.8, 6.8 /
  16.6 and 9.9 / 25.7 ms. The \`q\` search for a common word (9,994 matches, counted on its own
  index, under the cap) stays near the line on MariaDB with 4 connections: 44.2–50.5 ms in this
  session's runs.
- Earlier changes kept: two lanes in the SQLite write queue (requests first, one background write
  per 8), the mail file transport writing asynchronously (and now under a temporary name, renamed
  when complete, so a reader never takes half a message for a message without a code).

## Who waits in the first burst (2026-11-26)
Measured from outside, as a flash sale meets the site: \`node bench/trace-burst.mjs\` starts the built
app fresh (demo catalogue, \`BENCH_TRACE=1\`), verifies the e-mails (directly, or with \`--real-codes\`
through the code endpoints and the codes the e-mails carried, 10 at a time), pauses 1.5 s, sends 50
leads 5 at a time, then 1,000 at 100 at a time over new connections while a reader GETs a
destination. With \`BENCH_TRACE=1\` each answer carries the server's timing points (\`x-bench-trace\`:
connection accepted, request arrived, the form lane's steps, the SQLite write queue's enqueue and
start, each MySQL/MariaDB round trip, the answer) and the event loop's delay (\`x-bench-eld\`);
without it nothing is installed (src/common/http/request-trace.ts).
- **The cause of the starvation was the accept, not the write queue.** In a traced SQLite first
  burst (p50 45 ms, p99 1,365 ms, max 1,376 ms), 85 requests were passed by 100 or more that started
  after them. Every one of them spent 1.3–2.4 s between the client's start and its arrival at the app,
  then 1–1.5 ms in the app; their wait in the write queue was 0.01 ms. The write queue was already
  first come, first served. Their connections were *accepted* only at the very end: of the first 100
  connections, about 45 were accepted within 250 ms, then one every 20–60 ms, and the last 55 at
  1,308–1,386 ms, after the other 900 requests had been answered on the connections already open.
  Node 20's libuv (1.46) accepts at most one connection per turn of the event loop, and a turn ran
  every request read in it to its end (a SQLite lead is synchronous from its body to its answer):
  40–60 requests, 30–70 ms a turn (event-loop delay p99 68 ms, max 73 ms). The same happens with a
  bare node:http server that spends 1 ms per request: p99 1.4–1.9 s for 1,000 requests at 100
  connections, the last connections accepted at 1.4 s. On MariaDB the trace showed the same (p99
  1,208 ms, 38 requests passed by 100 later ones), plus 160 ms on average waiting for one of the
  batch pool's 20 connections.
- **What changed.**
  - *Fair admission* (src/common/http/fair-admission.ts): every request other than GET, HEAD and
    OPTIONS goes into one first-come, first-served queue in front of the app, and one of them is
    started per turn of the event loop; a turn that accepted a connection is followed by one that
    starts nothing (at most 32 in a row), so waiting connections are accepted within milliseconds.
    Reads skip the queue: they are answered in the next turn, which now holds about one request's
    work. With the write queue of SQLite first come, first served too, a request can no longer be
    passed by a later one anywhere on its way. The bare node:http server above, with the same queue:
    p99 0.20–0.33 s instead of 1.4–1.9 s, at the same rate.
  - *Ready before listening:* the MySQL/MariaDB batch pool is opened, and every connection of it and
    of the main pool connected, before the app listens (MysqlBatches.onApplicationBootstrap); on
    SQLite the lead intake's statements are compiled then (LeadIntakeRepository.onApplicationBootstrap).
  - A test of the write queue (src/database/transactions.spec.ts): with the queue held, 50 requests
    queued in order are answered in that order; and one of the admission queue
    (src/common/http/fair-admission.spec.ts): writes arrive in order and start in that order, and a
    read is answered while they wait.
- **Traced, before → after** (same machine, same hour, one run each; the machine was slow and busy,
  see below): SQLite first burst p99 1,365 → 332 ms, max 1,376 → 346 ms, requests over 4× the median
  85 → 0, passed by 100 later ones 85 → 0, the reader's GET p99 59 → 15 ms, event-loop delay p99
  68 → 11 ms (max 73 → 13). MariaDB: p99 1,208 → 491 ms, over 4× the median 20 → 0, passed 38 → 0,
  reader GET p99 57 → 15 ms, event-loop delay p99 32 → 9 ms. Untraced A/B of the two builds, SQLite,
  two alternated runs each: first burst p99 1,227 and 2,132 ms (53 and 33 requests over 4× the
  median) against 232 and 198 ms (none); the reader's GET p99 223 and 298 ms against 9.4 and 9.5 ms;
  the later bursts' rates within the machine's noise of each other (604–1,241 against 798–1,159 req/s).
  The median rose (p50 64–143 → 140–180 ms): the requests that used to starve now take their turn,
  so the median is the queue's length over the rate (Little's law) for everyone.
- **The benchmark now measures the first burst.** The lead suite warms up with 50 leads 5 at a time,
  pauses 1.5 s and reports the FIRST burst of 1,000 as the headline; the next nine are reported
  beside it, never instead. Each burst reports p50/p99/max, how many requests waited over 4× the
  median (and by how much), and the p99 of a reader GETting a destination on its own connection
  during it. The heap after a full GC (the app runs with \`--expose-gc\`, \`BENCH_HEAP=1\`) is compared
  after the first and the last burst. The code suite reports its first bursts the same way and a
  burst of 2,000 code requests from 250 loopback addresses (127.0.1.1–127.0.1.250, no proxy header).
  The catalogue suite measures the list, a destination, a pack and the server-rendered destination
  page, each against the ceiling, with the target raised to 90%.

## Cached reads before Fastify (2026-11-27)
- **Read lanes.** A GET whose answer is already in the catalogue cache (an API answer, or a site
  page rendered for everyone) is now answered from the raw request, in the same listener as fair
  admission and before Fastify: the URL's key, a map lookup, and one write of a header list built
  once per cached answer (helmet's headers and CORS's fixed two, collected once at start-up;
  \`src/catalogue/catalogue-fast-path.ts\`, \`src/static/page-read-lane.ts\`). The answer is the same
  bytes, encoding, ETag and headers as the app's own (a test compares them header by header,
  \`test/read-lanes.e2e-spec.ts\`) and is counted in the request metrics under its route; a
  cross-origin GET, a query with a control character, HEAD and every miss take the normal route.
- **Before → after**, same machine and hour (a slow one: the ceiling 7,500–15,700 req/s against
  24,000–50,700 on 2026-11-25), Node 20: list 76% → 99–109% of the ceiling, destination 50% →
  54–69%, pack 60% → 57–72%. The page is now measured as a browser asks for it (\`Accept-Encoding:
  gzip, deflate, br\`, the bytes captured as sent, not decompressed): 83–106%.
- **Where the rest goes** (CPU profile of the app under the destination's load): the \`writev\`
  system call, as for the bare server; the lane's own code about 4%; the request metrics 4%; Node
  20's async hooks, which AsyncLocalStorage (the request logger's context and the SQLite write
  queue's) turns on for every socket write, about 7%.
- **Also in this change:** the code step's six statements and the automated outbox insert are
  compiled before the app listens (as the lead intake's were); the write queue is bounded (10,000
  waiting; one more gets a 503 with \`Retry-After\` and the JSON error body, tested in
  \`src/common/http/fair-admission.spec.ts\`); the README lists every in-memory store's bound. The
  heap check now sends each burst from the same 1,000 visitor addresses: with a new 1,000 each
  burst, the heap after a full GC grew 27% over ten bursts, all of it per-address rate-limit
  counters kept for their 60 s window (a bound by time, in the README); with the same addresses it
  grew 4.2%.

## The data-access refactor, before → after (2026-11-27)
Every service now reaches the database through its module's repositories and \`UnitOfWork\`, the
back-office lists through \`src/database/list-pages.ts\`, and the shared rules are a top-level
package. Behaviour was not to change, so neither were the figures: A/B of the build before the
refactor (ddd9b9c) and this one, the same suites (catalogue, leads, codes, admin paging), same
machine and hour, alternated, nothing else running.
- **SQLite**: lead intake first burst p99 273 ms before, 280 and 228 ms after (540, 580 and
  647 leads/s); later bursts 739–1,065 leads/s before, 715–1,042 and 740–1,216 after; code request
  first burst p99 285 ms before, 285 and 238 after; verify-code 84 ms before, 99 and 82 after;
  admin pages p95 9.7–14.6 ms before, 8.1–13.1 and 10.6–15.1 ms after.
- **MariaDB**: lead intake first burst p99 558 ms before, 390 after (294 and 364 leads/s); later
  bursts 350–587 leads/s before, 353–558 after; code request 411 → 374 ms; verify-code
  259 → 243 ms; admin pages p95 9.0–22.1 ms before, 8.4–22.6 after.
- The catalogue reads (cached, answered before Fastify in both builds) swung from run to run by
  more than any difference between the builds: the pack 48–111% of the ceiling across the runs of
  either build. The heap check: +24.7–25% before (the bench then sent each burst from new visitor
  addresses), +2.0–2.7% after.
- **Found on the way:** the benchmark built only the server, so on a fresh checkout the
  server-rendered page answered 404 and went unmeasured (the first run of the day above shows it);
  it now builds the site too, with the same staleness check as \`npm start\`.
- **The last step (evening):** the lead desk, destinations' images, audit entries, privacy and stop
  links, lead creation, user tokens and the create-admin command moved their last queries into
  repositories (the public lead intake was already in one and did not change). Lead burst A/B on
  SQLite with \`node bench/trace-burst.mjs --untraced --bursts=3\`, the build before (1b93dc9) and
  after, alternated: first burst p99 276 and 308 ms before, 248, 290 and 321 ms after (465 and 441
  against 575, 444 and 427 leads/s); bursts 2–3 526–703 leads/s before, 564–959 after. The
  machine drifted slower through the runs (each build's figures rose with the hour), by more than
  the builds differed.

## The first burst and the engine (2026-11-27, evening)
What the first burst pays for, and whether the engine can be told to pay less:
- **Where a first-burst lead's time goes** (SQLite, \`--cpu-prof\` of the measured server, the
  3.5 s around a burst of 1,000 leads and the reader's 656 GETs; 1,662 ms of the main thread busy):
  the SQLite statements 15% (better-sqlite3), writing the answers to the sockets 14% (\`writev\`:
  on loopback the kernel delivers to the receiver inside the send), the lead intake's own code 9%,
  Fastify 6%, class-validator and class-transformer 6%, the rate limiter 2.5%, garbage collection
  2.5%, the rest spread thinly (the HTTP parser and writer, AsyncLocalStorage, prom-client, the
  logger). No one part is large enough that removing it would bring 100 leads in flight under
  100 ms: that needs about 1,300 leads/s, and this machine gave 407–657 in the first burst and up
  to 959 warm.
- **V8's flags, tried and not kept.** Alternated runs of the same build (first burst p99, leads/s):
  no flag 221–337 ms (median 245) at 407–586/s; \`--no-lazy-feedback-allocation\` (type feedback
  from the first call, so functions are optimised sooner) 208–273 ms (median 235) at 497–657/s;
  \`--always-sparkplug\` (baseline code at once) 208–431 ms; both 251–321 ms;
  \`--max-semi-space-size=64\` (fewer young-generation collections) 262 and 343 ms. The spread
  between runs of the same flags is larger than any flag's gain, so the server keeps the engine's
  defaults.
- **A warm-up before listening** (earlier experiment, not kept): 500 refused lead POSTs through
  Fastify's inject before the app listens took the first burst's p99 from 250 to 194–212 ms. Warming
  the accepted path the same way would need leads written and rolled back inside the running
  server, and even a warm server misses the target on this machine (the later bursts above), so
  the synthetic traffic (counted by the metrics and the rate limiter) was not worth shipping.

## Three consecutive full runs (2026-11-27, 21:04–21:34 UTC)
\`npm run bench\` on both databases three times in a row at commit efbaf8f, nothing else running
(the tables above are the third run; the bare node:http burst floor was 4,652–5,236 req/s in the
SQLite runs and 2,450–4,706 in the MariaDB ones, against 10,533 on the fast spell of 2026-11-25).
- **Met in all three, both databases:** 0 lost and 0 5xx in every burst; no request over 4× the
  median; the reader's GET p99 under 50 ms in every burst; the heap after a full GC −0.4% to +2.5%
  over ten bursts; the pack list at 91–136% of the ceiling; the cold start on a migrated database
  1.9–2.1 s.
- **First-burst p99, run 1 / 2 / 3:** SQLite lead intake 298 / 279 / 357 ms (533 / 470 / 470
  leads/s), code request 293 / 467 / 328 ms, verify-code 111 / 97 / 117 ms; MariaDB lead intake 469 /
  398 / 473 ms (295 / 366 / 304 leads/s), code request 534 / 442 / 359 ms, verify-code 349 / 205 /
  140 ms. Target 100 ms: met once (SQLite verify-code, run 2).
- **Catalogue detail reads:** destination 69 / 81 / 71% of the ceiling on SQLite and 87 / 85 / 97%
  on MariaDB; pack 72 / 80 / 71% and 81 / 125 / 59%. See *Cached reads before Fastify* for the
  cause (Node 20's per-request AsyncLocalStorage cost; 87–89% on Node 24). The server-rendered
  page was at 93–144% of the ceiling every time, but missed its 25 ms p99 twice (29 and 31 ms,
  with the bare server's own p99 at 30 and 29 ms in the same runs).
- **Also missed:** the admin *q search* page on MariaDB with 4 connections in all three runs (p95
  50.2–56.4 ms against 50; 17.8–22.3 ms with one connection), and the empty-database cold start
  (migrations and the demo seed) in three of the six (2.5–3.8 s against 3 s).

## Three consecutive full runs (2026-11-28, 00:00–01:37 UTC)
\`npm run bench\` on both databases, servers on Node 24: run 1 at dcfea0f (00:00), runs 2 and 3 one
after the other at 5d96f95 (01:12, 01:25; the same lead path, plus the group's error handling). The
tables above are run 3.
- **Met in all three, both databases:** 0 lost and 0 5xx in every burst; no request over 4× the
  median; the heap after a full GC −1.2% to +1.2% over ten bursts; the cold start on a migrated
  database 2.3–2.8 s. The reader's GET p99 stayed under 50 ms in every burst but one (52.8 ms, run 1,
  SQLite's tenth lead burst).
- **First-burst p99, run 1 / 2 / 3 (target 100 ms):** SQLite lead intake 212 / 200 / 296 ms (617 /
  744 / 617 leads/s), code request 356 / 183 / 195 ms, verify-code 122 / 115 / 189 ms (p50 51–77
  ms); MariaDB lead intake 391 / 323 / 359 ms (346 / 403 / 368 leads/s), code request 529 / 567 /
  641 ms, verify-code 197 / 272 / 263 ms. Against the three runs of 2026-11-27 on Node 20 (another
  machine): SQLite leads 279–357 → 200–296 ms, code request 293–467 → 183–356 ms.
- **Catalogue reads, SQLite / MariaDB, runs 1–3:** pack list 100, 88, 97% / 84, 100, 93%;
  destination detail 77, 90, 94% / 105, 83, 95%; pack detail 82, 74, 87% / 100, 85, 87%; the page
  96–102% of the ceiling in every run but over its 25 ms p99 (29–38 ms, with the bare server's own
  29–37 ms).
- **Admin pages on MariaDB** missed with 4 connections in runs 1–3 (the sort-and-status page p95
  53–60 ms, the q search 88–95 ms). An A/B right after, the same build on Node 20 and on Node 24:
  72 and 58 ms, 78 and 69 ms: the database server of this machine, not the app's runtime, is slower
  than the earlier reports' (whose runs were on other machines). On SQLite the q search missed with 4
  connections in runs 1 and 3 (60 ms), the one-e-mail search in run 3 (54 ms).
- **The empty-database cold start** missed in five of the six (3.1–3.9 s; 2.9 s in run 3 on SQLite).

## Group commit, the intake's query plans and the image's runtime (2026-11-28)
- **The measured servers run on Node 24**, the production image's runtime (\`bench/lib/runtime.mjs\`:
  the Node 24 that \`.ci/run\` caches, or \`BENCH_NODE\`; the report's header names both runtimes). On
  Node 20 every AsyncLocalStorage runs an async hook per promise (\`_propagate\`, \`emitInitScript\`
  and \`lookupPublicResource\` were in every cached catalogue answer's profile); Node 24 carries the
  context in the promise. Same build, same machine: first lead burst 420 → 584 leads/s (p99 331 →
  244 ms); admin pages and cold start alternated twice each, Node 20 / 24: the status page p95 17–20
  / 10–15 ms, the empty-database cold start 2.9–3.8 / 2.9–3.0 s.
- **Catalogue ratios in alternating rounds.** The ceiling and the app now take turns, 2 s each, for
  the same total time, where each ran 10 s one after the other: the machine's other work then weighs
  on both sides of the ratio. Across the three runs of 2026-11-27 one build's pack detail had moved
  between 59% and 125%.
- **Group commit on SQLite.** A profile of the first burst on Node 24 put 21.5% of the main thread in
  the intake's statements and 10.1% in COMMIT. Outside the app, on the seeded schema, a lead and its
  event cost 400 µs in a transaction of their own and 110 µs in groups of ten: each commit appends
  every page the transaction touched (the lead's row, a page of each of its indexes, its event, the
  agency's notice) to the write-ahead log, one write call per page. Requests' synchronous writes
  (the lead, the code request, verify-code) waiting side by side now share one transaction, each in
  a savepoint of its own: one that fails is rolled back and refused alone, a failed COMMIT refuses
  the whole group, nothing is answered before the COMMIT, and the writes are made and answered in
  the order they arrived (src/database/sqlite-sync.ts). While requests wait in the admission queue an
  open group waits up to 16 turns of the event loop for theirs (at most 32 writes); an idle server
  commits a lone write at once. COMMIT fell to 2.6% of the burst's CPU. Alternated A/B of the build
  before and after (\`trace-burst.mjs --preopen --bursts=3\`, three pairs): first burst 512 / 590 /
  468 → 821 / 566 / 560 leads/s, p99 279 / 248 / 292 → 203 / 270 / 233 ms; bursts 2–3 597–1,013 →
  644–1,172 leads/s. The machine drifted slower through the pairs by more than the builds differ
  within one.
- **The intake's read, and a leads table that grows.** Timing the intake's one read (120 µs) by its
  parts showed SQLite looking up the visitor's open leads by e-mail through the \`duplicate_of\` index
  (\`IS NULL\`: every first request) instead of the e-mail's. With 1,000 / 20,000 / 100,000 first
  requests that lookup took 0.21 / 3.4 / 15.7 ms per lead, inside the write transaction every lead
  waits for; the conditions now filter what the e-mail and phone indexes find (a unary plus keeps
  SQLite's planner off their own indexes): 25–55 µs at every size. The agents' open-lead count (the
  automatic assignment) read every lead of each receiving agent to check its status: 10.5 ms per
  lead with 100,000 leads, 90% closed, over three agents; it now counts the open statuses on the
  agent-and-status index: 0.4 ms. The benchmark had not shown either: it starts from the demo's 60
  leads and its visitors share one phone number, so its leads are repeats. A test holds both query
  plans (SQLite's, and MariaDB's once it has statistics, which already chose the e-mail index).
- **Tried, not kept.** 2,000 lead POSTs of unverified visitors (refused after the intake's read, no
  write) before the first burst: 772 → 862 leads/s, p99 191 → 154 ms, a first burst like the later
  ones; not shipped, for the reasons of the warm-up above. The mail worker stopped during MariaDB
  bursts: 231 / 241 leads/s against 257 / 289 with it, alternated: the agency's notices are not what
  a MariaDB burst waits for.
- **Where a MariaDB lead goes** (profile of a first burst, Node 24): 22% of the app's main thread is
  the socket writes of mysql2's packets (on loopback the sender's write runs the receiver's TCP path),
  5% mysql2, 4% TypeORM; with 2.4 ms of app CPU and 2.1 ms of the database server's per lead on two
  cores that the load generator also uses, about 400 leads/s is this machine's ceiling for that
  path. Sharing round trips between leads, as SQLite now shares commits, is the lever left there.

## Statements compiled at every run (2026-11-28, SQLite 3.54)
- **What was found.** With the group commit in, a first-burst profile on Node 24 still put 29–44%
  of the main thread in the intake's synchronous part, 59% of that on the line of its one read. The
  read takes 10 µs when its statement is bound once and run again (no rebinding), but 120–132 µs
  when run as the app runs it, with new values each time. The difference is a compilation per run:
  SQLite 3.54 (the build in better-sqlite3 13, which Node 22+ loads) marks a parameter compared with
  \`=\` or \`IS\` "re-prepare if rebound to or from 0 or 1" whenever its planner weighs a plan where
  that comparison only filters (any ORDER BY, MIN() or MAX(), or a choice of indexes), and
  better-sqlite3 calls \`sqlite3_clear_bindings\` after every run, which expires a statement with any
  such mark whatever the values. Every execution then parsed and planned its statement again, the
  app's own prepared statements and TypeORM's cached ones alike. SQLite 3.53 (better-sqlite3 12, on
  Node 20) does not mark these: on Node 20 the same statements cost what they cost bound once.
- **What changed.** The driver's Database class (\`src/database/sqlite-driver.ts\`, used by TypeORM,
  the raw statements and the command-line tools) writes each parameter \`+?\` before compiling
  (\`src/database/sqlite-binds.ts\`): a unary plus makes it an expression, which SQLite never marks,
  with the same value, affinity and collation, and an index is still used for \`column = +?\`. A
  parameter after LIKE or GLOB keeps its bare form (a LIKE prefix is planned from its pattern), and
  quoted text and comments are left alone. The read workers and the checkpoint worker, which load
  the driver themselves, are sent the rewritten SQL. Unit tests hold the rewrite, and run the same
  queries (text, numbers, NULL, blobs, big integers, IN, LIMIT/OFFSET, LIKE) both ways on a real
  connection for the same rows; the whole suite ran on Node 24 through it (1,097 passed).
- **Measured** (\`node bench/statement-reprepare.mjs\`, Node 24, µs per run, \`?\` / \`+?\` / bound
  once): \`a = ? ORDER BY id LIMIT 1\` 10.4 / 1.3 / 1.5; \`MIN(id) WHERE a = ?\` 14.7 / 1.9 / 0.9; the
  intake's read on a bench database of 3,110 leads 131.8 / 13.5 / 10.3; a lead's INSERT 25.6 /
  15.1. In the app's profile the read's line fell from 457 to 56 samples over three bursts. The
  first full run after it (03:12 UTC, 03944eb), against one of the build before at 02:40 on the
  same machine: SQLite first lead burst 782 → 1,117 leads/s, p99 214 → 128 ms, app CPU 1.43 → 0.97
  ms per lead; the admin pages on SQLite all met their targets (the q search with 4 connections
  p95 42 ms); MariaDB does not use this driver and moved only with the machine.
- **Tried, not kept.** Tiering flags for the engine (\`--invocation-count-for-maglev=100
  --invocation-count-for-turbofan=1000\`): the first burst was slower (737–947 against 919–1,116
  leads/s, alternated). Larger young-generation semi-spaces (16–32 MB): no difference beyond the
  noise. The mail worker held back during a code-request burst (the codes' e-mails are built and
  written on the main thread as the burst goes): 620 / 715 → 1,003 / 753 code requests/s in two
  alternated pairs, too noisy to ship a delay of the codes visitors wait for.
- **Three consecutive runs after it** (\`npm run bench\` on both databases, servers on Node 24:
  03:12 at 03944eb, 03:59 and 04:09 UTC at 3b72a8e, the same code with the README; the tables
  above are run 3). Met in all three, on both databases: 0 lost and 0 5xx in every burst, no
  request over 4× the median, the reader's GET p99 under 50 ms in every burst (17.8–46.1 ms in the
  first ones), the heap after a full GC −1.7% to +1.2% over ten bursts, the cold start on a migrated
  database (1.8–2.5 s); on SQLite every admin page, with 4 connections too.
  - *First-burst p99, run 1 / 2 / 3* (target 100 ms): SQLite lead intake 128 / 147 / 133 ms (1,117
    / 869 / 1,205 leads/s, against 617–744 in the three runs before), code request 148 / 174 / 170
    ms, verify-code 76 / 124 / 144 ms (met in run 1); MariaDB lead intake 289 / 231 / 399 ms (522 /
    556 / 311 leads/s), code request 338 / 432 / 343 ms, verify-code 132 / 133 / 190 ms.
  - *Catalogue detail reads* below 90% of the ceiling: SQLite's pack detail 78 / 83 / 71% (its
    destination detail 91 / 81 / 94%), MariaDB's destination detail 85 / 86 / 86% and pack detail 92
    / 94 / 84%; the server-rendered page at 97–101% of the ceiling, with a p99 of 29.7–39.1 ms where
    the bare server's own was 31.1–36.1 ms.
  - *Also missed:* MariaDB's admin pages sorted by status and searched by q with 4 connections (p95
    40–58 and 64–81 ms), and the empty-database cold start in two of the six (4.1 s on SQLite in
    run 2, 3.2 s on MariaDB in run 1).

## The mail worker, a Node 24 key cost and a warm-up before readiness (2026-11-28, morning)
- **What was found.** Profiles of the code-request burst (\`BENCH_NODE_ARGS=--cpu-prof\`, Node 24)
  and the burst's requests laid out by their start time (\`BENCH_TIMELINE=1\`):
  - *Signing the stop links:* 7–9% of the main thread in the burst. Given a Buffer key, Node 24's
    \`createHmac\` builds and checks a key object at every call: 10.5–14.8 µs, against 1.8 µs with a
    KeyObject made once (Node 20: 1.8 µs either way). Every code mail signs its stop link twice (its
    body when the code is asked for, its List-Unsubscribe header when it is sent). The key is now a
    KeyObject made once, and the hex-to-letters step a table lookup instead of a replace per
    character (\`src/mail/stop-links.service.ts\`).
  - *The mail worker under a burst:* it claimed again each time one of its 10 slots freed (up to a
    claim transaction per mail) and wrote each mail's sent mark alone (on MariaDB an autocommit
    each). It now claims once half its slots are free, writes the sent marks together (one
    statement for up to 50 mails, within 20 ms; padded to six fixed sizes so six statements cover
    every group), and on MariaDB claims through the batch pool in two round trips instead of
    TypeORM's five. A delivered mail waits at most those 20 ms for its mark under its claim's lease,
    as it did while being sent: nothing sends it twice (the outbox e2e test with two workers
    draining one outbox checks every row marked, released and emptied). MariaDB code-request first
    burst, one run before and after on the same machine: 626 → 728 requests/s, app CPU 1.79 → 1.41
    ms and database server CPU 0.57 → 0.43 ms per request. The outbox transport also made its folder
    before every mail: now once (made again if it goes away).
  - *The first burst after a start:* still 1.2–1.5× slower than the second on the same server. A
    start-up warm-up now runs before readiness (\`src/common/http/warm-up.ts\`): about 750 requests
    the process sends itself in memory along a flash sale's paths, each refused without writing (a
    lead for an e-mail never verified, a guess for an e-mail with no code, a code request with an
    invalid address) plus catalogue reads and the destination page, from documentation addresses and
    with a token only the process knows, so no visitor's rate limit is spent and nothing is logged
    or counted. \`/api/health/ready\` (the image's HEALTHCHECK) answers 503 until it is over, and the
    benchmark now waits for ready before measuring. Two alternated pairs on SQLite, lead first burst
    without / with: p99 178.8 / 100.3 ms and 89.4 / 84.4 ms; 1,418 / 1,639 and 1,708 / 1,786
    leads/s: the same direction twice, smaller than the spread between runs. It costs readiness
    0.4–0.6 s on SQLite and 0.9–1.4 s on MariaDB (each refused lead is two round trips there, sent
    one after another); the first 200 of \`/api/health\` (the cold-start target) is unchanged.
- **Tried, not kept.** The mails built and written on a thread of their own (nodemailer and the
  file writes in a worker thread): three alternated pairs of SQLite code-request bursts did 1,182 /
  1,041 / 1,097 requests/s with it and 959 / 1,086 / 857 without, p99 136 / 132 / 152 against 146
  / 114 / 171 ms, app CPU 1.17–1.35 ms per request either way: no difference beyond the noise. The
  two cores are already busy (the load generator, the app's other threads), so moving work to
  another thread shortens nothing. A 64 MB SQLite page cache instead of the default 2 MB: p99 102
  against 130 ms at 1,391 against 1,487 leads/s in one pair, no gain.
- **Three consecutive full runs after it** (\`npm run bench\`, both databases, servers on Node 24,
  commit 471f918; 06:48, 06:57 and 07:05 UTC; the tables above are run 3). This machine was faster
  today than in the earlier reports: the bare \`node:http\` burst floor did 9,863–14,484 requests/s
  on SQLite's runs (6,697 in the last report's run 3). Met in all three, on both databases: 0 lost
  and 0 5xx in every burst, no request over 4× the median, the heap after a full GC −2.5% to +2.1%
  over ten bursts, every admin page with 1 and 4 connections, the cold start (1.2–1.5 s to the
  first 200 on a migrated database, 1.5–1.8 s on an empty one), and Lighthouse on every page. The
  reader's GET p99 stayed under 50 ms in every burst but MariaDB's verify-code burst of run 2
  (61.6 ms).
  - *First-burst p99, run 1 / 2 / 3* (target 100 ms): SQLite lead intake 99.3 / 98.0 / 109.4 ms
    (1,608 / 1,696 / 1,749 leads/s), code request 83.0 / 127.7 / 94.5 ms, verify-code 84.8 / 100.1 /
    48.1 ms; MariaDB lead intake 254 / 173 / 222 ms (604 / 808 / 606 leads/s), code request 225 /
    192 / 351 ms, verify-code 84.4 / 137.9 / 88.9 ms.
  - *Catalogue reads:* every one at 94–115% of the ceiling with a p99 of 2.9–13.8 ms in runs 2 and
    3; in run 1 SQLite's destination and pack details measured 88% and 87% (the same build 97–105%
    and 94–99% in the two runs after). The page's p99 target (25 ms) was met in all six.
  - *Readiness after the warm-up:* 1.6–2.1 s on a migrated SQLite database, 2.1–2.8 s on MariaDB;
    3.8–4.6 s on an empty one, where the warm-up shares the cores with the demo seed's pictures.

## The MariaDB form POSTs as stored procedure calls (2026-11-28, late morning)
- **What was found.** A profile of MariaDB's first lead burst (the app with \`--cpu-prof\`, the
  database server with \`perf record\`), on a machine slower today than this morning (SQLite's lead
  first burst 1,004 leads/s at 1.19 ms of app CPU per lead, against 1,749 at 0.67 ms then):
  - *The app:* mysql2's socket writes were a quarter of the main thread during the burst, 0.7 ms per
    lead for its three round trips (0.24 ms each). On loopback the sender's write runs the
    receiver's TCP path and wakes the server's thread, and this machine's kernel is paravirtualised,
    where a wake-up is dear. The HTTP answer's own write costs 0.18 ms.
  - *The server:* MariaDB answers each statement of a multi-statement query with a packet of its own,
    one send each (seen with strace: six statements, six sends), so a lead's ten statements were ten
    sends and as many wake-ups of the app, besides the three commands. Of its CPU, the optimizer
    took 21% (15% on the intake's read of seven subqueries), the parser 9%, execution 11%, the
    commit's flush 7%, the kernel's socket and scheduling work about a third.
- **What changed.** Each form POST is one statement on MySQL/MariaDB: a call of a stored procedure
  (\`lead_intake_v1\`, \`lead_code_send_v1\`, \`lead_code_verify_v1\`, created by migrations) that locks the
  e-mail's row, reads, decides as the SQLite path does, writes and commits, and answers one row. The
  limits come in as parameters from \`shared/rules/lead.ts\`; a unit test holds the intake's read to
  the SQLite path's text. Calls that wait while each of the 6 pipeline connections is busy go out
  together as one multi-statement query, first come first served (\`MysqlBatches.pipeline\`); a call's
  error (a deadlock, a duplicate key) is answered as its row after its rollback, so the calls sent
  with it still run, and the caller retries or refuses as before. A call waits 2 s at most for a row
  lock (the server's default is 50 s), since the calls sent after it on its connection wait behind
  it. With \`LEADS_NOTIFY_EMAIL\` set a lead is two round trips (the notice carries the lead's
  number; the bench sets none).
- **Measured, alternated A/B** (\`trace-burst.mjs\` on MariaDB, the first burst of 1,000 leads; both
  builds with the visitors' one shared phone number, see below):
  - before / the procedure alone: 422 / 626 and 415 / 493 leads/s;
  - before / the procedure / with the pipeline: 386 / 459 / 721 and 392 / 506 / 589 leads/s;
  - CPU per lead, before / after (app + database server): 2.24 + 1.77 and 2.75 + 2.07 ms against
    1.63 + 1.41 and 1.67 + 1.79 ms.
  - In a full run's code suite (one run each): verify-code 888 → 1,412 requests/s (app 1.05 → 0.67 ms,
    server 0.51 → 0.36 ms per request), the code request 427 → 475 requests/s.
- **The pipeline seldom sends several calls at once in these bursts:** over one trace run (its
  start-up warm-up, the 50 leads and the first burst) 901 of 965 sends carried one call. The app's own HTTP work is the limit, so a pipeline connection is usually
  free when a call comes. *Tried, not kept:* holding the calls to the end of the event loop's turn, to
  send more together: 634 of 878 sends still carried one call and 206 two, and two alternated pairs
  gave 551 / 719 leads/s without against 534 / 456 with it.
- **Where the server's CPU goes now:** the intake's read is about 0.6 of 0.9 ms per call (one
  connection, 1,500 calls in a row); \`optimizer_use_condition_selectivity = 1\` (less statistics work
  in MariaDB's optimizer) changed nothing measurable.
- **The bench's visitors now have a phone number each** (they shared one): every lead was a repeat
  request of the first, with one more event, and the intake's lookup of the open leads with that
  number read a longer run of the phone index at every burst. Real visitors have numbers of their own.
- **After the measured run:** a connection parses a procedure the first time it calls it (1–5 ms,
  measured on a fresh connection), and the start-up warm-up reached only the intake's procedure, on
  few connections. Every connection of the batch pool now calls each procedure once before the app
  listens, with no e-mail (the procedures do nothing then); a test checks every connection and that
  nothing is written. A call may also wait 2 s at most for a row lock (above). Neither is in the
  figures of this report.

## Two pipeline lanes and a warm-up over real connections (2026-11-28, afternoon)
- **Two lanes for MariaDB's form calls, not six.** Alternated first bursts of 1,000 leads
  (\`trace-burst.mjs\`, MariaDB), the same build with the pipeline's lane count changed alone:
  - p99 with 2 lanes 202–248 ms (225, 202, 230, 215, 211, 219, 244), with 6 lanes 243–363 ms (326,
    245, 313, 363, 244, 283, 247): lower in every pair, at the same rate (614–845 against 507–734
    leads/s). One lane: 212–332 ms; three: 210–278 ms.
  - In the code suite (\`run.mjs --only=codes\`, MariaDB, two pairs): the code request's first-burst
    p99 303 and 332 ms against 325 and 401 with six lanes, verify-code 122 and 126 against 141 and 141.
  - Why: with six lanes six calls ran side by side in the server, on two cores the app and the load
    generator share, queued there for the same agent's row lock in no particular order; with two,
    the calls wait in the app's first-come, first-served queue and more of them travel together (one
    socket write for several). Two lanes still carry up to 20 calls a round trip each.
  - The fault suite caught what fewer lanes cost when the server stalls: with the database server
    frozen (SIGSTOP), calls queued behind the two stalled batches were sent once those timed out (5 s)
    and waited 5 s more, so requests were answered 503 after 10 s. A batch the server does not answer
    (a time-out, a lost or refused connection) now refuses at once the calls waiting behind it, which
    were never sent (\`mysql-batches\` e2e test; the fault test passes again, and fails without it).
- **The start-up warm-up now goes over real connections.** A profile of one server's first burst
  against its third (SQLite, \`--cpu-prof\`, 1,000 leads each): 847 ms of the main thread against 535,
  the difference spread over many functions (garbage collection +35 ms, class-validator's metadata
  lookups +20, the socket writes +16, the lead service and the group commit +13 each, Fastify, the
  rate limiter, the JSON parser): code not yet optimised. The warm-up had run through Fastify's
  inject: Fastify on light-my-request's objects, and no HTTP parser, socket, admission queue or
  cached-read lane at all. It now sends its requests over 8 connections to the instance's own port
  (one request in five closes its connection, so connection set-up is warmed too), and 600 rounds
  instead of 200; the rate limits count them under documentation addresses, never the loopback
  address they come from (a test checks both).
  - Inject (200 rounds) against sockets (200 rounds), SQLite first bursts, three alternated pairs:
    app CPU per lead 0.99 / 1.29 / 1.11 against 0.92 / 0.90 / 0.79 ms; 1,129 / 817 / 982 against
    1,198 / 1,198 / 1,390 leads/s; p99 136 / 196 / 160 against 142 / 129 / 142 ms.
  - Sockets, 200 rounds against 600, six alternated pairs: 1,002 / 853 / 1,315 / 827 / 882 / 890
    against 1,369 / 1,377 / 1,040 / 920 / 957 / 1,194 leads/s; app CPU per lead 0.93 / 1.28 / 0.80 /
    1.29 / 1.21 / 1.24 against 0.78 / 0.77 / 1.03 / 1.12 / 1.08 / 0.90 ms; p99 165 / 180 / 129 / 199 /
    166 / 173 against 112 / 127 / 214 / 163 / 151 / 122 ms. Better in five pairs of six.
  - On MariaDB, the warm-up through inject (200 rounds) against the one shipped (sockets, 600 rounds),
    the rest of the build the same (two lanes), three alternated pairs at 15:30 UTC: app CPU per lead
    1.01 / 0.91 / 0.93 against 0.81 / 0.72 / 0.80 ms; 756 / 817 / 773 against 794 / 849 / 794 leads/s;
    p99 244 / 186 / 198 against 181 / 168 / 194 ms. The database server's CPU per lead was a little higher
    with it (0.80–0.87 against 0.95–0.99 ms), not explained here: the warm-up itself is the app's.
  - Its cost: on a migrated SQLite database 200 rounds over sockets took 0.93 s, 600 took 1.97 s
    (200 through inject: 1.13 s). Readiness comes that much later; the first 200 of \`/api/health\`
    (the cold-start target) does not move. The budget stays 3 s.
  - The first burst still costs more than the later ones: the accepted path (the lead's insert, the
    group commit, the 201's answer) is not in the warm-up, since it writes; and the later bursts of
    \`trace-burst.mjs\` reuse their connections, where the first opens 100.
- **Where MariaDB's time goes in one intake call** (the procedure called 1,000–1,500 times in a row
  on one connection, the server's CPU per call): the call itself with a trivial body 0.11 ms, the
  transaction and the e-mail's row lock 0.08 ms, the writes and the commit 0.22–0.25 ms, the read
  0.45–0.5 ms, spread over its seven subqueries (0.05–0.15 ms each: none dominates).
- **Tried, not kept.** MariaDB over its Unix socket instead of TCP on loopback: two pairs, 492 and
  550 against 690 and 604 leads/s. \`--no-flush-bytecode\` (the warmed functions' bytecode kept through
  idle collections): two pairs, no difference. One pass over the visitor's leads for the intake's
  three e-mail lookups (repeat, earlier lead, open original) instead of three subqueries: no
  measurable change in the server's CPU per call.
- **Noticed, not changed.** The agents' open-lead count behind the automatic assignment counts the
  open statuses' index entries of each receiving agent at every lead, so its cost grows with the
  open leads (0.4 ms per lead with 10,000 open over three agents on SQLite, *Group commit* above). The
  benchmark does not see it: no agent of its database receives leads, so its leads stay unassigned. A
  counter kept by triggers would make it constant.

## E-mails give way to a burst (2026-11-28, evening)
- **What was found.** A code request's e-mail was claimed, built, sent and marked while the burst that
  asked for it was still arriving: the outbox worker is woken by every commit that queues a mail. On
  SQLite its claims and sent marks take the write queue between the visitors' writes; on MariaDB they
  travel to the server. The first code-request burst cost 1.67–1.86 ms of app CPU per request on
  SQLite and 2.5–3.2 ms on MariaDB, against 0.42–0.61 ms for the verify-code burst that sends nothing.
- **What changed.** While form POSTs wait in the admission queue, the worker puts off its next claim,
  1 s at most in one busy spell (\`OUTBOX_YIELD_MS\`); past that it claims as usual for the rest of the
  spell, so a long one never holds the outbox up. A unit test holds the hint and lifts it, and checks
  the bound.
- **Measured** (\`run.mjs --only=codes\`, alternated, the yield's length the only change; its 0 is the
  old behaviour):
  - SQLite, three pairs and one more run without: code request first-burst p99 207 / 245 / 373 ms
    without, 189 / 158 / 122 ms with; 614–733 against 1,123–1,528 requests/s; app CPU per request
    1.67–1.86 against 0.73–0.99 ms. Bursts 2 and 3: 106–240 ms without, 65–96 ms with.
  - MariaDB, two pairs: 456 / 519 ms without, 273 / 271 ms with; 327–405 against 752–800 requests/s;
    app CPU per request 2.52 / 3.15 against 1.22 / 1.35 ms. Three more runs with it (1 s and 2 s
    bounds): 258–351 ms, no difference between the bounds.
  - The CPU is not saved, it is moved: the mails are built and sent in the second after the burst
    instead of during it. The verify-code burst that follows kept its reader's GET p99 under 50 ms
    (9–40 ms).
  - The lead intake, whose bench queues no agency notice, did not move (one SQLite pair: 134 against
    167 ms, noise of this machine).
- **What remains on MariaDB:** 1.2–1.6 ms of app CPU per code request with the mails out of the
  way, against 0.7–1.0 on SQLite.

## Scheduled jobs give way to a burst (2026-11-28, night)
- **What was found.** The full run of 21:02 UTC (commit 39f0f98) had one SQLite lead burst, the
  tenth, at p99 1,172 ms: all 100 requests in flight waited about 0.8 s more than the median, and the
  reader's GET waited 953 ms. That burst ran at 21:05:00, when the follow-up sequence
  (\`EVERY_5_MINUTES\`) wrote its day-0 step to the 200 oldest new leads: 200 transactions one after
  another, each a write in the queue among the visitors' and, on SQLite, a chain of promises that
  settle at once, so no socket was read until the chain ended. Reproduced with the job every 5 s
  (a build changed for the experiment only): the third burst of the run had p99 969 ms, 100 requests
  over 4× the median by up to 672 ms, the reader's GET 845 ms. Only one burst: the job then read the
  same 200 oldest leads at every run, found none of them due (they had their day 0, day 2 was days
  away) and sent nothing more, so newer leads never had their first step (a bug of its own).
- **What changed.** The follow-up sequence, the task reminders and the SLA notices wait before each
  of their transactions (\`GiveWay\`, \`src/database/writes-waiting.ts\`, the signal the outbox
  already read): one turn of the event loop always (the sockets are read, arriving requests queue),
  then as long as form POSTs wait to start, 5 s at most in one busy spell. The outbox worker uses
  the same class with its 1 s bound. The follow-up run reads only the leads due a step, in SQL.
  Tests: a unit test of the wait and its bound, and e2e tests that a run waits while writes wait and
  that a lead due its first step is reached past older ones waiting for their next (both fail
  without the change).
- **Measured** with the job every 5 s: two SQLite runs, 20 bursts, the worst p99 128 ms (a first
  burst), no request over 4× the median, the reader's GET at most 37 ms; one MariaDB run, no request
  over 4× the median.

## Start-up: the compile cache (2026-11-29)
- **Where a start went.** A CPU profile of the built server on Node 24, from spawn to the first 200
  of \`/api/health\` on a migrated SQLite database (1.1–1.2 s under the profiler): about 250 ms in
  V8 compiling the modules it loads (\`wrapSafe\`: the server's and its libraries', some 2,700
  files), then Nest's module scan and route table, TypeORM's metadata, the password list of the
  sign-up rules, and GC.
- **What changed.** \`src/compile-cache.ts\`, imported first by \`main.ts\`, turns on Node's
  on-disk compile cache (Node 22.1 and later): each start reads the bytecode of the modules the start
  before compiled. Its folder is \`NODE_COMPILE_CACHE\`, else \`node-compile-cache\` in the temporary
  folder; the image sets \`/app/.compile-cache\` and fills it in a build step on its own Node, so the
  first start of a new container is served from it too. A folder that cannot be written leaves the
  cache off, nothing else.
- **Measured** (\`--only=cold\`, SQLite, the same quiet spell, three runs each): the migrated
  database's start to the first 200 went from 1,069–1,097 ms to 900–1,000 ms once the cache was
  there (the run that fills it: 939–1,000 ms); the empty database's (migrations and demo seed) from
  1,413–1,628 ms to 1,251–1,323 ms (1,765 ms in the run that fills it). Requiring the server's
  modules alone: 600–650 ms without the cache, 480 ms with it.
- **Tests.** An e2e test starts the built server with no setting and finds its modules compiled in
  the temporary folder (it fails without the import in \`main.ts\`), and runs the Dockerfile's fill
  step outside a container, then a start that reads the server's and Nest's modules from that cache
  (Node's own report, \`NODE_DEBUG_NATIVE=COMPILE_CACHE\`). Skipped on Node 20, which has no such cache.
- **Looked at, not changed: the MariaDB commit.** With \`innodb_flush_log_at_trx_commit=2\` (no
  flush at each commit; set for one experiment, then back to 1) the database server's CPU per lead
  went from 0.61–0.62 ms to 0.57 ms in the first burst: the commit is a small part of its work, so
  leads sharing a transaction would save little of it. Its time goes to the statements of the
  intake procedure themselves.

## The load generator measured itself (2026-11-29)
- **Found.** The server-rendered page missed its p99 target (25 ms at 50 connections) in most runs,
  with the bare \`node:http\` server answering the same bytes at the same p99 (26 ms in the first full
  run of this morning, 37–40 ms on slow spells) and at 3,800 requests/s where the API details did
  40,000. Replaying the page's captured answer from the ceiling server: 3,400 requests/s at p99 29 ms;
  the same headers with a body of the same length in ASCII: 24,000 at p99 6 ms. autocannon keeps each
  response's body as a string (\`body += chunk\`), decoding it as UTF-8: the page is sent brotli-
  compressed, 18 KB of bytes that are not UTF-8, the decoder's slow path, at every response. The
  load generator, on the same two cores, was the limit for the app and the ceiling alike.
- **Changed (bench only).** \`bench/lib/load.mjs\` keeps no response body (no suite reads them):
  the ceiling serves the page at 24,000–31,000 requests/s. Measured again on SQLite right after: the
  page at 110% of the ceiling (34,327 against 31,293 requests/s), p99 3.9 ms; the pack list, a 37 KB
  JSON answer, went from 21,800 to 39,900 requests/s at 106% of its ceiling. Each ratio is now the
  app's cost against the bare server's, not the generator's against itself.

## The load generator's first burst (2026-11-29, morning)
- **Found.** The bench process's own CPU over a burst (now in each burst's figures: *load
  generator*): in the first lead burst 0.20–0.35 ms per request with undici, and 0.27 ms (0.23 ms of
  it user time) with the bench's own client before it was warmed, against 0.07–0.13 ms (0.05–0.11
  user) in the later bursts of that run. The generator ran code of its own (undici,
  the burst loop) for the first time in the app's first burst and was compiling it on the two cores
  the app needed: each first burst was measured with a slower, hungrier generator than the bursts
  after it, by about a third of the app's own CPU per lead.
- **Changed (bench only).** The bursts use a client of the bench's own (\`bench/lib/raw-http.mjs\`:
  keep-alive HTTP/1.1 connections carrying one request at a time, each request's bytes built before
  the clock starts, only the status and the body's end parsed; undici stays for the reader). Before
  a suite's first burst, \`warmLoadGenerator()\` runs four bursts of 1,000 POSTs with a reader
  against a bare \`node:http\` server, never against the app, whose first burst stays its first.
  The generator's CPU in the first lead burst: 0.10–0.15 ms per request in the series below (0.07–0.13
  in the later bursts).
- **What it did to the figures:** less than this machine's spread. SQLite first-burst lead p99 in
  \`--only=leads\` runs on this machine: 67–123 ms over 18 runs before (undici, not warmed), 72–104 ms
  over 3 after. The first burst still costs the app more CPU per lead than the later ones (0.76–0.96
  against 0.52–0.86 ms).

## Looked at this morning, not kept (2026-11-29)
- **A rehearsal of the accepted path at start-up.** Three rounds in four of the start-up warm-up sent
  a lead for a reserved address that was taken through the whole accepted path (the intake's
  statements in the write queue, the 201's answer) and rolled back in its savepoint, nothing stored.
  In six alternated pairs of \`--only=leads\` on SQLite, the first burst's CPU per lead over the
  mean of bursts 3–10 was 1.21 / 1.34 / 1.30 / 1.24 / 1.33 / 1.10 without it and 1.28 / 0.89 / 1.33 /
  1.23 / 1.04 / 1.53 with it: no difference to find, so no write-and-roll-back path was added to the
  public intake.
- **A larger young generation from the start** (\`--min-semi-space-size=16\`, six alternated pairs,
  SQLite): the same ratio 1.26 on average without, 1.22 with, p99 within the spread. Not set.
- **Where a MariaDB intake call's time goes, by part.** The procedure called 300 times in a row on
  one connection per variant, variants alternated over 6–10 rounds, the database server's CPU per call
  from its threads' scheduler statistics (nanoseconds): the whole procedure 644 and 703 µs (medians
  of rounds in two runs; single rounds 585–888); without the context read 413–418 µs, so the read is
  about 230–290 µs; without the agent choice, without its count of open leads, without the three
  e-mail lookups, without the phone lookup, without both SETs, with the two events in one INSERT,
  without the agent's mark: each 611–697 µs, within the spread of the whole. The rest is the call, the lock, the
  lead's insert (the table has 14 secondary indexes and 4 foreign keys, each written or checked at every
  insert) and the commit, with no single statement dominant. On SQLite the agent's count costs 8 µs
  of a 71 µs read at 50–10,050 open leads.
- **The SQLite first-burst stall of run 1 below.** A run of the catalogue and lead suites with
  \`--trace-gc\` and the timeline, right after the series, showed the same shape (the requests started 500–600 ms into the burst answered in 138–160 ms,
  the rest in 72–104): scavenges of 7.6 and 15.4 ms inside the burst, about 5 MB promoted at each,
  and a mark-compact of 15 ms just before it. \`bench/trace-burst.mjs\` found the slowest requests
  waiting before the server read them (135 ms from the client's start to their arrival, against 65
  ms on average), with the event loop's longest delay in the burst 45 ms: the process busy elsewhere
  (collection, the answers of earlier requests), not a queue passing them over.

## The cached reads' own cost: request metrics (2026-11-29, forenoon)
- **Found.** A profile of the catalogue suite (SQLite, \`--cpu-prof\`, Node 24, Intel cores) split the
  app's main thread so: prom-client's \`Counter.inc\` and \`Histogram.observe\` 4.1% (each call checks
  the labels object and builds a key from it: 1.57 µs per answer, timed alone), the page lane's
  reading of \`Accept-Encoding\` 1.1%, the rest of the app's own code about 7% (the URL's key, the
  cache lookup, the answer's write), and the remaining ~88% the node:http work the ceiling does too
  (socket writes, header checks, the parser). A cached answer costs about 40 µs of CPU on these
  cores, so each microsecond is 2–3 points of the ratio.
- **Changed.** \`http_requests_total\` and \`http_request_duration_seconds\` are kept by the app
  (\`src/metrics/request-series.ts\`) in plain numbers per series, found through maps by route, method
  and status (a key string built per answer costs a hash at every lookup: 0.79 µs), and handed to the
  registry as prom-client's values when scraped: 0.06–0.11 µs per answer. A unit test feeds the same
  answers to it and to prom-client's own Counter and Histogram and compares the exposition text and
  JSON, also after a reset. The page lanes remember the encoding chosen for each \`Accept-Encoding\`
  value (the first 64, of at most 256 characters; the README's table of bounds).
- **Measured.** Three alternated pairs of \`--only=catalogue\` (SQLite), the changed files swapped in
  one build (list / destination / pack / page, % of the ceiling): before 90 / 87 / 92 / 93, 101 / 91 /
  82 / 98, 91 / 93 / 95 / 96; after 100 / 93 / 109 / 92, 96 / 97 / 101 / 99, 90 / 89 / 106 / 101. The
  mean of the twelve ratios went from 92.4% to 97.8%; below 90%, 2 of 12 before and 1 of 12 after.
  These are rates of a warmed server (the ratio target is defined so), and the per-answer costs above
  are timed in warmed loops; what the change does to the first burst after a start was not measured
  apart (the lead and code suites' first bursts, which the metrics are also counted in, moved with
  the machine: *Known misses*).
- **On the lead path** (the same profile of the lead suite): the rate-limit guard hashed the default
  budget's key with SHA-256 at every request (the library's default) and read the client's address
  twice (each reading walks X-Forwarded-For with \`TRUST_PROXY\`); it now keys it as it is
  (controller, handler, budget, client; the warm-up e2e test reads those keys) and reads the client
  once. pino's redaction of headers that the serializers never log copied each request logger's
  bindings; it is gone (the leaks e2e test fails if a header reaches a log line). About 3% of a lead's
  app CPU in the profile together: less than this machine's spread between runs, so no rate is claimed.
- **Noticed, not changed.**
  - class-validator finds a DTO's rules by walking every validated class of the app at each
    validation (\`getTargetValidationMetadatas\`): 1.5–2.2% of a lead.
  - The app's one Nest middleware, nestjs-pino's request logger, is what makes Fastify run middie at
    every request, and middie reads the client's address, its address list, host and protocol (four
    walks of X-Forwarded-For): middie, that logger and those readings are about 4–5% of a lead. A
    request logger on a Fastify hook would drop middie.

## A major collection inside the first burst (2026-11-29, afternoon)
- **What was seen.** On 2 AMD EPYC cores faster than any before (the burst floor 19,653–25,487
  requests/s), four full runs of commit f2ff723 met every target but MariaDB's first lead burst in
  three of them: p99 132.4, 133.8, 96.4 (met) and 127.5 ms, at a p50 of 48–53 ms. The same burst
  measured alone (\`--only=leads\`, MariaDB) met it in all ten runs (three of them profiled or
  instrumented), 63.9–97.6 ms, and so did two runs of \`--only=catalogue,leads\` on MariaDB alone
  (75.8 and 84.4 ms). The rate was about the same in both (1,500–2,000 leads/s): the difference was
  the tail.
- **What was found.** A full run with \`--trace-gc\`, \`BENCH_TIMELINE=1\` and \`BENCH_APP_LOG\` (which
  now marks each burst's start and end among the app's lines) caught a missed one (127.5 ms): inside
  the burst, a mark-compact of V8's old generation (34.4 ms of marking steps on the event loop over 97
  ms, then a 15.3 ms pause) and two scavenges of 5.3 and 14.1 ms; the requests started 200–400 ms
  into the burst were answered in 72–82 ms at the median and 128 ms at most, against about 50 ms
  before and after. The lead suite ran on the server that had just served the catalogue suite (a
  minute at 40,000–60,000 cached answers a second), whose last major collection had come 33 s
  before, during that suite: the old generation then grew by about 20 MB in the 50 warm leads and the
  burst until V8 collected it, inside the burst. What survives into it was not measured. In the three
  traced runs of the lead suite alone, no major collection fell inside any of the ten bursts.
- **What changed: the benchmark now measures the first burst as #27 defines it**, on *a freshly
  started production server*: the app is restarted (same database) between the catalogue suite and
  the lead suite. The same first burst on the catalogue suite's server is still measured, and
  reported beside it in its own row (*lead intake, first burst after the catalogue suite*; no target:
  the target's protocol is the fresh server). Both rows are in every report from now on.
- **Tried, not kept.**
  - *A major collection in quiet spells* (when the event loop had been under 5% busy for 750 ms and
    the old generation had grown 24 MB since the last one; a unit-tested module). In the traced full
    run it never fired before the first burst: the old generation had grown only about 4 MB since
    V8's own last collection. What decides is how close the generation is to V8's limit, which the
    app cannot read; firing at any growth would add a 46–62 ms full pause (it is not incremental) to
    almost every quiet spell. Removed.
  - *\`--heap-growing-percent=100\`* (V8 lets the old generation grow to twice its live size before
    collecting): three alternated pairs of \`--only=leads\` on MariaDB, first-burst p99 66.7 / 135.5 /
    78.8 ms with it and 87.3 / 97.6 / 80.2 without; it added one major collection inside the ten
    bursts of every run (none without). Not kept.
- **Noticed, not changed.** The scavenges inside a lead burst take 5–15 ms each (two to three per
  burst of 1,000): many objects survive them. Which ones was not measured.

## Three consecutive full runs (2026-11-29, 13:30–13:54 UTC): every target met
Commit 52334e1, the app on Node 24, one run after the other with nothing else running, on 2 AMD
EPYC cores. The lead suite's server freshly started (*A major collection inside the first burst*);
before each first burst the bench waited for a quiet database server, which it always was within the
wait's minimum of 0.5 s. Each cell: SQLite / MariaDB.

| run | burst floor (req/s) | lead intake, first burst p99 | first burst after the catalogue suite (beside) | code request | verify-code | catalogue ratios | misses |
|---|---|---|---|---|---|---|---|
| 1 | 22,349 / 19,969 | 56.99 / 69.79 ms | 92.9 / 76.35 ms | 35.63 / 83.38 ms | 24.63 / 58.99 ms | 106–119% | 0 |
| 2 | 20,282 / 22,575 | 50.09 / 71.34 ms | 46.96 / 132.21 ms | 33.99 / 64.41 ms | 28.91 / 42.52 ms | 106–126% | 0 |
| 3 | 23,092 / 20,815 | 41.82 / 83.13 ms | 81.21 / 134.25 ms | 32.14 / 69.8 ms | 34.24 / 39.17 ms | 105–143% | 0 |

**Every target was met in all three runs**: 0 lost, 0 5xx, no request over 4× the median, every
first burst (lead intake, code request, verify-code) under 100 ms at p99 on both databases, the
reader's GET under 50 ms in every burst, every catalogue read at 105–143% of the ceiling with p99
under 25 ms, the heap, the admin pages, the cold starts and Lighthouse on all four pages. The first
burst on the server that had just served the catalogue suite, reported beside it, was still over 100
ms on MariaDB in runs 2 and 3 (132.2 and 134.3 ms), the major collection described above.

The series before it, 13:07–13:30 on commit 8f3a59b (the fresh server, without the wait), met every
target in runs 1 and 3; in run 2 MariaDB's code-request first burst reached 106.05 ms, the database
server spending 0.55 ms of CPU per request against 0.16–0.22 ms in the other runs. The wait for a
quiet server was added for that (52334e1); in the series above it never had to wait, so it is not
what made that series pass, and run 2's cost was not explained.

| run | burst floor (req/s) | lead intake, first burst p99 | first burst after the catalogue suite (beside) | code request | verify-code | catalogue ratios | misses |
|---|---|---|---|---|---|---|---|
| 1 | 23,624 / 24,146 | 44.44 / 77.81 ms | 80.95 / 89.15 ms | 32.22 / 77.07 ms | 46.68 / 41.79 ms | 105–127% | 0 |
| 2 | 22,601 / 21,394 | 39.06 / 71.38 ms | 79.95 / 76.5 ms | 36.53 / **106.05** ms | 24.38 / 54.05 ms | 109–122% | 1 (MariaDB's code request, first burst) |
| 3 | 24,933 / 24,058 | 42.05 / 73.05 ms | 88.7 / 83.79 ms | 43.4 / 59.89 ms | 55.07 / 76.04 ms | 103–139% | 0 |

## Three consecutive full runs (2026-11-29, 06:57–07:22 UTC)
Commit b0e2179 (the same server code as the series below: only tests changed since), the app on
Node 24, one run after the other with nothing else running, on 2 AMD EPYC cores faster this morning
than in the series below (the SQLite section's burst floor 12,552–13,768 requests/s against
8,917–11,221). Each cell: SQLite / MariaDB.

| run | burst floor (req/s) | lead intake, first burst p99 | code request | verify-code | misses |
|---|---|---|---|---|---|
| 1 | 13,768 / 7,529 | 75.9 / **103.4** ms | 52.7 / 81.5 ms | 45.1 / 85.3 ms | 4 (with two catalogue ratios and the admin q search) |
| 2 | 12,552 / 7,416 | **147.2** / 97.7 ms | 57.8 / 95.3 ms | 48.1 / 67.0 ms | 3 (with two catalogue ratios) |
| 3 | 12,735 / 7,444 | 71.5 / **144.1** ms | 73.5 / 80.6 ms | 62.5 / 57.1 ms | 3 (with two catalogue ratios) |

Met in all three: 0 lost, 0 5xx, no request over 4× the median, the heap, the reader's GET in every
burst, the cold starts, Lighthouse, and now every code-request and verify-code first burst on both
databases (MariaDB's code request missed in two runs of three in the series below). **#27's bar is
still not met:** one lead first burst in each run misses, a different database each time, and the
catalogue ratios fell to 81–89% in each run (SQLite's list and details, MariaDB's page in run 3).
- *MariaDB's lead intake:* 1,457 / 1,477 / 1,384 leads/s at 0.47–0.57 ms of the app's CPU and
  0.52–0.63 ms of the database server's per lead (0.60–0.78 ms in the series below). At about the same
  rate, run 3's p99 was 144 ms against 98–103 ms: the p50 was 63–67 ms in all three, so the
  difference is the tail, not the rate.
- *SQLite's lead intake in run 2:* 1,259 leads/s at 0.98 ms of app CPU per lead, against 2,157 and
  2,332 at 0.63 and 0.49 ms in runs 1 and 3: the same code, on a slow spell (the load average was
  1.9 when that run began, 0.8–1.5 for the others).
- *The MariaDB section's burst floor* was 7,416–7,529 requests/s against 12,552–13,768 in the
  SQLite section of the same runs. The bare server and the burst are the same; the floor is taken
  right after the ten lead bursts, when the MariaDB server has just written 10,000 leads (on SQLite
  nothing else runs then). The database server's own work after them was not measured; it is the
  likely difference.

## Three consecutive full runs (2026-11-29, 03:37–04:04 UTC)
Commit 3241319 (the bursts' own client, warmed first), the app on Node 24, one run after the other
with nothing else running, on 2 AMD EPYC cores. Each cell: SQLite / MariaDB.

| run | burst floor (req/s) | lead intake, first burst p99 | code request | verify-code | misses |
|---|---|---|---|---|---|
| 1 | 8,917 / 10,883 | **176.3** / **161.8** ms | 85.5 / 94.5 ms | 49.9 / 95.3 ms | 5 (with three catalogue ratios) |
| 2 | 11,221 / 9,065 | **103.9** / **188.8** ms | 82.5 / **189.1** ms | 42.2 / 91.9 ms | 9 (with five catalogue ratios and the admin q search) |
| 3 | 10,025 / 7,419 | 84.1 / **169.0** ms | 52.7 / **105.8** ms | 56.8 / 92.8 ms | 5 (with two catalogue ratios and the admin q search) |

Met in all three: 0 lost, 0 5xx, no request over 4× the median, the heap, the reader's GET in every
burst, the cold starts, Lighthouse. **#27's bar is not met on this machine:** MariaDB's first bursts
miss in every run, by 6–89%, and the catalogue ratios fell to 72–89% on its slow spells.

## Three consecutive full runs (2026-11-29, 01:12–01:36 UTC)
Commit 439f4bf (the compile cache, and the load generator keeping no bodies), the app on Node 24,
one run after the other with nothing else running, on 2 Intel Xeon cores (the runs before this day
were on 2 AMD EPYC cores, about half as fast in the burst floor). Each cell: SQLite / MariaDB.

| run | burst floor (req/s) | lead intake, first burst p99 | code request | verify-code | misses |
|---|---|---|---|---|---|
| 1 | 13,600 / 15,006 | **117.8** / **118.3** ms | 49.7 / 87.8 ms | 34.5 / **101.7** ms | 3 |
| 2 | 12,696 / 12,626 | 97.9 / **174.4** ms | 61.7 / **167.3** ms | **102.5** / 59.2 ms | 3 |
| 3 | 13,690 / 12,086 | **102.6** / **116.6** ms | 67.4 / **115.1** ms | 51.3 / 67.8 ms | 4 (and SQLite's destination detail, 88%) |

Every other target was met in all three runs: catalogue reads at 93–119% of the ceiling with p99
2.5–4.6 ms (but the one above), the admin pages, the cold starts (921–1,078 ms median), the heap,
the reader's GET in every burst, Lighthouse 100 on every page. The full run just before the series
(00:57 UTC, commit ea6b0b9, before the generator's fix) had MariaDB's lead intake at 101.6 ms and its
code request at 119.5 ms, every SQLite burst within its target, and the page's p99 at 25.7–25.9 ms
(the generator's own, see above). **#27's bar (three consecutive runs meeting every target) is not
met:** the first bursts on MariaDB miss in every run, by 15–75%.

- **Looked at again, not kept: a larger young generation.** \`--max-semi-space-size=64\` (tried on
  2026-11-23 on Node 20: fewer but longer pauses, no gain), now on Node 24 in alternated pairs of \`--only=leads\` right after the series: on SQLite better in
  4 of 5 pairs (first-burst p99 60.4 against 66.5 ms on average, app CPU 0.46 against 0.51 ms per
  lead); on MariaDB worse in 3 of 3 (p99 129.5–165.9 against 115.4–127.7 ms, app CPU about the same).
  Not a gain on both databases, and it costs up to a few hundred MB of young generation per process:
  not set.

## Known misses and why
- **This report: the third of three consecutive full runs on commit 52334e1 (2026-11-29, 13:46–13:54
  UTC, the app on Node 24; all three: *Three consecutive full runs (2026-11-29, 13:30–13:54 UTC)*)**:
  every target met, in each of the three. Reported beside the targets, not instead of them: the first
  lead burst on the server that had just served the catalogue suite, 134.3 ms on MariaDB in this run
  (a major collection of V8's old generation falls inside it: *A major collection inside the first
  burst*).
- **The Intel run of the forenoon: one full run on commit 34a48cc (2026-11-29, 09:41–09:53 UTC, the app on Node 24),
  after the change in *The cached reads' own cost*,** on 2 Intel Xeon cores far slower this forenoon
  than the AMD cores of the series below: the bare \`node:http\` burst floor did 8,812 requests/s in
  the SQLite section and 4,150 in MariaDB's (12,552–13,768 and 7,416–7,529 in that series; 5,595 and
  9,817 in a run on commit 166f857 at 08:53, before the change). Every CPU-bound figure moved with it:
  SQLite's first lead burst cost the app 1.54 ms of CPU per lead (0.49–0.98 ms in that series), and
  MariaDB's lead cost the app 1.06 ms and the database server 1.13 ms (0.47–0.57 and 0.52–0.63 ms).
  Met: 0 lost and 0 5xx in every burst, no request over 4× the median, the heap, the reader's GET in
  every first burst, every catalogue ratio but one (below), SQLite's verify-code first burst (58.3
  ms), the migrated databases' cold starts, three Lighthouse pages of four. Missed, each a rate or a
  time that scales with the machine's speed:
  - *The first bursts* (target p99 100 ms): lead intake 234.7 ms on SQLite (836 leads/s) and 233.4 ms
    on MariaDB (748 leads/s); code request 118.2 and 224.7 ms; MariaDB's verify-code 174.5 ms. At
    750–840 leads/s, 100 requests in flight wait about 120 ms each whatever the order they are served
    in (p50 102.6 and 125.3 ms, no request over 4× the median).
  - *SQLite's code-request and verify-code bursts 2–3*: one reader's GET p99 at 50.57 ms (target 50).
  - *MariaDB's pack list at 89% of the ceiling* (p99 20.8 ms): the other seven at 93–102%.
  - *The admin leads pages with 4 connections* (target p95 50 ms): q search 54.2 (SQLite) and 85.9 ms
    (MariaDB), the one-e-mail search 50.6 ms (SQLite), MariaDB's sort with a status filter 54.7 ms;
    with 1 connection each met it (p95 23.5–37.2 ms).
  - *MariaDB's empty-database cold start* (migrations and the demo seed): 3,409 ms (target 3,000).
  - *Lighthouse on the destination page*: performance 92 (target 95), total blocking time 342 ms; the
    simulated timings are computed from a trace taken on this machine.
- **The AMD series of the morning: the third of three consecutive full runs on commit b0e2179 (2026-11-29,
  06:57–07:22 UTC, the app on Node 24; all three: *Three consecutive full runs (2026-11-29, 06:57–07:22
  UTC)*),** on 2 AMD EPYC cores (the SQLite section's burst floor 12,552–13,768 requests/s). Met in all
  three: 0 lost and 0 5xx in every burst, no request over 4× the median, the heap within 10% over
  ten bursts, the reader's GET p99 under 50 ms in every burst, the cold starts, Lighthouse on all four
  pages, every code-request and verify-code first burst on both databases. Missed, and why:
  - *A lead intake first burst in each run* (target p99 100 ms): MariaDB's at 103.4 and 144.1 ms in
    runs 1 and 3 (97.7 in run 2), SQLite's at 147.2 ms in run 2 (75.9 and 71.5 in runs 1 and 3).
    MariaDB's lead costs 1.1–1.3 ms of CPU on the two cores the load generator shares (the app
    0.47–0.57, the database server 0.52–0.63, the generator 0.08–0.10), which caps the rate near
    1,500 leads/s, where 100 requests in flight give a p50 of about 65 ms: the p99 then meets the
    target only when the tail stays within about 1.5× the median, which it did in runs 1 and 2 and not
    in run 3. SQLite's miss came on a slow spell (0.98 ms of app CPU per lead, against 0.49–0.63 ms in
    the other runs).
  - *Catalogue reads at 81–89% of the ceiling*, two in each run (SQLite's list and details, MariaDB's
    page in run 3): as in the series below, the app's rate falls further than the bare server's on
    slow spells; the same code met every ratio on the Intel cores.
  - *The admin leads page with a q search, 4 connections, on MariaDB in run 1* (p95 57.4 ms; 1
    connection: 18.5 ms).
- **The AMD series of the early morning: the third of three consecutive full runs on commit 3241319 (2026-11-29,
  03:37–04:04 UTC, the app on Node 24; all three: *Three consecutive full runs (2026-11-29, 03:37–04:04
  UTC)*),** back on 2 AMD EPYC cores (the bare \`node:http\` burst floor 7,419–11,221 requests/s,
  against 12,086–15,006 on the Intel cores of the night's series). Met in all three: 0 lost and 0 5xx
  in every burst, no request over 4× the median, the heap within 10% over ten bursts, the reader's GET
  p99 under 50 ms in every burst, the cold starts, Lighthouse on all four pages, every SQLite
  code-request first burst and every verify-code first burst on both databases. Missed, and why:
  - *MariaDB's first bursts in every run* (target p99 100 ms): lead intake 161.8 / 188.8 / 169.0 ms at
    1,144 / 921 / 1,159 leads/s, code request 189.1 and 105.8 ms in runs 2 and 3. The app spent
    0.70–0.98 ms of CPU per lead, the database server 0.60–0.78 ms and the load generator 0.10–0.15
    ms, on two cores: 1.4–1.9 ms of CPU per lead, at most 1,050–1,400 leads/s, where a p99 of 100 ms
    with 100 requests in flight needs about 1,400 or more. No one statement of the procedure carries
    the database's share (*Looked at this morning, not kept*).
  - *SQLite's lead intake, first burst, in runs 1 and 2* (176.3 and 103.9 ms; 84.1 in run 3): in run 1
    a p50 of 62 ms and a tail of a few per cent of the burst waiting about 100 ms longer (a traced run
    of the same suites right after had the same shape: *Looked at this morning, not kept*); in run 2
    a p99 3.9 ms over the target.
  - *Catalogue reads at 72–89% of the ceiling*, SQLite's in every run and MariaDB's list and page in
    runs 1 and 2 (the same cached code: 86–112% in MariaDB's runs): on this machine the app's rate fell
    further than the bare server's on slow spells (two \`--only=catalogue\` runs of each database right
    after the series: 72–96% on both); an idle app used no CPU in 16 s after its start (nothing ran
    in the background). The same build met every ratio on the Intel cores (93–119%).
  - *The admin leads page with a q search, 4 connections, on MariaDB in runs 2 and 3* (p95 51.0 and
    64.0 ms; 1 connection: 19.2 and 22.5 ms).
- **The Intel series: the third of three consecutive full runs on commit 439f4bf (2026-11-29,
  01:12–01:36 UTC, the app on Node 24; all three: *Three consecutive full runs (2026-11-29, 01:12–01:36 UTC)*
  below),** on a faster machine than the week's earlier runs (2 Intel Xeon cores where those had 2
  AMD EPYC; the bare \`node:http\` burst floor 12,086–15,006 requests/s, twice the evening before's). Met in all three: 0 lost and 0 5xx in every
  burst, no request over 4× the median, the heap within 10% over ten bursts (−4.6% to +2.2%), the
  reader's GET p99 under 50 ms in every burst, every admin page, both cold starts (921–1,078 ms to
  the first 200 with the compile cache), Lighthouse 100 on all four pages, and every catalogue read
  but one (the page now at 107–118% of its ceiling, p99 3.4–4.6 ms). Missed, and why:
  - *First bursts* (target p99 100 ms): SQLite lead intake 117.8 and 102.6 ms in runs 1 and 3 (97.9
    in run 2), SQLite verify-code 102.5 ms in run 2 (p50 27 ms: a tail of one stall); MariaDB lead
    intake 118.3 / 174.4 / 116.6 ms at 1,228 / 858 / 1,175 leads/s, code request 167.3 and 115.1 ms
    in runs 2 and 3, verify-code 101.7 ms in run 1. With 100 requests in flight the p50 is 100 ÷ the
    rate, so the p99 needs about 1,300–1,500 requests/s with the tail this machine gives; MariaDB's
    lead intake costs about 0.5 ms of the app's CPU and 0.6 ms of the database server's per lead,
    with the load generator on the same two cores (see *The machine sets the margin* below). The
    SQLite misses are tails of a few tens of milliseconds over a p50 of 27–53 ms, one burst in each
    run and a different one each time.
  - *SQLite's destination detail at 88% of the ceiling in run 3* (101% and 104% in runs 1 and 2, 115%
    of the same code on MariaDB in the same run): the spread between rounds of one build.
- **The run of *Two pipeline lanes and a warm-up over real connections*
  (2026-11-28, 13:54–14:05 UTC, commit 709a79f; Lighthouse measured again alone at 14:06, since a
  partial run of the code suite overlapped the full run's Lighthouse pages),** on the slowest spell
  of the machine yet: the bare \`node:http\` burst floor did 3,569 and 4,865 requests/s (5,742–6,211 in
  the run of the late morning, 9,863–14,484 in the three of the early morning). Met: 0 lost and 0 5xx
  in every burst, no request over 4× the median, the heap within 10% over ten bursts (−1.9%, −3.9%),
  the reader's GET p99 under 50 ms in every burst, both cold starts, SQLite's verify-code burst (79
  ms), every admin page but one. Missed:
  - *First bursts* (target p99 100 ms): SQLite lead intake 196 ms at 997 leads/s (app CPU 1.21 ms per
    lead, against 0.79–0.93 ms in this afternoon's alternated pairs), code request 212 ms; MariaDB lead
    intake 242 ms at 634 leads/s, code request 524 ms at 3.4 ms of app CPU per request (a partial run
    of the same suite right after: 297 ms at 2.3 ms), verify-code 150 ms.
  - *Catalogue reads at 73–88% of the ceiling* (the list and both details on SQLite, the pack detail
    on MariaDB), the page's p99 36–38 ms with the bare server's own at 37–40 ms, MariaDB's q search
    with 4 connections (p95 80 ms), Lighthouse performance on the deals page (94): each of these met
    its target in earlier runs with the same code; they follow the machine (see *The machine sets the
    margin* below).
- **The run of *The MariaDB form POSTs as stored procedure calls* (2026-11-28, 10:14–10:23 UTC,
  commit 7bd14ae)**, on a slow spell (burst floor 5,742–6,211 requests/s): SQLite lead intake 170 ms
  at 1,192 leads/s, code request 167 ms (verify-code met: 61 ms); MariaDB lead intake 280 ms at 661
  leads/s, code request 263 ms, verify-code 126 ms. The code request cost 2.3 ms of app CPU per
  request on MariaDB against 1.33 on SQLite: the mail worker's claims and marks travel to the server
  during the burst, and a profile still shows a quarter of the main thread in socket writes to it
  (0.2–0.25 ms each on this machine).
- **Run 3 of *The mail worker, a Node 24 key cost and a warm-up before readiness* (2026-11-28,
  07:05 UTC), whose last bullet gives all three.** What still missed then, and why:
  - *SQLite's first bursts sit at the target.* Each of the three runs missed a different one, by
    little: the lead intake at 109 ms in run 3 (99 and 98 ms before it), the code request at 128 ms
    and verify-code at 100.1 ms in run 2, the two catalogue details at 87–88% in run 1. With 100
    requests in flight the p50 is 100 ÷ the rate, so a p99 of 100 ms needs about 1,300 requests/s
    with the tail this machine gives; the lead intake does 1,600–1,750 in its first burst at 0.7 ms
    of app CPU per lead, the code request 1,100–1,500 at 0.85–1.1 ms (its e-mail is built and
    written while the burst goes). The spread between runs of one build is the size of the margin.
  - *MariaDB's lead intake and code request* (173–351 ms): 600–840 requests/s, at 1.0–2.0 ms of the
    app's CPU and 0.4–1.1 ms of the database server's per request, on two cores the load generator
    shares. The p99 target needs about twice the rate: fewer round trips per lead (three now) would
    need leads arriving together to share a transaction, which changes how a repeat request and
    the agent's assignment are decided within a group; or a database server on cores of its own, as
    a production deployment has.
  - *Verify-code on MariaDB in run 2* (138 ms, its reader GET 61.6 ms): a tail of the kind described
    in *Tails of the MariaDB bursts* below; the same burst measured 84 and 89 ms in runs 1 and 3.
- **The run 3 of *Statements compiled at every run* (2026-11-28, 04:09 UTC).** SQLite's lead
  intake then did 869–1,205 leads/s in its first burst (p99 128–147 ms), the code request p99
  148–174 ms, on a machine whose bare server did 6,697 requests/s in the burst; MariaDB 231–399,
  338–432 and 132–190 ms. Catalogue details at 71–94% of the ceiling, the page's p99 at 29.7–39.1 ms
  (the bare server's own 31–36 ms), MariaDB's admin pages with 4 connections and the empty-database
  cold start (two of six) also missed then; all of these passed in the three runs above.
- **The first of three runs (2026-11-28, 00:00–00:12 UTC, commit dcfea0f; all three: the section above).** Met:
  0 lost and 0 5xx in every burst, no request over 4× the median, the heap +1.1% over ten bursts on
  both databases, the reader's GET p99 under 50 ms in every burst but SQLite's tenth lead burst
  (52.8 ms). Missed, with what causes each:
  - *First-burst p99* (target 100 ms): SQLite lead intake 212 ms at 617 leads/s, code request 356
    ms, verify-code 122 ms; MariaDB 391, 529 and 197 ms. With 100 requests in flight the p50 is 100 ÷
    the rate, so a p99 of 100 ms needs about 1,300 requests/s; the bare \`node:http\` floor did
    4,414–5,164 req/s here with a p99 of 39–49 ms, and the app spends 1.8 ms (SQLite) and 2.4 + 2.1
    ms (MariaDB, app + database server) of CPU per lead in its first burst, on two cores the load
    generator shares. What is left to try is in the section above and in *The first burst and the
    engine*.
  - *Catalogue reads at 90% of the ceiling:* the destination detail at 77% and the pack detail at 82%
    on SQLite, the pack list at 84% on MariaDB; each of these passed in the other database's run of
    the same build (105%, 100%, 100%), a few minutes apart, so what misses is the spread between runs
    (see the alternating rounds above), not one path. The server-rendered page is at 96–100% of the
    ceiling but misses its own p99 target: 35 ms, the bare server's 35–36 ms on the same bytes.
  - *Admin \`q\` search with 4 connections* (p95 60 ms SQLite, 95 ms MariaDB; 19 and 33 ms with one)
    and *the empty-database cold start* (3.1 and 3.5 s against 3 s): this run's machine was slower
    than the earlier reports' (the admin page sorted and filtered by status, which did not change, p95 9–24 ms against 12–17). In
    the Node 20 / 24 A/B above, a few minutes later, the cold start measured 2.9–3.0 s and the q
    search 50–52 ms on Node 24.
- **First burst after the fair-admission change (2026-11-26): not yet measured against the targets.**
  The machine was under other work throughout (load 1.3–3.2 on two cores; the bare node:http floor
  1,937–2,134 req/s against 10,533 in the run above). A quick run (200-request bursts) of both
  databases then gave: every burst with 0 lost, 0 5xx and no request over 4× the median; the
  reader's GET p99 7–40 ms in every burst but one (74 ms, MariaDB's first lead burst); the heap after
  a full GC +1.1–1.2% after three bursts; but first-burst p99 258 ms (SQLite leads), 382 and 193 ms
  (code request and verify-code) and 665, 674 and 376 ms on MariaDB, at 2.0–4.6 ms of app CPU per
  request, four to five times the warm figure of a fast spell. With 100 requests in flight the p99
  stays under 100 ms only at about 1,300 requests/s or more; three consecutive full runs on a quiet
  machine are still to be done.
- **Catalogue reads at 90% of the ceiling: still missed for small bodies** (see *Cached reads before
  Fastify* above): on Node 20 the app spends about 25 µs more per cached answer than the bare
  server (101–117 against 79–83 µs of CPU for a 2.3 KB destination), a third of it in Node 20's
  AsyncLocalStorage hooks, which Node 24 (the image's runtime) no longer runs; on Node 24 the same
  A/B measured 87–89% of the ceiling's rate. The page's p99 target (25 ms at 50 connections) was
  missed by the bare server itself on this machine (32–49 ms for an 18 KB compressed page).
- **First burst, this run (2026-11-27, afternoon): missed on both databases.** SQLite: lead intake
  p99 228 ms at 647 leads/s, code request 238 ms, verify-code 82 ms (met); MariaDB: 390, 374 and
  243 ms. Every burst had 0 lost, 0 5xx and no request over 4× the median; the reader's GET p99 was
  6–28 ms in every burst; the heap after a full GC grew 2.0–2.7% over ten bursts. The machine ran
  at about half the speed of 2026-11-25 (the bare node:http floor 5,160 req/s against 10,533; the
  cold start 2.0 s against 0.8 s), and the first burst still costs the app 1.9–2.6 ms of CPU per
  lead against 0.8 ms by the tenth: the engine compiles the route's code during it. With 100
  requests in flight, a p99 under 100 ms needs about 1,300 leads/s.
- **First burst on 2026-11-27 (morning): missed, on a slow machine.** The lead suite's first burst on SQLite
  measured p99 337 and 507 ms at 434 and 240 leads/s, with 2.9–5.0 ms of app CPU per lead (0.41–0.86
  on the fast spell of 2026-11-25) and the bare node:http floor at 1,437–2,906 req/s (10,533 then):
  the machine ran at a fifth to a seventh of that spell's speed all session. Every burst had 0 lost,
  0 5xx, and all but one no request over 4× the median (one burst, a stall of the whole machine,
  had 101); the reader's GET p99 was 11–28 ms in every burst. Three consecutive full runs per
  database on a machine at its usual speed are still to be done.

- **The machine sets the margin.** The bare server's rate in the lead burst was ${floorRates()} req/s
  in this run, against 4,625–4,700 in the 06:30 run and 2,684–2,927 in those of 02:42 and 03:46, for
  the same code. Figures move with the machine by far more than the targets' margins; compare
  reports only through A/B runs of two builds on the same machine. On this fast spell, five full
  runs on both databases (09:37–11:09 UTC, this report the fifth): the first, third, fourth and
  fifth met every target; the second missed verify-code on MariaDB (p99 107 ms, p50 34 ms), one of
  the tails below. On the slower spells the same code measured:
  - *lead intake p99* 99–139 ms on SQLite (p50 80–92 ms at 1,070–1,240 leads/s) and 150–190 ms on
    MariaDB; the *code request and verify-code* 150–187 ms on MariaDB. With 100 requests in flight
    the p50 is 100 ÷ the rate (see *Latency is the rate* above), so the p99 stays under 100 ms only
    while the app takes about 1,300 leads/s or more. On SQLite the app's main thread is the limit
    (0.8–1.0 ms of CPU per lead on a slow spell, 0.36–0.5 ms on this one); on MariaDB the two cores,
    shared by the app, the database server and the load generator (1.8 ms of CPU per lead on a slow
    spell, about 0.9 ms on this one).
  - What would keep the margin on a slow machine: on SQLite, the lead's statements off the main
    thread, where about 0.2 ms of its 0.9 ms per lead went. Tried and not kept: the lead's
    transaction on a writer thread of its own, in three messages (read, insert, event and commit)
    with the write queue held from the first to the last. In an A/B of three alternated bursts each
    it did 463–694 leads/s against 1,006–1,376 for the build without it, with twice the app CPU per
    lead: under a burst the main thread takes each answer of the thread only at its next turn of the
    event loop, and every other write waits for the queue meanwhile. What could work: the whole
    decision and transaction in one message, the thread taking the leads one after another. On
    MariaDB, a database server on a machine of its own, as a production deployment has, or more app
    instances, each on a core of its own (two processes on MariaDB + Redis pass the fleet tests).
  - *The first burst after a start* (its own rows above) is 2–4 times slower than a warm one on both
    databases: the engine is still compiling the route's code. The target describes a server that
    has taken orders for a while.
- **Tails of the MariaDB bursts** (code request and verify-code, target p99 100 ms): in 3 of the
  23 runs of the code suite alone, and in 3 of the 7 runs with the lead suite before it (09:10–11:10
  UTC), one of the two measured bursts had a p99 of 102–183 ms while its p50 was 34–79 ms (34–42 in
  all but the first run of the day). SQLite had none, nor had the lead intake. Each burst lasts about 0.4 s, so its
  p99 is its 10 slowest requests. Traced request by request: in each case a cluster of 15–100
  requests, all in flight at the same moment, took 50–90 ms more than the rest. What it was not:
  the load generator's event loop (a monitor in it saw no turn over 40 ms then), the app's event
  loop (the same monitor in the app), a slow statement (every mysql2 query was timed in the app:
  none over 40 ms in those bursts), the redo log's flush to disk (the same misses with
  \`innodb_flush_log_at_trx_commit = 2\`, an experiment on this machine only), or CPU stolen by
  other machines (the steal counter stayed flat). What it was, in the one case caught with a GC
  monitor: a major garbage collection of the app (mark-compact, a 20 ms pause, its marking on the
  other core beforehand) fell inside the burst, exactly over the slow cluster; the app's CPU per
  request was 0.43–0.53 ms in the missed bursts against 0.3–0.4 in the others. A request of these
  routes crosses 3–4 turns of the event loop (two round trips to MariaDB), so a few longer turns
  add up. The app's heap grows to about 180 MB between major collections during the bench; what it
  retains between bursts was not profiled. What would help: fewer objects per request (less
  garbage), or a database server on cores of its own (the collection's marking then takes a core
  from nobody).
- **Indexing new leads for the MySQL/MariaDB search costs the database server about 0.11 ms of CPU
  per lead**, in the background every 5 s: a burst's leads are indexed during the next one. It is
  counted in the *database server CPU* of the lead rows (0.34–0.68 ms per lead across today's runs
  since the change, 0.44–0.79 before it).
- **Lighthouse performance** was 74–85 in every run of the session before this one, with total
  blocking time 570–1,370 ms, on another machine; the same site, Lighthouse and Chromium score
  ${lighthouseRange()} in this run. It followed the machine, not the site.
- **Catalogue \`/api/destinations/{id}/\`** (target ≥ 70% of the ceiling) missed in earlier runs
  (52–68%): the app answers both catalogue routes from its cache at about the same rate, but this
  route's body is small, so the bare ceiling server answers it much faster than the pack list.
  What misses then is the app's fixed cost per request (the routing and the hooks every request
  passes, not profiled separately), not the data path.

## How each figure is taken
- **Catalogue reads**: the built app (\`node dist/src/main.js\`, NODE_ENV=production, LOG_LEVEL=warn,
  demo catalogue) serves \`GET /api/travel-packs/\` and \`GET /api/destinations/{id}/\`; the ceiling
  is a bare \`node:http\` server in its own process, on the same Node, answering the very same status,
  headers and bytes. Both get 50 keep-alive connections from autocannon for ${results.durations.main} s
  each after a ${results.durations.warmup} s warm-up, in alternating rounds of 2 s (ceiling, app, ceiling,
  app…); the ratio is app req/s ÷ ceiling req/s over all rounds, the
  p99 is exact (from every response time). autocannon is run without keeping response bodies (it
  would decode each one as text: see *The load generator measured itself*). Requests carry no
  \`If-None-Match\`, so the target is
  measured on the full-body path; the 304 path (same URL with the ETag it returned) is shown
  alongside for information.
- **Lead intake**: on a freshly started server (the app is restarted after the catalogue suite, on
  the same database; the same first burst on the catalogue suite's server is reported beside it,
  *first burst after the catalogue suite*); before the first burst of the lead and code suites, the
  bench waits until a local database server has been quiet (under 10% of a core in two 250 ms windows
  in a row, 15 s at most), so that a burst measures its own work and not the server's background
  writes after the suite before. ${results.leadCount} distinct e-mails are marked verified directly in
  \`lead_email_verifications\` (as the verify-code step does), then posted to \`POST /api/leads/\` over
  100 keep-alive connections opened beforehand (the bench's own HTTP/1.1 client, bench/lib/raw-http.mjs,
  each request's bytes built before the clock starts; the client is first run against a bare server,
  never the app, so that its own code is compiled: *The load generator's first burst*), 100 requests in flight at any time, each request
  from its own visitor address (X-Forwarded-For; the app trusts its loopback client as a proxy, TRUST_PROXY=loopback), after
  ${results.warmupCount ? `one unmeasured burst of ${results.warmupCount} other visitors` : `unmeasured warm-up bursts of ${results.leadCount} other visitors each, until the rate of one is within 5% of the one before (at least 3, at most ${results.warmBursts ?? 8}: the engine optimises a route's code only after many requests; the first of these bursts is reported in its own row, *first burst*)`}; each time runs from handing the request to
  its connection to the end of the answer. *Lost* = acknowledged with a
  2xx but not found in \`leads\` afterwards. The *burst floor* row is the same burst against a bare
  \`node:http\` server. *App CPU* = the app process's user and system time (from /proc, in 10 ms ticks) over the
  burst, divided by its requests; it includes the app's background work during the burst (mail).
  \`BENCH_TIMELINE=1\` prints each burst's requests by the 100 ms slice they started in (count,
  p50 and max), to see who waited.
  *Database server CPU* = the same for the MySQL/MariaDB server's process, when it runs on this
  machine; *load generator* = the bench process's own (the client and the reader), on the same cores. **Code request and verify-code**: the same burst of code requests for
  ${results.leadCount} new e-mails, then of verify-code with the code each e-mail really carried (read
  from the .eml files the app wrote), after the same warm-up of both steps for other visitors
  (until the code request's rate settles).
- **Admin paging**: the bench tops \`leads\` up to ${results.leadTotal.toLocaleString('en')} rows with multi-row INSERTs,
  signs in through \`POST /api/users/token/\` (ADMIN_EMAIL/ADMIN_PASSWORD), and requests the page the
  back-office asks for (\`sort=["created_at","DESC"]&range=[5000,5024]&filter={"status":"new"}\`, a \`q\` search for a
  common surname, and one for part of one visitor's e-mail) ${results.durations.paging} times over one connection (and again over 4); p95 is exact.
- **Cold start**: spawn of \`node dist/src/main.js\` to the first 200 on \`/api/health\`, median of
  ${results.boots} boots on the already-migrated database (holding the ${results.leadTotal.toLocaleString('en')} leads), and the run's first boot
  on an empty database (migrations, admin account, demo seed); beside it, the time to the first 200
  on \`/api/health/ready\`, after the start-up warm-up. Every suite starts measuring once the app is
  ready.
- **Lead intake on SQLite** writes through the app's write queue (SQLite has one writer); each
  lead holds it only for its few synchronous statements. On MySQL/MariaDB the leads are parallel
  transactions over the connection pool (20).
- **Bundles** (informational): gzip -9 size of the JS and CSS in site/dist and admin/dist as
  built at the time of the run.
- **Lighthouse**: bench/suites/lighthouse.mjs starts its own app instance (fresh SQLite database,
  demo catalogue, the real PUBLIC_URL), loads each page once unmeasured, then runs Lighthouse three
  times per page in one headless Chromium and reports the median run (computeMedianRun).
`;
  writeFileSync(join(ROOT, 'BENCHMARKS.md'), md);
}
