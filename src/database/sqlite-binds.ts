/**
 * SQL for SQLite with its bound parameters written `+?` instead of `?`, so that a prepared statement
 * is compiled once and not again at every execution.
 *
 * Why. SQLite (3.54, the build better-sqlite3 13 carries, which Node 22+ loads) marks a parameter
 * compared with `=` or `IS` "re-prepare if rebound to or from 0 or 1" when the planner weighs a
 * plan where that comparison only filters rows: any statement with an ORDER BY, MIN() or MAX(), or
 * a choice of indexes. better-sqlite3 clears a statement's bindings after every run, and
 * `sqlite3_clear_bindings` expires a statement with any such mark, whatever the values: every
 * execution then parsed and planned the statement again. The public lead's one read (seven
 * subqueries) took 120 µs instead of 11, most of a lead's SQL time; a list's page query the same.
 * (SQLite 3.53, in better-sqlite3 12 on Node 20, does not mark these.)
 *
 * A unary plus makes a parameter an expression, not a bare variable, and SQLite marks only bare
 * variables. `+?` is the same value with the same (no) affinity and collation, so every comparison,
 * insert and LIMIT means what it meant, and an index is still used for `column = +?`. Left as they
 * are: a parameter right after LIKE, GLOB, MATCH or REGEXP (a LIKE prefix is planned from its bound
 * pattern: the admin search's index on suffixes needs it), one already after a unary plus or minus,
 * and everything inside quotes or comments.
 */
export function stableBinds(sql: string): string {
  let out = '';
  let from = 0;
  let i = 0;
  /** The last word or operator before the current position, outside quotes and comments. */
  let previous = '';
  const n = sql.length;
  while (i < n) {
    const c = sql[i];
    if (c === "'" || c === '"' || c === '`' || c === '[') {
      i = closingQuote(sql, i);
      previous = 'literal';
      continue;
    }
    if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
      continue;
    }
    if (c === '?') {
      if (!KEEP_AFTER.has(previous)) {
        out += `${sql.slice(from, i)}+`;
        from = i;
      }
      i += 1;
      while (i < n && sql[i] >= '0' && sql[i] <= '9') i += 1; // ?NNN
      previous = 'parameter';
      continue;
    }
    if (isWordChar(c)) {
      const start = i;
      while (i < n && isWordChar(sql[i])) i += 1;
      previous = sql.slice(start, i).toUpperCase();
      continue;
    }
    if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') previous = c;
    i += 1;
  }
  return from === 0 ? sql : out + sql.slice(from);
}

/** Where a parameter keeps its bare form: a LIKE-style pattern (planned from its value), or already signed. */
const KEEP_AFTER = new Set(['LIKE', 'GLOB', 'MATCH', 'REGEXP', '+', '-']);

const isWordChar = (c: string) =>
  (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_' || c === '$' || c > '\x7f';

/** The index just past the quoted text that opens at `start` ('…', "…", `…` with doubled quotes; […]). */
function closingQuote(sql: string, start: number): number {
  const close = sql[start] === '[' ? ']' : sql[start];
  let i = start + 1;
  for (;;) {
    const end = sql.indexOf(close, i);
    if (end === -1) return sql.length;
    if (close !== ']' && sql[end + 1] === close) {
      i = end + 2;
      continue;
    }
    return end + 1;
  }
}
