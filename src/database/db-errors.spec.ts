import { QueryFailedError } from 'typeorm';
import { isDuplicateKey, isForeignKeyViolation } from './db-errors';

const driverError = (code: string, message = code) => Object.assign(new Error(message), { code });
const queryFailed = (code: string, message = code) => new QueryFailedError('INSERT', [], driverError(code, message));

describe('constraint violations of both dialects', () => {
  it('recognises duplicate keys by driver code, on the error or its driverError', () => {
    for (const code of ['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']) {
      expect({ code, dup: isDuplicateKey(queryFailed(code)) }).toEqual({ code, dup: true });
      expect({ code, dup: isDuplicateKey(driverError(code)) }).toEqual({ code, dup: true });
    }
    expect(isDuplicateKey(new Error('UNIQUE constraint failed: users.email'))).toBe(true);
  });

  it('does not take other constraint failures for duplicates', () => {
    for (const code of [
      'SQLITE_CONSTRAINT_NOTNULL',
      'SQLITE_CONSTRAINT_FOREIGNKEY',
      'ER_NO_REFERENCED_ROW_2',
      'ECONNRESET',
    ])
      expect({ code, dup: isDuplicateKey(queryFailed(code)) }).toEqual({ code, dup: false });
    expect(isDuplicateKey(undefined)).toBe(false);
  });

  it('recognises foreign-key refusals', () => {
    expect(isForeignKeyViolation(queryFailed('ER_ROW_IS_REFERENCED_2'))).toBe(true);
    expect(isForeignKeyViolation(queryFailed('SQLITE_CONSTRAINT_FOREIGNKEY'))).toBe(true);
    expect(isForeignKeyViolation(queryFailed('ER_DUP_ENTRY'))).toBe(false);
  });
});
