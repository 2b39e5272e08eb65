import { loadSqliteDriver } from './sqlite-driver';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import {
  BACKSTOP_FRAMES,
  RESTART_FRAMES,
  startCheckpointer,
  stopCheckpointer,
  writeOffThread,
} from './sqlite-checkpointer';
import { runSqliteWrite } from './sqlite-sync';

const PAGE = 4096;

async function sqliteFile(path: string): Promise<DataSource> {
  const ds = new DataSource({
    type: 'better-sqlite3',
    driver: loadSqliteDriver(),
    database: path,
    prepareDatabase: (conn: { pragma(sql: string): unknown }) => {
      conn.pragma('journal_mode = WAL');
      conn.pragma('synchronous = NORMAL');
    },
  });
  await ds.initialize();
  // Like the leads: a small row and several indexes, some of them on scattered values.
  await ds.query(
    'CREATE TABLE "notes" ("id" integer PRIMARY KEY AUTOINCREMENT, "a" varchar NOT NULL, "b" varchar NOT NULL, "c" varchar NOT NULL, "at" varchar NOT NULL)',
  );
  for (const column of ['a', 'b', 'c', 'at'])
    await ds.query(`CREATE INDEX "IDX_notes_${column}" ON "notes" ("${column}")`);
  await ds.query('CREATE INDEX "IDX_notes_a_at" ON "notes" ("a", "at")');
  return ds;
}

const autocheckpoint = (ds: DataSource) =>
  Number(
    (
      ds.driver as unknown as { databaseConnection: { pragma(s: string, o: object): unknown } }
    ).databaseConnection.pragma('wal_autocheckpoint', { simple: true }),
  );

const walBytes = (path: string) => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);

/** `count` write transactions of one row each (about 9 pages written to the WAL), as requests would send them. */
async function writeNotes(ds: DataSource, count: number, onEach?: () => void): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const word = (n: number) => `${((i * n) % 9973).toString(36)}-${'x'.repeat(40)}`;
    await runSqliteWrite(ds, (db) =>
      db
        .statement('INSERT INTO "notes" ("a", "b", "c", "at") VALUES (?, ?, ?, ?)')
        .run(word(7919), word(104729), word(31), new Date().toISOString()),
    );
    onEach?.();
    // About two writes a millisecond, some 18 pages: a burst of leads at the rate one app process takes them.
    if (i % 2 === 1) await sleep(1);
  }
}

describe('SQLite checkpoints on a worker thread', () => {
  let dir: string;
  let path: string;
  let ds: DataSource;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'checkpointer-'));
    path = join(dir, 'db.sqlite');
    ds = await sqliteFile(path);
  });
  afterEach(async () => {
    await stopCheckpointer(ds);
    if (ds.isInitialized) await ds.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the WAL short under a steady stream of writes, with the main connection never checkpointing', async () => {
    const checkpointer = startCheckpointer(ds)!;
    expect(checkpointer.running).toBe(true);
    // The main connection's own checkpoint only as a backstop, far above what the worker lets the WAL reach.
    expect(autocheckpoint(ds)).toBe(BACKSTOP_FRAMES);
    await checkpointer.checkpoint(); // its worker is up (in the app it starts long before the first burst)

    let largest = 0;
    // 1,000 × ~9 pages ≈ 9,000 pages: under the backstop, so only the worker can have started the WAL over.
    await writeNotes(ds, 1000, () => (largest = Math.max(largest, walBytes(path))));

    // Without a restart the WAL would hold every page written (about 36 MB); it was started over
    // each time it reached RESTART_FRAMES, so it never grew much past that.
    expect(largest).toBeLessThan(3 * RESTART_FRAMES * PAGE);
    expect(checkpointer.passes).toBeGreaterThan(0);
    expect(checkpointer.holds).toBeGreaterThan(0);

    // Every row is there, and the file is sound once the worker has copied the last pages in.
    await checkpointer.pass();
    expect(await ds.query('SELECT COUNT(*) AS n FROM "notes"')).toEqual([{ n: 1000 }]);
    expect(await ds.query('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    const after = await checkpointer.checkpoint();
    expect(after.checkpointed).toBe(after.log);
  });

  it('holds no write when the WAL is short', async () => {
    const checkpointer = startCheckpointer(ds)!;
    await writeNotes(ds, 5);
    await checkpointer.pass();
    expect(checkpointer.holds).toBe(0);
    const result = await checkpointer.checkpoint();
    expect(result.log).toBeLessThan(RESTART_FRAMES);
    expect(result.checkpointed).toBe(result.log);
  });

  it('gives the checkpoints back to the main connection when its worker stops, and writes go on', async () => {
    const checkpointer = startCheckpointer(ds)!;
    const worker = (checkpointer as unknown as { worker: { terminate(): Promise<number> } }).worker;
    await worker.terminate();
    await new Promise((r) => setTimeout(r, 50));
    expect(checkpointer.running).toBe(false);
    expect(autocheckpoint(ds)).toBe(1000);
    await expect(checkpointer.checkpoint()).rejects.toThrow('not running');
    await writeNotes(ds, 3);
    expect(await ds.query('SELECT COUNT(*) AS n FROM "notes"')).toEqual([{ n: 3 }]);
  });

  it('stops at shutdown, leaving the connection to checkpoint by itself', async () => {
    const checkpointer = startCheckpointer(ds)!;
    expect(startCheckpointer(ds)).toBe(checkpointer);
    await writeNotes(ds, 3);
    await stopCheckpointer(ds);
    expect(checkpointer.running).toBe(false);
    expect(autocheckpoint(ds)).toBe(1000);
    // The worker closed its connection: the main one is the last on the file, and its close copies
    // the WAL in and removes it, as SQLite does for a database nobody else has open.
    expect(existsSync(`${path}-wal`)).toBe(true);
    await ds.destroy();
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('is not started for a database in memory', async () => {
    const memory = new DataSource({ type: 'better-sqlite3', driver: loadSqliteDriver(), database: ':memory:' });
    await memory.initialize();
    expect(startCheckpointer(memory)).toBeNull();
    await memory.destroy();
  });

  const INSERT_NOTE = 'INSERT INTO "notes" ("a", "b", "c", "at") VALUES (?, ?, ?, ?)';
  const note = (a: string): [string, unknown[]] => [INSERT_NOTE, [a, 'b', 'c', new Date().toISOString()]];
  const count = async (d: DataSource) => Number((await d.query('SELECT COUNT(*) AS n FROM "notes"'))[0].n);

  it('runs a background write on the worker, with the write queue held until it has committed', async () => {
    const checkpointer = startCheckpointer(ds)!;
    const onWorker = jest.spyOn(checkpointer, 'write');
    const main = (ds.driver as unknown as { databaseConnection: { inTransaction: boolean } }).databaseConnection;
    const offThread = writeOffThread(ds, [note('one'), note('two'), ['UPDATE "notes" SET "c" = ?', ['both']]]);
    // Queued behind it: runs only once the worker's transaction is committed, and sees all of it.
    const seen = runSqliteWrite(ds, (db) =>
      db.statement('SELECT COUNT(*) AS n FROM "notes" WHERE "c" = ?').get('both'),
    );
    expect(main.inTransaction).toBe(false);
    expect(await offThread).toEqual([1, 1, 2]);
    expect(await seen).toEqual({ n: 2 });
    expect(onWorker).toHaveBeenCalledTimes(1);
  });

  it('rolls a failed background write back whole, and the writes after it go on', async () => {
    startCheckpointer(ds);
    await expect(writeOffThread(ds, [note('kept?'), ['INSERT INTO "nowhere" VALUES (1)', []]])).rejects.toThrow(
      'no such table',
    );
    await writeNotes(ds, 2);
    expect(await count(ds)).toBe(2);
  });

  it('writes on the main connection when there is no worker', async () => {
    const memory = new DataSource({ type: 'better-sqlite3', driver: loadSqliteDriver(), database: ':memory:' });
    await memory.initialize();
    await memory.query(
      'CREATE TABLE "notes" ("id" integer PRIMARY KEY, "a" varchar, "b" varchar, "c" varchar, "at" varchar)',
    );
    expect(await writeOffThread(memory, [note('x'), note('y')])).toEqual([1, 1]);
    expect(await count(memory)).toBe(2);
    await memory.destroy();
    // A worker that has stopped: the same, on the main connection.
    const checkpointer = startCheckpointer(ds)!;
    await (checkpointer as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await sleep(50);
    expect(await writeOffThread(ds, [note('z')])).toEqual([1]);
    expect(await count(ds)).toBe(1);
  });
});
