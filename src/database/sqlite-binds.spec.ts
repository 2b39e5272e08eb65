import { loadSqliteDriver } from './sqlite-driver';
import { stableBinds } from './sqlite-binds';

describe('stableBinds', () => {
  it('writes every bare parameter as +?', () => {
    expect(stableBinds('SELECT `id` FROM `leads` WHERE `email` = ? AND `id` > ? ORDER BY `id` LIMIT ?')).toBe(
      'SELECT `id` FROM `leads` WHERE `email` = +? AND `id` > +? ORDER BY `id` LIMIT +?',
    );
    expect(stableBinds('INSERT INTO "t" ("a", "b") VALUES (?, ?)')).toBe('INSERT INTO "t" ("a", "b") VALUES (+?, +?)');
    expect(stableBinds('UPDATE t SET a = ? WHERE id IN (?,?) AND b IS ?')).toBe(
      'UPDATE t SET a = +? WHERE id IN (+?,+?) AND b IS +?',
    );
    expect(stableBinds('SELECT CAST(?1 AS TEXT), ?2')).toBe('SELECT CAST(+?1 AS TEXT), +?2');
  });

  it('leaves quoted text, comments, LIKE-style patterns and signed parameters alone', () => {
    const untouched = [
      `SELECT 'a = ?', "col?", \`x?\`, [y?] FROM t`,
      `SELECT 'it''s ?' FROM t WHERE a = 'x'`,
      'SELECT a FROM t -- is a = ?\nWHERE b = 1',
      'SELECT a FROM t /* a = ? */ WHERE b = 1',
      "SELECT a FROM t WHERE a LIKE ? ESCAPE '!' OR b glob ? OR c NOT LIKE ?",
      'SELECT a FROM t WHERE a = +? OR b = -?',
      'SELECT a FROM t WHERE a = :name AND b = @other AND c = $third',
    ];
    for (const sql of untouched) expect(stableBinds(sql)).toBe(sql);
    // After the quotes and comments, parameters are rewritten again.
    expect(stableBinds(`SELECT 'it''s ?' FROM t WHERE a = ? -- ?\nAND b = ?`)).toBe(
      `SELECT 'it''s ?' FROM t WHERE a = +? -- ?\nAND b = +?`,
    );
    expect(stableBinds('SELECT a FROM t WHERE a LIKE ? AND b = ?')).toBe('SELECT a FROM t WHERE a LIKE ? AND b = +?');
  });

  it('returns the same string when it has nothing to rewrite', () => {
    const sql = 'SELECT 1';
    expect(stableBinds(sql)).toBe(sql);
  });
});

/**
 * The rewritten statements on a real SQLite connection: the same rows for every kind of comparison,
 * text, numbers, NULL, blobs and big integers, on an index or off it, and inserts store the same
 * values with the column's affinity.
 */
describe('the driver (loadSqliteDriver) on a real connection', () => {
  interface Stmt {
    all(...params: unknown[]): unknown[];
    run(...params: unknown[]): unknown;
  }
  interface Db {
    exec(sql: string): void;
    prepare(sql: string): Stmt;
    close(): void;
  }
  const Driver = loadSqliteDriver<new (file: string) => Db>();
  // The driver's own class: the SQL exactly as written.
  const Plain = Object.getPrototypeOf(Driver) as new (file: string) => Db;
  let stable: Db;
  let plain: Db;

  const schema = `CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE, n INTEGER, r REAL, b BLOB, big INTEGER);
    CREATE INDEX t_name ON t (name); CREATE INDEX t_n ON t (n);`;
  const rows: unknown[][] = [
    ['Ana', 1, 1.5, Buffer.from([1, 2]), 9007199254740993n],
    ['ana', 0, 0, null, 1n],
    ['Luis', null, 2.25, Buffer.from([3]), -5n],
    ['luis%', 12, -1, Buffer.alloc(0), 0n],
    [null, 3, null, null, null],
  ];

  beforeAll(() => {
    stable = new Driver(':memory:');
    plain = new Plain(':memory:');
    for (const db of [stable, plain]) {
      db.exec(schema);
      // Text into an INTEGER column and a number into a TEXT column: the column's affinity applies.
      const insert = db.prepare('INSERT INTO t (name, n, r, b, big) VALUES (?, ?, ?, ?, ?)');
      for (const row of rows) insert.run(...row);
      insert.run(7, '42', '3.5', null, '10');
    }
  });
  afterAll(() => {
    stable.close();
    plain.close();
  });

  const queries: Array<[string, unknown[]]> = [
    ['SELECT * FROM t ORDER BY id', []],
    ['SELECT id FROM t WHERE name = ? ORDER BY id', ['ANA']],
    ['SELECT id FROM t WHERE n = ? ORDER BY id', ['12']],
    ['SELECT id FROM t WHERE n = ? ORDER BY id', [42]],
    ['SELECT id FROM t WHERE name = ? ORDER BY id', [7]],
    ['SELECT id FROM t WHERE r > ? ORDER BY id', [0]],
    ['SELECT id FROM t WHERE n IS ? ORDER BY id', [null]],
    ['SELECT id FROM t WHERE b = ? ORDER BY id', [Buffer.from([1, 2])]],
    ['SELECT id FROM t WHERE big = ? ORDER BY id', [9007199254740993n]],
    ['SELECT MIN(id) AS m FROM t WHERE name = ? AND n <> ?', ['luis', 1]],
    ['SELECT id FROM t WHERE id IN (?, ?, ?) ORDER BY id DESC LIMIT ? OFFSET ?', [1, 3, 5, 2, 1]],
    ["SELECT id FROM t WHERE name LIKE ? ESCAPE '!' ORDER BY id", ['luis!%%']],
    ['SELECT ? AS a, ? + 1 AS b, typeof(?) AS c', ['x', 2, 3.5]],
  ];

  it.each(queries)('%s gives the same rows', (sql, params) => {
    expect(stable.prepare(sql).all(...params)).toEqual(plain.prepare(sql).all(...params));
  });
});
