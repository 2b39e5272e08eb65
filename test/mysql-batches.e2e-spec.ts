import { Connection } from 'mysql2';
import { QUERY_TIMEOUT_MS } from '../src/database/data-source';
import { MysqlBatches, PIPELINE_LANES, procedureError } from '../src/database/mysql-batches';
import { ERROR_AS_ROW } from '../src/database/migrations/mysql/1796400000000-LeadIntakeProcedure';
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
    // A call as the pipeline expects them (the form procedures' error handling): its own transaction,
    // an error answered as a row. 'fail' is refused (after its insert, which the rollback undoes);
    // 'slow' holds its connection a while, 'stall' past the query time-out.
    await t.dataSource.query(`CREATE PROCEDURE \`probe_call\`(IN p VARCHAR(20))
      BEGIN
        ${ERROR_AS_ROW}
        START TRANSACTION;
        INSERT INTO \`${table}\` (\`v\`) VALUES (p);
        IF p = 'fail' THEN SIGNAL SQLSTATE '45000' SET MYSQL_ERRNO = 1213, MESSAGE_TEXT = 'probe deadlock'; END IF;
        IF p = 'slow' THEN DO SLEEP(0.3); END IF;
        IF p = 'stall' THEN DO SLEEP(7); END IF;
        COMMIT;
        SELECT p AS \`v\`, LAST_INSERT_ID() AS \`id\`;
      END`);
    // Without a handler: its error ends the whole multi-statement query, its transaction left open.
    await t.dataSource.query(`CREATE PROCEDURE \`probe_raise\`()
      BEGIN
        START TRANSACTION;
        INSERT INTO \`${table}\` (\`v\`) VALUES ('raised');
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'probe raised';
      END`);
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

  describe('pipeline', () => {
    const call = (v: string) =>
      batches.pipeline(['CALL `probe_call`(?)', [v]]) as Promise<Array<Record<string, unknown>>>;
    const text = (sql: unknown) => String(typeof sql === 'string' ? sql : (sql as { sql: string }).sql);

    it('sends the calls waiting while every lane is busy as one query, in the order they came, each answered its own row', async () => {
      const sent = jest.spyOn(Connection.prototype, 'query');
      try {
        // A slow call on each lane holds every lane; the 25 calls after them wait, then go out first come first served.
        const slow = Array.from({ length: PIPELINE_LANES }, () => call('slow'));
        await new Promise((r) => setTimeout(r, 50));
        const names = Array.from({ length: 25 }, (_, i) => `q${i}`);
        const answers = await Promise.all(names.map(call));
        await Promise.all(slow);
        expect(answers.map((rows) => rows.map((r) => r.v))).toEqual(names.map((n) => [n]));
        const queries = sent.mock.calls
          .filter(
            ([sql, params]) => text(sql).includes('probe_call') && (params as string[]).some((p) => p.startsWith('q')),
          )
          .map(([, params]) => params as string[]);
        // 20 calls at most per query: two queries, the first 20 then the last 5.
        expect(queries).toEqual([names.slice(0, 20), names.slice(20)]);
        // Each committed on its own (the two queries ran side by side, on two lanes).
        const stored = (await values()).filter((v) => /^q\d+$/.test(v));
        expect([...stored].sort()).toEqual([...names].sort());
      } finally {
        sent.mockRestore();
      }
    });

    it("answers a call's caught error as its row, and the calls sent with it still run", async () => {
      const slow = Array.from({ length: PIPELINE_LANES }, () => call('slow'));
      await new Promise((r) => setTimeout(r, 50));
      const [before, failed, after] = await Promise.all([call('p-before'), call('fail'), call('p-after')]);
      await Promise.all(slow);
      expect(before[0].v).toBe('p-before');
      expect(after[0].v).toBe('p-after');
      expect(failed[0]).toMatchObject({ errno: 1213, message: 'probe deadlock' });
      const stored = await values();
      expect(stored).toEqual(expect.arrayContaining(['p-before', 'p-after']));
      expect(stored).not.toContain('fail');
      // The row's error becomes the driver's shape, which the retry of lock conflicts reads.
      expect(procedureError(1213, 'probe deadlock')).toMatchObject({ code: 'ER_LOCK_DEADLOCK', errno: 1213 });
    });

    it('rejects the calls sent with a raised error, and the next calls run on a clean connection', async () => {
      const slow = Array.from({ length: PIPELINE_LANES }, () => call('slow'));
      await new Promise((r) => setTimeout(r, 50));
      const together = [batches.pipeline(['CALL `probe_raise`()', []]), call('r-after-raise')].map((p) =>
        p.then(
          () => 'ok',
          (err: Error) => err.message,
        ),
      );
      expect(await Promise.all(together)).toEqual([
        expect.stringMatching(/probe raised/),
        expect.stringMatching(/probe raised/),
      ]);
      await Promise.all(slow);
      expect(await values()).not.toContain('r-after-raise');
      // Calls on every pipeline connection: the next START TRANSACTION on a connection left in the
      // raised call's transaction would commit its insert.
      const next = await Promise.all(Array.from({ length: 12 }, (_, i) => call(`r-next-${i}`)));
      expect(next.map((rows) => rows[0].v)).toEqual(Array.from({ length: 12 }, (_, i) => `r-next-${i}`));
      // The raised call's own insert was rolled back before its connection went back to the pool.
      expect(await values()).not.toContain('raised');
    });

    it('refuses at once, unsent, the calls waiting behind a batch the server does not answer in time', async () => {
      const outcome = (p: Promise<unknown>) =>
        p.then(
          () => 'answered',
          (err: { code?: string }) => err.code,
        );
      // Every lane waits on a call the server holds past the query time-out.
      const stalled = Array.from({ length: PIPELINE_LANES }, () => outcome(call('stall')));
      await new Promise((r) => setTimeout(r, 50));
      const started = Date.now();
      const waiting = await Promise.all(['s-1', 's-2', 's-3'].map((v) => outcome(call(v))));
      const waited = Date.now() - started;
      expect(await Promise.all(stalled)).toEqual(Array(PIPELINE_LANES).fill('PROTOCOL_SEQUENCE_TIMEOUT'));
      // Refused with the stalled batches (each lane's time-out), not sent one more time-out later.
      expect(waiting).toEqual(Array(3).fill('PROTOCOL_SEQUENCE_TIMEOUT'));
      expect(waited).toBeLessThan(QUERY_TIMEOUT_MS + 1500);
      // Never sent: none of them was stored.
      expect((await values()).filter((v) => /^s-\d$/.test(v))).toEqual([]);
      // The next calls are sent on new connections as usual.
      expect((await call('s-after'))[0].v).toBe('s-after');
    }, 30_000);
  });

  it('leaves the main pool refusing stacked statements', async () => {
    // A syntax error, told by its code: the server's message quotes the SQL near the error (values too).
    await expect(t.dataSource.query('SELECT 1; SELECT 2')).rejects.toMatchObject({ code: 'ER_PARSE_ERROR' });
  });
});

(testDialect() === 'mysql' ? describe : describe.skip)('MySQL batch pool at start-up', () => {
  let t: TestApp;
  const text = (sql: unknown) => String(typeof sql === 'string' ? sql : (sql as { sql: string }).sql);
  let calls: Array<{ sql: string; connection: unknown }> = [];

  beforeAll(async () => {
    const sent = jest.spyOn(Connection.prototype, 'query');
    try {
      t = await bootTestApp();
      calls = sent.mock.calls.map(([sql], i) => ({ sql: text(sql), connection: sent.mock.contexts[i] }));
    } finally {
      sent.mockRestore();
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('loads each form procedure on every connection of the batch pool before the app listens', () => {
    const connections = (name: string) =>
      new Set(calls.filter((c) => c.sql.startsWith(`CALL \`${name}\``)).map((c) => c.connection)).size;
    // The batch pool has the main pool's size (DB_POOL_SIZE; 20 by default).
    const size = Number((t.dataSource.options as { extra?: { connectionLimit?: number } }).extra?.connectionLimit);
    expect(size).toBeGreaterThan(1);
    for (const name of ['lead_intake_v1', 'lead_code_send_v1', 'lead_code_verify_v1'])
      expect(connections(name)).toBe(size);
  });

  it('a call without an e-mail changes nothing', async () => {
    const tables = ['leads', 'lead_events', 'lead_email_verifications', 'outbox', 'consent_records'];
    const count = async () =>
      Promise.all(
        tables.map(async (table) => Number((await t.dataSource.query(`SELECT COUNT(*) AS n FROM \`${table}\``))[0].n)),
      );
    const before = await count();
    const batches = t.app.get(MysqlBatches);
    for (const [name, params] of [
      ['lead_intake_v1', 13],
      ['lead_code_send_v1', 18],
      ['lead_code_verify_v1', 4],
    ] as const) {
      const rows = await batches.pipeline([
        `CALL \`${name}\`(${Array.from({ length: params }, () => '?').join(', ')})`,
        Array.from({ length: params }, () => null),
      ]);
      expect(rows).toEqual([{ warm: 1 }]);
    }
    expect(await count()).toEqual(before);
  });
});
