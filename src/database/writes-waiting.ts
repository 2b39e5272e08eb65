/**
 * Whether requests that write (the form POSTs, and every method but GET, HEAD and OPTIONS) are
 * waiting to start in the admission queue (common/http/fair-admission.ts), which configure-app.ts
 * plugs in here once at start-up. Two things give way to them: SQLite's group commit waits a few
 * turns for their writes (sqlite-sync.ts), and the outbox worker puts its next claim off
 * (mail/outbox-worker.service.ts).
 */
let probe: () => boolean = () => false;

export function setWritesWaitingProbe(next: () => boolean): void {
  probe = next;
}

export function writesWaiting(): boolean {
  return probe();
}
