// The code step of the lead form under the same burst as the leads: 1,000 visitors ask for a code at
// once (100 connections), then confirm it with the code their e-mail really carried.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { burst, cpuNote, firstBurstRow, warmUntilSteady } from '../lib/load.mjs';

export const TARGET_P99_MS = 100;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** POSTs one JSON body per e-mail over 100 open connections; returns the load figures. */
async function burstOf(baseUrl, path, emails, body, { appPid, dbPid }) {
  const bodies = {};
  const m = await burst({
    url: baseUrl,
    path,
    appPid,
    dbPid,
    bodies: emails.map((email) => JSON.stringify(body(email))),
    onResponse(status, text) {
      if (status >= 300) bodies[status] ??= String(text).slice(0, 300);
    },
  });
  return { ...m, sampleErrorBodies: bodies };
}

/** Reads the codes from the .eml files the app wrote (OUTBOX_DIR), waiting for background senders. */
async function readCodes(outbox, emails, timeoutMs = 60_000) {
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
    target: `0 5xx, p99 ≤ ${TARGET_P99_MS} ms (${count} e-mails, 100 connections)`,
    measured: `${m.ok2xx} ok, ${m.err5xx} 5xx${refused ? ` (${refused} refused: ${JSON.stringify(m.statuses)})` : ''}, p99 ${m.p99} ms (p50 ${m.p50})${cpuNote(m)}`,
    pass: m.err5xx === 0 && m.ok2xx === count && m.p99 <= TARGET_P99_MS,
  };
};

/** Both steps for `emails` (code request, then verify-code with the code each e-mail carried). */
async function bothSteps(baseUrl, outbox, emails, pids) {
  const send = await burstOf(
    baseUrl,
    '/api/destination-lead/send-email-verification/',
    emails,
    (email) => ({ email }),
    pids,
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
    pids,
  );
  return { send, codes, verify };
}

export async function run(ctx) {
  const { baseUrl, log, leadCount, warmBursts, env, appPid, dbPid } = ctx;
  const pids = { appPid, dbPid };
  const tag = randomBytes(3).toString('hex');
  // Unmeasured first, as for the leads: rounds of other visitors' codes, sent and confirmed, until the
  // code request's rate settles.
  const warm = await warmUntilSteady(
    async (round) => {
      const warmEmails = Array.from({ length: leadCount }, (_, i) => `warm${round}-${i}-${tag}@bench.example`);
      const { send, verify } = await bothSteps(baseUrl, env.OUTBOX_DIR, warmEmails, pids);
      log(
        `  code request and verify-code x ${leadCount} (warm-up ${round + 1}, not measured): ${send.reqPerSec} and ${verify?.reqPerSec} req/s`,
      );
      return { ...send, verify };
    },
    { max: warmBursts },
  );
  const emails = Array.from({ length: leadCount }, (_, i) => `code${i}-${tag}@bench.example`);
  log(`  code request, then verify-code x ${leadCount}`);
  const { send, codes, verify } = await bothSteps(baseUrl, env.OUTBOX_DIR, emails, pids);
  const rows = [row('code request', send, leadCount), firstBurstRow('code request', warm, leadCount)];
  if (!verify) {
    rows.push({
      id: 'verify-code',
      target: '',
      measured: `not measured: ${codes.size} of ${emails.length} code e-mails arrived`,
      pass: null,
    });
    return { rows, details: { send } };
  }
  rows.push(row('verify-code', verify, leadCount));
  const verifies = warm.map((w) => w.verify);
  if (verifies.every(Boolean)) rows.push(firstBurstRow('verify-code', verifies, leadCount));
  return { rows, details: { send, verify, warmUp: warm.length } };
}
