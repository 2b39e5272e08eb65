import { DataSource } from 'typeorm';
import { loadSqliteDriver } from './sqlite-driver';
import { GATHER_TURNS, MAX_GROUP, runSqliteWrite } from './sqlite-sync';
import { setWritesWaitingProbe } from './writes-waiting';
import { holdWritesNext } from './transactions';

interface Db {
  exec(sql: string): void;
  prepare(sql: string): { all(): Array<{ name: string }> };
  close(): void;
}

/** A DataSource stand-in over a real in-memory SQLite connection: what runSqliteWrite reads of one. */
function sqlite(): { dataSource: DataSource; db: Db; commits: () => number } {
  const Database = loadSqliteDriver<new (file: string) => Db>();
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (name TEXT NOT NULL UNIQUE)');
  // Counts the transactions committed through the connection (each immediate() that returned).
  let commits = 0;
  const counted = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver) as unknown;
      return (fn: (...a: unknown[]) => unknown) => {
        const tx = (target as unknown as { transaction: typeof fn }).transaction(fn) as ((
          ...a: unknown[]
        ) => unknown) & {
          immediate: (...a: unknown[]) => unknown;
        };
        const immediate = (...a: unknown[]) => {
          const result = tx.immediate(...a);
          commits += 1;
          return result;
        };
        return Object.assign((...a: unknown[]) => tx(...a), { immediate });
      };
    },
  });
  const dataSource = {
    options: { type: 'better-sqlite3' },
    driver: { databaseConnection: counted },
  } as unknown as DataSource;
  return { dataSource, db, commits: () => commits };
}

const insert = (dataSource: DataSource, name: string) =>
  runSqliteWrite(dataSource, (h) => {
    h.statement('INSERT INTO t (name) VALUES (?)').run(name);
    return name;
  });

/**
 * Queues the writes `queue` starts while the write queue is held, so they wait side by side, then
 * lets the queue go on; resolves to those writes' promises once the hold has ended.
 */
async function queuedWhileHeld<T>(dataSource: DataSource, queue: () => T): Promise<T> {
  let release!: () => void;
  const held = holdWritesNext(dataSource, () => new Promise<void>((r) => (release = r)));
  const writes = queue();
  release();
  await held;
  return writes;
}

const names = (db: Db) =>
  db
    .prepare('SELECT name FROM t ORDER BY rowid')
    .all()
    .map((r) => r.name);

describe('SQLite group commit (runSqliteWrite)', () => {
  afterEach(() => setWritesWaitingProbe(() => false));

  it('commits a write at once when nothing else is waiting', async () => {
    const { dataSource, db, commits } = sqlite();
    await expect(insert(dataSource, 'a')).resolves.toBe('a');
    expect(commits()).toBe(1);
    expect(names(db)).toEqual(['a']);
    db.close();
  });

  it('commits the writes waiting side by side in one transaction, answered in the order they came', async () => {
    const { dataSource, db, commits } = sqlite();
    const answered: string[] = [];
    const writes = await queuedWhileHeld(dataSource, () =>
      ['a', 'b', 'c', 'd'].map((n) => insert(dataSource, n).then((v) => void answered.push(v))),
    );
    await Promise.all(writes);
    expect(answered).toEqual(['a', 'b', 'c', 'd']);
    expect(names(db)).toEqual(['a', 'b', 'c', 'd']);
    expect(commits()).toBe(1);
    db.close();
  });

  it('rolls back only the write that failed; the rest of its group is stored', async () => {
    const { dataSource, db } = sqlite();
    const [first, failing, last] = await queuedWhileHeld(dataSource, () => [
      insert(dataSource, 'a'),
      runSqliteWrite(dataSource, (h) => {
        h.statement('INSERT INTO t (name) VALUES (?)').run('x');
        h.statement('INSERT INTO t (name) VALUES (?)').run('a'); // UNIQUE: throws after writing 'x'
      }),
      insert(dataSource, 'b'),
    ]);
    await expect(first).resolves.toBe('a');
    const error = await failing.then(
      () => 'resolved',
      (e: unknown) => e,
    );
    expect(String((error as Error)?.message ?? error)).toMatch(/UNIQUE/);
    await expect(last).resolves.toBe('b');
    expect(names(db)).toEqual(['a', 'b']);
    db.close();
  });

  it('refuses the whole group, and stores none of it, when a write ends the transaction itself', async () => {
    const { dataSource, db } = sqlite();
    const writes = await queuedWhileHeld(dataSource, () => [
      insert(dataSource, 'a'),
      // As SQLite does on a full disk or an I/O error: the whole transaction is rolled back.
      runSqliteWrite(dataSource, (h) => {
        h.statement('INSERT INTO t (name) VALUES (?)').run('x');
        h.statement('ROLLBACK').run();
        throw new Error('disk I/O error');
      }),
      insert(dataSource, 'b'),
    ]);
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const o of outcomes) expect(String((o as PromiseRejectedResult).reason)).toMatch(/disk I\/O error/);
    expect(names(db)).toEqual([]);
    await expect(insert(dataSource, 'c')).resolves.toBe('c');
    expect(names(db)).toEqual(['c']);
    db.close();
  });

  it('runs each continuation after the commit, in order, before any other write', async () => {
    const { dataSource, db } = sqlite();
    const seen: string[][] = [];
    const write = (n: string) =>
      runSqliteWrite(
        dataSource,
        (h) => void h.statement('INSERT INTO t (name) VALUES (?)').run(n),
        async () => {
          seen.push(names(db));
          return n;
        },
      );
    const writes = await queuedWhileHeld(dataSource, () => [write('a'), write('b')]);
    await expect(Promise.all(writes)).resolves.toEqual(['a', 'b']);
    expect(seen).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ]);
    db.close();
  });

  it('waits a few turns for more writes while requests are waiting to start, then commits', async () => {
    const { dataSource, db, commits } = sqlite();
    let waiting = 3;
    setWritesWaitingProbe(() => waiting > 0);
    const writes = [insert(dataSource, 'w0')];
    // One more request's write per turn, as the admission queue starts one request per turn.
    for (let i = 1; i <= 3; i += 1) {
      await new Promise((r) => setImmediate(r));
      waiting -= 1;
      writes.push(insert(dataSource, `w${i}`));
    }
    await Promise.all(writes);
    expect(commits()).toBe(1);
    expect(names(db)).toEqual(['w0', 'w1', 'w2', 'w3']);
    db.close();
  });

  it('bounds a group: at most MAX_GROUP writes, and at most GATHER_TURNS turns of waiting', async () => {
    const { dataSource, db, commits } = sqlite();
    const many = await queuedWhileHeld(dataSource, () =>
      Array.from({ length: MAX_GROUP + 1 }, (_, i) => insert(dataSource, `m${i}`)),
    );
    await Promise.all(many);
    expect(commits()).toBe(2);

    setWritesWaitingProbe(() => true); // requests always waiting: the group still commits
    const started = commits();
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await insert(dataSource, 'late');
    counting = false;
    expect(commits()).toBe(started + 1);
    expect(turns).toBeLessThanOrEqual(GATHER_TURNS + 2);
    db.close();
  });
});
