import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { epochMs, runWithTrace, Trace, TRACE_ENABLED, traceMark } from '../../database/trace-marks';

export { traceMark };

/**
 * Per-request timing points for the benchmark's trace (bench/trace-burst.mjs), only when the process
 * starts with BENCH_TRACE=1: the arrival of each request, the steps of the form lane, its wait in the
 * SQLite write queue or for a MySQL/MariaDB connection, and the answer, in an `x-bench-trace` header
 * (epoch milliseconds, so the load generator can put them beside its own times). Every answer also
 * carries the event loop's delay since the last `x-bench-eld-reset` request (`x-bench-eld`: p50, p99
 * and max in ms). Without the variable nothing is installed and `traceMark` returns at once.
 */
const ofRequest = new WeakMap<object, Trace>();

/** Runs `work` with the request's trace as the current one (directly unless BENCH_TRACE=1). */
export function withRequestTrace<T>(request: object, work: () => T): T {
  return runWithTrace(TRACE_ENABLED ? ofRequest.get(request) : undefined, work);
}

/** BENCH_HEAP=1 (and node --expose-gc): a request with `x-bench-heap` runs a full GC and is told the heap used after it. */
const HEAP_ENABLED = process.env.BENCH_HEAP === '1';

export function installRequestTrace(fastify: FastifyInstance): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (HEAP_ENABLED && gc)
    fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (request.headers['x-bench-heap'] !== undefined) {
        gc();
        void reply.header('x-bench-heap', String(process.memoryUsage().heapUsed));
      }
      done();
    });
  if (!TRACE_ENABLED) return;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  // When each connection was accepted: a request that is its connection's first carries that point too.
  const accepted = new WeakMap<object, number>();
  fastify.server.on('connection', (socket: object) => accepted.set(socket, epochMs()));
  fastify.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    const at = accepted.get(request.raw.socket);
    accepted.delete(request.raw.socket);
    ofRequest.set(request, {
      marks:
        at === undefined
          ? [['arrive', epochMs()]]
          : [
              ['accept', at],
              ['arrive', epochMs()],
            ],
    });
    if (request.headers['x-bench-eld-reset'] !== undefined) delay.reset();
    done();
  });
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const trace = ofRequest.get(request);
    if (trace) {
      trace.marks.push(['send', epochMs()]);
      reply.header('x-bench-trace', JSON.stringify(trace.marks.map(([n, t]) => [n, Math.round(t * 100) / 100])));
    }
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    reply.header('x-bench-eld', `${ms(delay.percentile(50))},${ms(delay.percentile(99))},${ms(delay.max)}`);
    done(null, payload);
  });
}
