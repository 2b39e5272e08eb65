import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { destinationPath } from '../../../shared/paths';
import type { DestinationDetail, PackSummary } from '../../../shared/api/catalogue';

/**
 * The start-up warm-up: before an instance reports ready (/api/health/ready), it sends itself a few
 * hundred requests in memory (Fastify's inject, no socket) along the paths a flash sale takes: the
 * catalogue reads, the destination page, and the three form POSTs, each answered as a visitor's
 * would be but without writing anything (a lead for an e-mail never verified, a code guess for an
 * e-mail that has no code, a code request refused by validation). A freshly started process runs
 * its JavaScript unoptimised; the first burst of visitors used to pay for that (its lead p99 was
 * 1.2–1.5× the next burst's on the same server), and now the warm-up does.
 *
 * The requests carry a token only this process knows: they are not logged and not counted in the
 * metrics. They come from documentation addresses (RFC 5737), which no visitor has, so no rate
 * limit of a real client is spent.
 */
const TOKEN = randomBytes(16).toString('hex');
const HEADER = 'x-warm-up';

/** True for the warm-up's own requests (the request logger and the metrics skip them). */
export function isWarmUpRequest(headers: IncomingHttpHeaders): boolean {
  return headers[HEADER] === TOKEN;
}

/** How many rounds (one of each form POST, some reads) and how long at most. */
export const WARM_UP_ROUNDS = 200;
const WARM_UP_BUDGET_MS = 3_000;

const TEST_NETS = ['192.0.2', '198.51.100', '203.0.113'];
const address = (i: number) => `${TEST_NETS[i % 3]}.${1 + (Math.floor(i / 3) % 254)}`;

export interface WarmUpDone {
  /** Rounds sent: WARM_UP_ROUNDS, or fewer when the time budget ran out first (a busy machine). */
  rounds: number;
  requests: number;
  ms: number;
  /** How many answers of each status (e.g. {"200": 160, "400": 600}). */
  statuses: Record<string, number>;
}

@Injectable()
export class WarmUp {
  private state: 'not-started' | 'running' | 'done' = 'not-started';

  /** False while the warm-up runs (readiness answers 503 meanwhile). */
  get over(): boolean {
    return this.state !== 'running';
  }

  /**
   * Runs the warm-up once (main.ts calls it right after listening). Resolves with what it did; never
   * throws: a request that fails only ends the warm-up early.
   */
  async run(fastify: FastifyInstance): Promise<WarmUpDone> {
    if (this.state !== 'not-started') return { rounds: 0, requests: 0, ms: 0, statuses: {} };
    this.state = 'running';
    try {
      return await sendWarmUp(fastify);
    } finally {
      this.state = 'done';
    }
  }
}

async function sendWarmUp(fastify: FastifyInstance): Promise<WarmUpDone> {
  const statuses: Record<string, number> = {};
  const started = performance.now();
  let requests = 0;
  let rounds = 0;
  const send = async (method: 'GET' | 'POST', url: string, i: number, payload?: object) => {
    requests += 1;
    const res = await fastify.inject({
      method,
      url,
      remoteAddress: address(i),
      headers: {
        [HEADER]: TOKEN,
        accept: 'application/json',
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
    });
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    return res;
  };
  try {
    // The catalogue's lists are arrays (shared/api/catalogue.ts); an empty catalogue warms the forms alone.
    const list = await send('GET', '/api/destinations/', 0);
    const first = list.statusCode === 200 ? list.json<DestinationDetail[]>()[0] : undefined;
    const packs = await send('GET', '/api/travel-packs/', 0);
    const packId = packs.statusCode === 200 ? packs.json<PackSummary[]>()[0]?.id : undefined;
    const run = randomBytes(4).toString('hex');
    for (let i = 0; i < WARM_UP_ROUNDS && performance.now() - started < WARM_UP_BUDGET_MS; i += 1) {
      // Never verified (a random address at a reserved domain): the lead is refused after its read.
      const email = `warm-up-${run}-${i}@warm-up.invalid`;
      await send('POST', '/api/leads/', i, {
        first_name: 'Warm',
        last_name: 'Up',
        email,
        phone: '5550000000',
        date: null,
        hour: null,
        source: 'email_verification',
        destination: first?.id ?? 1,
      });
      // No code was ever sent to it: refused after its read.
      await send('POST', '/api/destination-lead/verify-code/', i, { email, confirmation_code: '0000' });
      // Refused by validation: nothing is sent.
      await send('POST', '/api/destination-lead/send-email-verification/', i, { email: 'not-an-address' });
      if (i % 4 === 0) {
        await send('GET', '/api/destinations/', i);
        if (first) await send('GET', `/api/destinations/${first.id}/`, i);
        if (packId !== undefined) await send('GET', `/api/travel-packs/${packId}/`, i);
      }
      if (i % 20 === 0 && first) await send('GET', destinationPath(first), i);
      rounds += 1;
    }
  } catch {
    // The warm-up is an optimisation: whatever failed, the instance serves as it would have.
  }
  return { rounds, requests, ms: Math.round(performance.now() - started), statuses };
}
