import { randomBytes } from 'node:crypto';
import { Agent, request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Injectable } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { destinationPath } from '../../../shared/paths';
import type { DestinationDetail, PackSummary } from '../../../shared/api/catalogue';

/**
 * The start-up warm-up: before an instance reports ready (/api/health/ready), it sends itself a few
 * hundred requests along the paths a flash sale takes: the catalogue reads, the destination page,
 * and the three form POSTs, each answered as a visitor's would be but without writing anything (a
 * lead for an e-mail never verified, a code guess for an e-mail that has no code, a code request
 * refused by validation). A freshly started process runs its JavaScript unoptimised; the first
 * burst of visitors used to pay for that (its lead p99 was 1.2–1.5× the next burst's on the same
 * server), and now the warm-up does.
 *
 * They go over real connections to the instance's own port, WARM_UP_CONNECTIONS at a time, so the
 * code a visitor's request runs through is the code warmed: the HTTP parser and the socket writes,
 * the admission queue, the cached reads before Fastify, and Fastify on Node's own request and reply
 * objects. (In memory, through Fastify's inject, that code ran on other objects or not at all: the
 * first burst still spent 1.4× the CPU per lead of the third, most of it in Fastify, the streams,
 * the validation and the rate limiter.) Some of them close their connection, so new connections are
 * warmed too. An instance not listening on a TCP port (a test harness) is warmed through inject.
 *
 * The requests carry a token only this process knows: they are not logged and not counted in the
 * metrics. The rate limits count them under documentation addresses (RFC 5737, WARM_UP_FROM), which
 * no visitor has, so no real client's budget is spent, a proxy's on the same host included.
 */
const TOKEN = randomBytes(16).toString('hex');
const HEADER = 'x-warm-up';
/** The documentation address a warm-up request stands for (only read with the token). */
const FROM = 'x-warm-up-from';

/** True for the warm-up's own requests (the request logger and the metrics skip them). */
export function isWarmUpRequest(headers: IncomingHttpHeaders): boolean {
  return headers[HEADER] === TOKEN;
}

/**
 * The address the rate limits count a warm-up request under: the documentation address it carries
 * (a warm-up request over a socket comes from the instance's own loopback address, which a proxy on
 * the same host may share). Undefined for every other request, whatever it claims.
 */
export function warmUpAddress(headers: IncomingHttpHeaders): string | undefined {
  const from = headers[FROM];
  return isWarmUpRequest(headers) && typeof from === 'string' && TEST_NET_ADDRESS.test(from) ? from : undefined;
}

/**
 * How many rounds (one of each form POST, some reads) and how long at most. 600 rounds take about
 * 2 s on a 2-core machine; against 200, the first lead burst after start used 10–30% less CPU per
 * lead in five alternated pairs of six (BENCHMARKS.md). A busy machine stops at the budget.
 */
export const WARM_UP_ROUNDS = 600;
const WARM_UP_BUDGET_MS = 3_000;
/** Connections sending rounds side by side; one request in CLOSE_EVERY closes its connection. */
export const WARM_UP_CONNECTIONS = 8;
const CLOSE_EVERY = 5;

const TEST_NETS = ['192.0.2', '198.51.100', '203.0.113'];
const TEST_NET_ADDRESS = /^(192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}$/;
const address = (i: number) => `${TEST_NETS[i % 3]}.${1 + (Math.floor(i / 3) % 254)}`;

interface Answer {
  statusCode: number;
  json<T>(): T;
}

type Send = (method: 'GET' | 'POST', url: string, i: number, payload?: object) => Promise<Answer>;

/** The instance's own TCP port on loopback, or undefined (not listening, or on a pipe). */
function ownPort(fastify: FastifyInstance): number | undefined {
  const at = fastify.server.address();
  return at && typeof at === 'object' ? (at as AddressInfo).port : undefined;
}

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

/** Over a socket to the instance's own port, as a visitor's request comes. */
function socketSender(port: number, agent: Agent): Send {
  let sent = 0;
  return (method, url, i, payload) =>
    new Promise<Answer>((resolve, reject) => {
      const body = payload ? JSON.stringify(payload) : undefined;
      const headers: OutgoingHttpHeaders = {
        [HEADER]: TOKEN,
        [FROM]: address(i),
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        ...(++sent % CLOSE_EVERY === 0 ? { connection: 'close' } : {}),
      };
      const req = request({ host: '127.0.0.1', port, method, path: url, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ statusCode: res.statusCode ?? 0, json: <T>() => JSON.parse(text) as T });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
}

/** In memory, through Fastify's inject (an instance not listening on a TCP port). */
function injectSender(fastify: FastifyInstance): Send {
  return (method, url, i, payload) =>
    fastify.inject({
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
}

async function sendWarmUp(fastify: FastifyInstance): Promise<WarmUpDone> {
  const statuses: Record<string, number> = {};
  const started = performance.now();
  let requests = 0;
  let rounds = 0;
  const port = ownPort(fastify);
  const agent = port === undefined ? undefined : new Agent({ keepAlive: true, maxSockets: WARM_UP_CONNECTIONS });
  const sender = agent && port !== undefined ? socketSender(port, agent) : injectSender(fastify);
  const send: Send = async (method, url, i, payload) => {
    requests += 1;
    const res = await sender(method, url, i, payload);
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
    let next = 0;
    const round = async (i: number) => {
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
    };
    // WARM_UP_CONNECTIONS rounds side by side, each starting the next round until all are sent or
    // the time budget is spent.
    const worker = async () => {
      while (next < WARM_UP_ROUNDS && performance.now() - started < WARM_UP_BUDGET_MS) await round(next++);
    };
    await Promise.all(Array.from({ length: agent ? WARM_UP_CONNECTIONS : 1 }, worker));
  } catch {
    // The warm-up is an optimisation: whatever failed, the instance serves as it would have.
  } finally {
    agent?.destroy();
  }
  return { rounds, requests, ms: Math.round(performance.now() - started), statuses };
}
