import { loadSqliteDriver } from './sqlite-driver';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, QueryFailedError } from 'typeorm';
import { closeReadPool, readPoolOf, readRawMany } from './sqlite-read-pool';

async function sqliteFile(dir: string): Promise<DataSource> {
  const ds = new DataSource({
    type: 'better-sqlite3',
    driver: loadSqliteDriver(),
    database: join(dir, 'read-pool.sqlite'),
    prepareDatabase: (conn: { pragma(sql: string): unknown }) => void conn.pragma('journal_mode = WAL'),
  });
  await ds.initialize();
  await ds.query(
    'CREATE TABLE "items" ("id" integer PRIMARY KEY, "name" varchar NOT NULL, "at" datetime NOT NULL, "active" boolean NOT NULL)',
  );
  await ds.query(
    `INSERT INTO "items" ("id", "name", "at", "active") VALUES (1, 'Ana', '2026-01-01 10:00:00.000', 1), (2, 'Luis', '2026-03-01 10:00:00.000', 0), (3, 'Eva', '2026-05-01 10:00:00.000', 1)`,
  );
  return ds;
}

describe('SQLite read pool', () => {
  let dir: string;
  let ds: DataSource;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'read-pool-'));
    ds = await sqliteFile(dir);
  });
  afterEach(async () => {
    await closeReadPool(ds);
    await ds.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const query = () =>
    ds
      .createQueryBuilder()
      .select('i.id', 'id')
      .addSelect('i.name', 'name')
      .from('items', 'i')
      .where('i.at >= :from', { from: new Date('2026-02-01T00:00:00Z') })
      .andWhere('i.active = :on', { on: true })
      .orderBy('i.id', 'DESC');

  it("answers on a worker exactly what the connection answers, with the driver's dates and booleans", async () => {
    const pool = readPoolOf(ds)!;
    expect(pool.size).toBeGreaterThan(0);
    const direct = await query().getRawMany();
    expect(direct).toEqual([{ id: 3, name: 'Eva' }]);
    expect(await readRawMany(query())).toEqual(direct);
    expect(pool.served).toBe(1);
  });

  it('sees what the main connection committed just before', async () => {
    await readRawMany(query());
    await ds.query(
      `INSERT INTO "items" ("id", "name", "at", "active") VALUES (4, 'Noa', '2026-06-01 00:00:00.000', 1)`,
    );
    expect(await readRawMany(query())).toEqual([
      { id: 4, name: 'Noa' },
      { id: 3, name: 'Eva' },
    ]);
  });

  it('serves parallel reads from several workers and keeps each answer with its call', async () => {
    const names = ['Ana', 'Luis', 'Eva'];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        readRawMany<{ name: string }>(
          ds
            .createQueryBuilder()
            .select('i.name', 'name')
            .from('items', 'i')
            .where('i.id = :id', { id: (i % 3) + 1 }),
        ),
      ),
    );
    answers.forEach((rows, i) => expect(rows).toEqual([{ name: names[i % 3] }]));
    expect(readPoolOf(ds)!.served).toBe(30);
  });

  it('rejects a failing statement as the connection would (QueryFailedError), and keeps serving', async () => {
    const bad = ds.createQueryBuilder().select('i.nope', 'x').from('items', 'i');
    await expect(readRawMany(bad)).rejects.toBeInstanceOf(QueryFailedError);
    await expect(readRawMany(bad)).rejects.toThrow(/no such column/);
    expect(await readRawMany(query())).toEqual([{ id: 3, name: 'Eva' }]);
  });

  it('never writes: the workers open the file read-only', async () => {
    const write = { connection: ds, getQueryAndParameters: () => ['DELETE FROM "items" RETURNING "id"', []] };
    await expect(readRawMany(write as never)).rejects.toThrow(/readonly/i);
    expect(await ds.query('SELECT COUNT(*) AS n FROM "items"')).toEqual([{ n: 3 }]);
  });

  it('reads on the connection itself once closed, and for an in-memory database', async () => {
    await closeReadPool(ds);
    expect(readPoolOf(ds)).toBeNull();
    expect(await readRawMany(query())).toEqual([{ id: 3, name: 'Eva' }]);
    const memory = await new DataSource({
      type: 'better-sqlite3',
      driver: loadSqliteDriver(),
      database: ':memory:',
    }).initialize();
    expect(readPoolOf(memory)).toBeNull();
    await memory.destroy();
  });
});
