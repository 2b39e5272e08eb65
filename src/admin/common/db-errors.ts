/** Recognises constraint violations of both dialects, so races end as 409 and never as 500. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; errno?: number; message?: string; driverError?: { code?: string } };
  const code = e?.driverError?.code ?? e?.code ?? '';
  return (
    ['ER_ROW_IS_REFERENCED_2', 'ER_ROW_IS_REFERENCED', 'ER_NO_REFERENCED_ROW_2', 'SQLITE_CONSTRAINT_FOREIGNKEY'].includes(code) ||
    /FOREIGN KEY constraint failed/i.test(e?.message ?? '')
  );
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string; driverError?: { code?: string } };
  const code = e?.driverError?.code ?? e?.code ?? '';
  return ['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE'].includes(code) || /UNIQUE constraint failed/i.test(e?.message ?? '');
}
