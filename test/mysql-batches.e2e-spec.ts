import { Connection } from 'mysql2';
import { MysqlBatches } from '../src/database/mysql-batches';
import { testDialect } from './support/test-db';
import { bootTestApp, TestApp } from './support/test-app';

/**
 * The batch transactions of the public form POSTs on MySQL/MariaDB (SQLite has no network round
 * trips and does not use them): several statements per round trip on a pool of their own, the
 * transaction committed only by `commit`, and the main pool still refusing stacked statements.
 */
(testDialect() === 'mysql' ? describe : describe.skip)('MySQL batch transactions', () => {
  let t: TestApp;
  let batches: MysqlBatches;
  const table = `batch_probe`;

  beforeAll(async () => {
    t = await bootTestApp();
    batches = t.app.get(MysqlBatches);
    await t.dataSource.query(
      `CREATE TABLE \`${table}\` (\`id\` int AUTO_INCREMENT PRIMARY KEY, \`v\` varchar(20) NOT NULL)`,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const values = async () =>
    ((await t.dataSource.query(`SELECT \`v\` FROM \`${table}\` ORDER BY \`id\``)) as Array<{ v: string }>).map(
      (r) => r.v,
    );

  it("answers each statement's result in order, and commits with the last round trip", async () => {
    const out = await batches.transaction(async (tx) => {
      const [rows, count] = await tx.begin([
        ['SELECT ? AS `a`', [1]],
        [`SELECT COUNT(*) AS \`n\` FROM \`${table}\``, []],
      ]);
      const [inserted] = (await tx.run([[`INSERT INTO \`${table}\` (\`v\`) VALUES (?)`, ['one']]])) as [
        { insertId: number },
      ];
      const [second] = (await tx.commit([[`INSERT INTO \`${table}\` (\`v\`) VALUES (?)`, ['two']]])) as [
        { insertId: number },
      ];
      return { rows, count, first: inserted.insertId, second: second.insertId };
    });
    expect(out.rows).toEqual([{ a: 1 }]);
    expect(Number((out.count as Array<{ n: unknown }>)[0].n)).toBe(0);
    expect(out.second).toBe(out.first + 1);
    expect(await values()).toEqual(['one', 'two']);
  });

  it('sends the statements of a step together: a transaction of six statements is three queries', async () => {
    // Every query the driver sends, from any pool, while the transaction runs.
    const sent = jest.spyOn(Connection.prototype, 'query');
    try {
      await batches.transaction(async (tx) => {
        await tx.begin([['SELECT 1', []]]); // with SET TRANSACTION and START TRANSACTION
        await tx.run([[`INSERT INTO \`${table}\` (\`v\`) VALUES (?)`, ['q']]]);
        await tx.commit([[`INSERT INTO \`${table}\` (\`v\`) VALUES (?)`, ['r']]]); // with COMMIT
      });
      const text = (sql: unknown) => String(typeof sql === 'string' ? sql : (sql as { sql: string }).sql);
      // The queries of the transaction's connection (a background job may use the main pool meanwhile).
      const first = sent.mock.calls.findIndex(([sql]) => text(sql).startsWith('SET TRANSACTION'));
      const texts = sent.mock.calls
        .filter((_call, i) => sent.mock.contexts[i] === sent.mock.contexts[first])
        .map(([sql]) => text(sql));
      expect(texts).toHaveLength(3);
      expect(texts[0]).toMatch(/^SET TRANSACTION ISOLATION LEVEL READ COMMITTED;\s*START TRANSACTION;\s*SELECT 1$/);
      expect(texts[2]).toMatch(/;\s*COMMIT$/);
    } finally {
      sent.mockRestore();
    }
  });

  it('rolls back a transaction that returns without committing, or throws', async () => {
    const before = await values();
    await batches.transaction(async (tx) => {
      await tx.begin([[`INSERT INTO \`${table}\` (\`v\`) VALUES (?)`, ['not kept']]]);
    });
    await expect(
      batches.transaction(async (tx) => {
        await tx.begin([[`INSERT INTO \`${table}\` (\`v\`) VALUES (?)`, ['not kept either']]]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // A failing statement in the middle of the last step: its earlier statements are undone too.
    await expect(
      batches.transaction(async (tx) => {
        await tx.begin([]);
        await tx.commit([
          [`INSERT INTO \`${table}\` (\`v\`) VALUES (?)`, ['half']],
          [`INSERT INTO \`${table}\` (\`v\`) VALUES (?)`, [null]],
        ]);
      }),
    ).rejects.toThrow();
    expect(await values()).toEqual(before);
    // The pool's connections are clean afterwards: a new transaction commits as usual.
    await batches.transaction((tx) => tx.commit([[`INSERT INTO \`${table}\` (\`v\`) VALUES (?)`, ['after']]]));
    expect(await values()).toEqual([...before, 'after']);
  });

  it('leaves the main pool refusing stacked statements', async () => {
    await expect(t.dataSource.query('SELECT 1; SELECT 2')).rejects.toThrow(/syntax/i);
  });
});
