/**
 * Whether requests that write (the form POSTs, and every method but GET, HEAD and OPTIONS) are
 * waiting to start in the admission queue (common/http/fair-admission.ts), which configure-app.ts
 * plugs in here once at start-up. What gives way to them: SQLite's group commit waits a few turns
 * for their writes (sqlite-sync.ts); background writers (the outbox worker's claims, the follow-up
 * sequence's steps) wait with a GiveWay before each write.
 */
let probe: () => boolean = () => false;

/** Plugs in the probe; returns the one it replaces (a test puts it back). */
export function setWritesWaitingProbe(next: () => boolean): () => boolean {
  const previous = probe;
  probe = next;
  return previous;
}

export function writesWaiting(): boolean {
  return probe();
}

/**
 * The scheduled jobs' bound (follow-ups, task reminders, SLA notices): their steps are due to the
 * minute or the day, so a few seconds' wait costs nothing, and a burst longer than that still gets
 * them done.
 */
export const JOB_GIVE_WAY_MS = 5_000;

/** How often a waiting background writer looks again. */
const LOOK_EVERY_MS = 10;

/**
 * Visitors first, for a background writer: `wait()` lets the event loop turn once (the sockets are
 * read, arriving requests queue), then resolves once no request write waits to start,
 * or once it has waited `maxMs` in the present busy spell (then it resolves at once until the queue
 * has been seen empty again), so the background work is put off by a burst but never held up for
 * longer than that bound.
 */
export class GiveWay {
  /** When this writer began waiting in the present busy spell (null: not busy). */
  private since: number | null = null;

  constructor(private readonly maxMs: number = JOB_GIVE_WAY_MS) {}

  async wait(stopped: () => boolean = () => false): Promise<void> {
    // One turn of the event loop first, whatever the queue holds: on SQLite a background
    // transaction's promises settle at once, so a run of them would otherwise be one chain of
    // callbacks in which no socket is read (and no arriving request could be seen waiting).
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (!stopped() && writesWaiting()) {
      const now = performance.now();
      this.since ??= now;
      if (now - this.since >= this.maxMs) return;
      await new Promise<void>((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
    }
    this.since = null;
  }
}
