// Cold start of the built app: spawn -> first 200 on /api/health (and -> ready, after the warm-up).
import { startApp } from '../lib/app-process.mjs';
import { percentile, round } from '../lib/load.mjs';

export const TARGET_MS = 3000;

/** `firstBootMs` comes from the run's first boot on the empty database (migrations + demo seed). */
export async function run(ctx) {
  const { env, log, firstBootMs, firstReadyMs, boots } = ctx;
  const times = [];
  const ready = [];
  for (let i = 0; i < boots; i += 1) {
    const app = await startApp(env);
    times.push(app.bootMs);
    ready.push(app.readyMs);
    await app.stop();
  }
  const readyNote = (ms) => `; ready after the warm-up at ${ms.map((t) => Math.round(t)).join(', ')} ms`;
  const median = round(percentile(times, 50), 0);
  log(`  boots: ${times.map((t) => Math.round(t)).join(', ')} ms`);
  return {
    rows: [
      {
        id: 'cold start (migrated DB)',
        target: `≤ ${TARGET_MS} ms to the first 200`,
        measured: `median ${median} ms of ${boots} (${times.map((t) => Math.round(t)).join(', ')})${readyNote(ready)}`,
        pass: median <= TARGET_MS,
      },
      {
        id: 'cold start (empty DB: migrations + demo seed)',
        target: `≤ ${TARGET_MS} ms to the first 200`,
        measured: `${Math.round(firstBootMs)} ms${firstReadyMs ? readyNote([firstReadyMs]) : ''}`,
        pass: firstBootMs <= TARGET_MS,
      },
    ],
    details: {
      boots: times.map((t) => round(t, 0)),
      ready: ready.map((t) => round(t, 0)),
      firstBootMs: round(firstBootMs, 0),
      firstReadyMs: firstReadyMs && round(firstReadyMs, 0),
    },
  };
}
