import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { defaultErrorText } from '../filters/error-body';
import { type RawAnswerContext, rawHead, writeRawAnswer } from './raw-answer';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A read answered straight from the raw request, before Fastify (a cached catalogue answer or page):
 * true when it answered, false to let the request take the app's normal route.
 */
export type ReadLane = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface FairAdmission {
  /** Requests waiting in the queue. */
  queued(): number;
  /** Adds a lane tried, in order, for every read before the app sees it. */
  addReadLane(lane: ReadLane): void;
}

/** Turns in a row given to accepting connections before the next queued request starts regardless. */
const ACCEPT_TURNS = 32;

/**
 * Writes waiting at most: one more is refused at once with a 503 and Retry-After (the JSON error
 * body), so the queue's memory is bounded whatever arrives. Far above any real burst: 10,000 leads
 * are 5–10 s of the app's work.
 */
export const MAX_QUEUED = 10_000;

/** Methods served at once, ahead of queued writes: reads never wait behind a burst of form POSTs. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every other request (POST, PUT, PATCH, DELETE) in one first-come, first-served queue, one of
 * them started per turn of the event loop.
 *
 * Why (BENCHMARKS.md, "Who waits in the first burst"): Node's event loop (libuv 1.45 and later)
 * accepts at most ONE new connection per turn, and a turn used to run every request read in it to
 * its end (on SQLite a lead is synchronous from its body to its answer). Under a burst over 100
 * connections a turn read and answered 40–60 requests, 30–70 ms, so the connections still waiting to
 * be accepted were taken one every 30–70 ms: in a traced first burst, 55 of the first 100 requests
 * were accepted only after the other 900 had been answered (1.3–2.4 s), passed by every later
 * request on the connections already open. A bare node:http server spending 1 ms per request does
 * the same (p99 1.4 s for 1,000 requests at 100 connections).
 *
 * Starting one queued request per turn keeps each turn to about one request's work, and a turn that
 * accepted a connection is followed by one that starts nothing (up to ACCEPT_TURNS in a row), so a
 * hundred new connections are all accepted within a few milliseconds; the queue serves requests in the order they
 * arrived, whichever connection they came on. Reads skip the queue: a catalogue GET during a burst
 * waits for one turn, not for the burst; a read lane (addReadLane) answers a cached one right here,
 * before Fastify. The steps of a started request that wait for I/O (a
 * MySQL/MariaDB round trip) take their turns as before.
 */
export function installFairAdmission(
  server: Server,
  ctx: RawAnswerContext,
  maxQueued: number = MAX_QUEUED,
): FairAdmission {
  const text = defaultErrorText(503);
  const busyBody = Buffer.from(JSON.stringify({ statusCode: 503, error: text, message: text }));
  const busyHead = rawHead(
    ctx,
    { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '5' },
    busyBody,
  );
  const listeners = server.listeners('request') as RequestListener[];
  if (listeners.length !== 1) throw new Error(`fair admission expects one request listener, found ${listeners.length}`);
  const [handler] = listeners;
  server.removeListener('request', handler);
  const readLanes: ReadLane[] = [];
  let queue: Array<[IncomingMessage, ServerResponse] | undefined> = [];
  let head = 0;
  let scheduled = false;
  // A turn that accepted a connection is followed by one that starts no request (at most
  // ACCEPT_TURNS in a row): connections waiting to be accepted are taken one per short turn.
  let accepted = false;
  let acceptTurns = 0;
  server.on('connection', () => (accepted = true));
  const startNext = () => {
    if (accepted && acceptTurns < ACCEPT_TURNS) {
      accepted = false;
      acceptTurns += 1;
      setImmediate(startNext);
      return;
    }
    accepted = false;
    acceptTurns = 0;
    scheduled = false;
    const next = queue[head];
    queue[head++] = undefined;
    if (head === queue.length) {
      queue = [];
      head = 0;
    } else {
      scheduled = true;
      setImmediate(startNext); // the next one in the next turn, after this turn's reads and accept
    }
    if (next) handler.call(server, next[0], next[1]);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (READ_METHODS.has(req.method ?? '')) {
      for (const lane of readLanes) if (lane(req, res)) return;
      return handler.call(server, req, res);
    }
    if (queue.length - head >= maxQueued) {
      // The body is not read: the connection closes after the answer.
      res.shouldKeepAlive = false;
      const started = performance.now();
      return writeRawAnswer(ctx, req, res, {
        route: 'queue-full',
        status: 503,
        head: busyHead,
        body: busyBody,
        started,
      });
    }
    queue.push([req, res]);
    if (!scheduled) {
      scheduled = true;
      setImmediate(startNext);
    }
  });
  return { queued: () => queue.length - head, addReadLane: (lane) => void readLanes.push(lane) };
}
