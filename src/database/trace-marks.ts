import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

/**
 * Per-request timing points for the benchmark's trace (bench/trace-burst.mjs), only when the process
 * starts with BENCH_TRACE=1 (see src/common/http/request-trace.ts, which installs the HTTP side).
 * Kept apart from the HTTP hooks so the database layer can mark its waits without importing them.
 */
export const TRACE_ENABLED = process.env.BENCH_TRACE === '1';

export interface Trace {
  marks: Array<[string, number]>;
}

const traces = new AsyncLocalStorage<Trace>();
export const epochMs = () => performance.timeOrigin + performance.now();

/** Records a named point of the current request's trace (no-op unless BENCH_TRACE=1). */
export function traceMark(name: string): void {
  if (TRACE_ENABLED) traces.getStore()?.marks.push([name, epochMs()]);
}

/** Runs `work` with `trace` as the current one (directly when there is none). */
export function runWithTrace<T>(trace: Trace | undefined, work: () => T): T {
  return trace ? traces.run(trace, work) : work();
}
