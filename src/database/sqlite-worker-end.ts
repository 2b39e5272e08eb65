import type { Worker } from 'node:worker_threads';

/** How long a worker asked to end may take to finish what it is doing before it is terminated. */
const END_GRACE_MS = 5000;

/**
 * Ends a worker of the SQLite driver by asking it ('close': it closes its connection and its port),
 * terminated only if it has not ended after END_GRACE_MS. A message is handled only once the
 * worker's script has run, so a worker still loading the driver finishes first: terminated while
 * better-sqlite3's addon registers, it aborts the whole process. Its connection closed, not dropped
 * with the thread, SQLite sees the remaining connection as the last one on the file.
 */
export async function endWorker(worker: Worker): Promise<void> {
  const ended = new Promise<void>((done) => worker.once('exit', () => done()));
  worker.postMessage('close');
  const timer = setTimeout(() => void worker.terminate(), END_GRACE_MS);
  await ended;
  clearTimeout(timer);
}
