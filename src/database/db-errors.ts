/**
 * Constraint violations of both dialects, recognised by the driver's code (TypeORM keeps it on
 * the error and on `driverError`), so a race on a unique key or a referenced row ends as a 409
 * or a retry, never as a 500.
 */
type DriverError = { code?: string; message?: string; driverError?: { code?: string; message?: string } };

function codeOf(err: unknown): string {
  const e = err as DriverError | undefined;
  return e?.driverError?.code ?? e?.code ?? '';
}

const DUPLICATE_KEY = new Set(['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);
const FOREIGN_KEY = new Set([
  'ER_ROW_IS_REFERENCED_2',
  'ER_ROW_IS_REFERENCED',
  'ER_NO_REFERENCED_ROW_2',
  'SQLITE_CONSTRAINT_FOREIGNKEY',
]);

/** A UNIQUE or PRIMARY KEY constraint refused the row: someone else wrote the same key first. */
export function isDuplicateKey(err: unknown): boolean {
  return DUPLICATE_KEY.has(codeOf(err)) || /UNIQUE constraint failed/i.test((err as DriverError)?.message ?? '');
}

/** A FOREIGN KEY constraint refused the change: the row is still referenced, or refers to nothing. */
export function isForeignKeyViolation(err: unknown): boolean {
  return FOREIGN_KEY.has(codeOf(err)) || /FOREIGN KEY constraint failed/i.test((err as DriverError)?.message ?? '');
}

/**
 * The database does not answer: a connection refused, lost or timed out, a query time-out, a full
 * server, a busy SQLite file. The API answers these 503 (try again); the MySQL pipeline also refuses
 * the calls still waiting behind such a failure instead of sending them into the same wait.
 */
export function isDatabaseDown(err: unknown): boolean {
  const code = (err as { code?: string })?.code ?? '';
  const message = (err as Error)?.message ?? '';
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'PROTOCOL_CONNECTION_LOST',
      'ETIMEDOUT',
      'ER_CON_COUNT_ERROR',
      'EPIPE',
      'SQLITE_BUSY',
      'PROTOCOL_SEQUENCE_TIMEOUT',
    ].includes(code) ||
    /Pool is closed|connect ETIMEDOUT|Connection lost|Can't add new command when connection is in closed state|ConnectionIsNotSetError|database is locked|Query inactivity timeout/i.test(
      message,
    )
  );
}

/**
 * What a statement is, without any value it carries: its operation and first table
 * ("INSERT refresh_tokens", "SELECT users"), or "query" when neither can be read.
 */
export function statementLabel(sql: unknown): string {
  if (typeof sql !== 'string') return 'query';
  const text = sql.trim();
  const operation = /^(\w+)/.exec(text)?.[1]?.toUpperCase() ?? '';
  const table = /\b(?:INTO|UPDATE|FROM|CALL)\s+[`"[]?(\w+)/i.exec(text)?.[1];
  if (!operation) return 'query';
  return table ? `${operation} ${table}` : operation;
}

/** Server errors whose message is the app's own text (a procedure's SIGNAL ... SET MESSAGE_TEXT), never a value. */
const OWN_MESSAGES = new Set(['ER_SIGNAL_EXCEPTION']);

type FailedQuery = DriverError & { query?: unknown; sql?: unknown; sqlMessage?: unknown; parameters?: unknown };

/** An error of the database (TypeORM's QueryFailedError, a driver's or a procedure's): it has a driver code. */
export function isQueryError(err: unknown): boolean {
  const e = err as FailedQuery | undefined;
  if (!e || typeof e !== 'object') return false;
  return !!e.driverError || 'sqlMessage' in e || 'parameters' in e || /^(ER_|SQLITE_)/.test(codeOf(e));
}

/**
 * A failed query told without the values it carried, for log lines and error messages: the
 * statement and the driver's code ("INSERT refresh_tokens failed: ER_NO_REFERENCED_ROW_2"). The
 * driver's own message is left out on MySQL/MariaDB, whose messages quote values ("Duplicate
 * entry 'ana@example.com' for key ..."); SQLite's name the constraint only and are kept, as are the
 * app's own (a procedure's SIGNAL).
 */
export function describeQueryError(err: unknown, sql?: unknown): string {
  const e = err as FailedQuery;
  const code = codeOf(e) || 'no code';
  const label = statementLabel(sql ?? e?.query ?? e?.sql);
  const ownText = code.startsWith('SQLITE_') || OWN_MESSAGES.has(code) ? (e?.driverError?.message ?? e?.message) : '';
  return `${label} failed: ${code}${ownText ? ` (${ownText})` : ''}`;
}

/** The fields of a query error that hold its SQL, values or a driver message quoting them. */
const VALUE_FIELDS = ['query', 'parameters', 'sql', 'sqlMessage', 'driverError'] as const;

/**
 * Rewrites a driver's error, before TypeORM wraps it in a QueryFailedError (which copies its
 * message and fields), so that no value of the query reaches a message anyone logs: a MySQL/MariaDB
 * server error's message becomes the statement and its code, and its `sql` (the statement with its
 * values spliced in) and `sqlMessage` go. SQLite's messages name no value and stay, as do the app's own.
 */
export function dropQueryValues(err: unknown, sql: string): void {
  const e = err as FailedQuery & { message?: string; stack?: string };
  if (!e || typeof e !== 'object') return;
  const code = codeOf(e);
  if ((!/^ER_/.test(code) && !('sqlMessage' in e)) || OWN_MESSAGES.has(code)) {
    delete e.sql;
    return;
  }
  const message = describeQueryError(e, sql);
  const firstLine = (e.stack ?? '').indexOf('\n');
  Object.defineProperty(e, 'message', { value: message, writable: true, configurable: true, enumerable: false });
  e.stack = `${e.constructor?.name ?? 'Error'}: ${message}${firstLine >= 0 ? (e.stack ?? '').slice(firstLine) : ''}`;
  delete e.sql;
  delete e.sqlMessage;
}

/**
 * The log form of any error (pino's `err` serializer): a query error by its statement, code, errno
 * and a stack without the driver's message, never its SQL, parameters or driver error, which hold
 * the values (e-mail addresses, user ids, token hashes); other errors by their name, message, stack
 * and own fields, the errors among those (a `cause`) told the same way.
 */
export function errorForLog(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) && !isQueryError(err)) return err;
  const e = err as Error & FailedQuery & { errno?: unknown };
  const type = e.constructor?.name ?? 'Error';
  const rest = (e.stack ?? '').indexOf('\n');
  if (isQueryError(e)) {
    const message = describeQueryError(e);
    return {
      type,
      message,
      statement: statementLabel(e.query ?? e.sql),
      code: codeOf(e) || undefined,
      errno: e.errno ?? (e.driverError as { errno?: unknown } | undefined)?.errno,
      stack: rest >= 0 ? `${type}: ${message}${(e.stack ?? '').slice(rest)}` : undefined,
    };
  }
  const out: Record<string, unknown> = { type, message: e.message, stack: e.stack };
  const fields = Object.entries(e).concat('cause' in e ? [['cause', e.cause]] : []);
  for (const [key, value] of fields) {
    if ((VALUE_FIELDS as readonly string[]).includes(key) || key in out) continue;
    out[key] = Array.isArray(value) ? value.map((v) => nested(v, depth)) : nested(value, depth);
  }
  return out;
}

function nested(value: unknown, depth: number): unknown {
  if (!(value instanceof Error) && !isQueryError(value)) return value;
  return depth < 3 ? errorForLog(value, depth + 1) : '[error]';
}
