/**
 * Constraint violations of both dialects, recognised by the driver's code (TypeORM keeps it on
 * the error and on `driverError`), so a race on a unique key or a referenced row ends as a 409
 * or a retry, never as a 500.
 */
type DriverError = { code?: string; message?: string; driverError?: { code?: string } };

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
