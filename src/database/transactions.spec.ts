import { DataSource } from 'typeorm';
import { holdWritesNext, outsideWriteQueue, serializeWrites } from './transactions';

/** Only `options.type` is read to pick the SQLite write queue; the writes here are recorded, not run. */
const sqlite = () => ({ options: { type: 'better-sqlite3' } }) as unknown as DataSource;
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the SQLite write queue', () => {
  it('runs writes one at a time, in order', async () => {
    const db = sqlite();
    const log: string[] = [];
    let active = 0;
    const write = (name: string) =>
      serializeWrites(db, async () => {
        active += 1;
        expect(active).toBe(1);
        log.push(`start ${name}`);
        await tick();
        log.push(`end ${name}`);
        active -= 1;
        return name;
      });
    await expect(Promise.all([write('a'), write('b'), write('c')])).resolves.toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it("lets requests' writes pass queued background writes, one background write after every 8 of them", async () => {
    const db = sqlite();
    const order: string[] = [];
    const blocker = serializeWrites(db, async () => {
      await tick();
      order.push('first');
    });
    const jobs = [1, 2].map((i) =>
      outsideWriteQueue(() => serializeWrites(db, async () => void order.push(`job${i}`))),
    );
    const requests = Array.from({ length: 10 }, (_, i) =>
      serializeWrites(db, async () => void order.push(`req${i + 1}`)),
    );
    await Promise.all([blocker, ...jobs, ...requests]);
    expect(order).toEqual([
      'first',
      'req1',
      'req2',
      'req3',
      'req4',
      'req5',
      'req6',
      'req7',
      'job1',
      'req8',
      'req9',
      'req10',
      'job2',
    ]);
  });

  it('passes a failure to its caller and goes on with the next write', async () => {
    const db = sqlite();
    const failing = serializeWrites(db, () => Promise.reject(new Error('constraint')));
    const next = serializeWrites(db, async () => 'next');
    await expect(failing).rejects.toThrow('constraint');
    await expect(next).resolves.toBe('next');
  });

  it('is re-entrant: a write inside a write runs at once instead of waiting for itself', async () => {
    const db = sqlite();
    await expect(serializeWrites(db, () => serializeWrites(db, async () => 'inner'))).resolves.toBe('inner');
  });

  it('answers requests queued while the queue is held in the order they were queued', async () => {
    const db = sqlite();
    let release!: () => void;
    const held = holdWritesNext(db, () => new Promise<void>((resolve) => (release = resolve)));
    const answered: number[] = [];
    // Each write awaits once more inside its slot, as a request's does; none may overtake another.
    const requests = Array.from({ length: 50 }, (_, i) =>
      serializeWrites(db, async () => {
        await tick();
        return i;
      }).then((i) => void answered.push(i)),
    );
    await tick();
    expect(answered).toEqual([]);
    release();
    await Promise.all([held, ...requests]);
    expect(answered).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});
