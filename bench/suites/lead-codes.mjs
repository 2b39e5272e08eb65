// The code step of the lead form under the same burst as the leads: 1,000 visitors ask for a code at
// once (100 connections), then confirm it with the code their e-mail really carried.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { burst, burstNote, cpuNote, settleDatabase, warmLoadGenerator } from '../lib/load.mjs';

export const TARGET_P99_MS = 100;
export const TARGET_READER_P99_MS = 50;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** POSTs one JSON body per e-mail over 100 open connections; returns the load figures. */
async function burstOf(baseUrl, path, emails, body, { appPid, dbPid, readerPath, connections, localAddresses }) {
  const bodies = {};
  const m = await burst({
    url: baseUrl,
    path,
    appPid,
    dbPid,
    readerPath,
    connections,
    localAddresses,
    bodies: emails.map((email) => JSON.stringify(body(email))),
    onResponse(status, text) {
      if (status >= 300) bodies[status] ??= String(text).slice(0, 300);
    },
  });
  return { ...m, sampleErrorBodies: bodies };
}

/** Reads the codes from the .eml files the app wrote (OUTBOX_DIR), waiting for background senders. */
export async function readCodes(outbox, emails, timeoutMs = 60_000) {
  const wanted = new Set(emails);
  const codes = new Map();
  const seen = new Set();
  const deadline = Date.now() + timeoutMs;
  while (codes.size < wanted.size && Date.now() < deadline) {
    const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml') && !seen.has(f)) : [];
    for (const file of files) {
      seen.add(file);
      const mail = await PostalMime.parse(readFileSync(join(outbox, file)));
      const to = mail.to?.[0]?.address?.toLowerCase();
      const code = /(?:^|\D)(\d{4})(?:\D|$)/.exec(mail.text ?? '')?.[1];
      if (to && code && wanted.has(to)) codes.set(to, code);
    }
    if (codes.size < wanted.size) await sleep(100);
  }
  return codes;
}

const row = (id, m, count) => {
  const refused = m.responses - m.ok2xx;
  return {
    id,
    target: `0 5xx, p99 ≤ ${TARGET_P99_MS} ms, none over 4× the median by > 100 ms, reader GET p99 ≤ ${TARGET_READER_P99_MS} ms (${count} e-mails, 100 connections)`,
    measured: `${m.ok2xx} ok, ${m.err5xx} 5xx${refused ? ` (${refused} refused: ${JSON.stringify(m.statuses)})` : ''}; ${burstNote(m)}${cpuNote(m)}`,
    pass:
      m.err5xx === 0 &&
      m.ok2xx === count &&
      m.p99 <= TARGET_P99_MS &&
      m.slowExcessMs <= 100 &&
      (m.reader?.p99 ?? 0) <= TARGET_READER_P99_MS,
  };
};

/** Both steps for `emails` (code request, then verify-code with the code each e-mail carried). */
async function bothSteps(baseUrl, outbox, emails, opts) {
  const send = await burstOf(
    baseUrl,
    '/api/destination-lead/send-email-verification/',
    emails,
    (email) => ({ email }),
    opts,
  );
  const codes = await readCodes(outbox, emails);
  if (codes.size < emails.length) return { send, codes };
  const verify = await burstOf(
    baseUrl,
    '/api/destination-lead/verify-code/',
    emails,
    (email) => ({
      email,
      confirmation_code: codes.get(email),
    }),
    opts,
  );
  return { send, codes, verify };
}

/** 250 loopback addresses other than 127.0.0.1 (127.0.1.1 … 127.0.1.250), each a visitor of its own. */
const LOOPBACK_VISITORS = Array.from({ length: 250 }, (_, i) => `127.0.1.${i + 1}`);

export async function run(ctx) {
  const { baseUrl, log, leadCount, codeBursts, env, appPid, dbPid } = ctx;
  const list = await fetch(`${baseUrl}/api/destinations/`).then((r) => r.json());
  const readerPath = `/api/destinations/${list[0].id}/`;
  const opts = { appPid, dbPid, readerPath };
  const tag = randomBytes(3).toString('hex');
  const emailsOf = (round, count) => Array.from({ length: count }, (_, i) => `code${round}-${i}-${tag}@bench.example`);
  // The generator's own code compiled first, against a bare server (never this app).
  await warmLoadGenerator();
  // A site that has served a few: 50 visitors ask for a code and confirm it, 5 at a time.
  await bothSteps(baseUrl, env.OUTBOX_DIR, emailsOf('warm', 50), { connections: 5 });
  await settleDatabase(dbPid, log);
  await sleep(1500);
  log(`  code request, then verify-code x ${leadCount} (first burst)`);
  const { send, codes, verify } = await bothSteps(baseUrl, env.OUTBOX_DIR, emailsOf(0, leadCount), opts);
  log(`    code request: ${burstNote(send)}`);
  if (verify) log(`    verify-code: ${burstNote(verify)}`);
  const rows = [row('code request, first burst', send, leadCount)];
  if (!verify)
    rows.push({
      id: 'verify-code, first burst',
      target: '',
      measured: `not measured: ${codes.size} of ${leadCount} code e-mails arrived`,
      pass: null,
    });
  else rows.push(row('verify-code, first burst', verify, leadCount));

  // 2,000 code requests from 250 distinct loopback addresses (8 e-mails each), no proxy header.
  const many = emailsOf('addr', 2000);
  log('  code request x 2000 from 250 loopback addresses');
  const spread = await burstOf(
    baseUrl,
    '/api/destination-lead/send-email-verification/',
    many,
    (email) => ({ email }),
    {
      ...opts,
      localAddresses: LOOPBACK_VISITORS,
    },
  );
  log(`    ${burstNote(spread)}`);
  const spreadRefused = spread.responses - spread.ok2xx;
  rows.push({
    id: 'code request, 250 addresses',
    target: `0 5xx, reader GET p99 ≤ ${TARGET_READER_P99_MS} ms (2000 e-mails from 250 loopback addresses, 100 connections)`,
    measured: `${spread.ok2xx} ok, ${spread.err5xx} 5xx${spreadRefused ? ` (${spreadRefused} refused: ${JSON.stringify(spread.statuses)})` : ''}; ${burstNote(spread)}`,
    pass: spread.err5xx === 0 && spread.errors === 0 && (spread.reader?.p99 ?? 0) <= TARGET_READER_P99_MS,
  });

  // Later bursts, beside the first.
  const later = [];
  for (let b = 1; b <= codeBursts; b += 1) {
    const { send: s, verify: v } = await bothSteps(baseUrl, env.OUTBOX_DIR, emailsOf(b, leadCount), opts);
    later.push({ send: s, verify: v });
    log(`  code request and verify-code x ${leadCount}, burst ${b + 1}: p99 ${s.p99} and ${v?.p99} ms`);
  }
  if (later.length)
    rows.push({
      id: `code request and verify-code, bursts 2–${codeBursts + 1}`,
      target: `beside the first, not instead of it: 0 5xx, reader GET p99 ≤ ${TARGET_READER_P99_MS} ms`,
      measured:
        `code request p99 ${later.map((l) => l.send.p99).join(', ')} ms, verify-code p99 ${later.map((l) => l.verify?.p99).join(', ')} ms; ` +
        `reader GET p99 ${later.flatMap((l) => [l.send.reader?.p99, l.verify?.reader?.p99]).join(', ')} ms`,
      pass: later.every(
        (l) =>
          l.send.err5xx === 0 &&
          (l.verify?.err5xx ?? 1) === 0 &&
          Math.max(l.send.reader?.p99 ?? 0, l.verify?.reader?.p99 ?? 0) <= TARGET_READER_P99_MS,
      ),
    });
  return { rows, details: { send, verify, spread, later } };
}
