import { QueryFailedError } from 'typeorm';
import { dropQueryValues, errorForLog, isDuplicateKey, isForeignKeyViolation, statementLabel } from './db-errors';

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

describe('failed queries told without their values', () => {
  const sql = 'INSERT INTO `users`(`email`, `first_name`) VALUES (?, ?)';
  const mariaDbError = () =>
    Object.assign(new Error("Duplicate entry 'ana@example.com' for key 'UQ_users_email'"), {
      code: 'ER_DUP_ENTRY',
      errno: 1062,
      sqlMessage: "Duplicate entry 'ana@example.com' for key 'UQ_users_email'",
      sql: "INSERT INTO `users`(`email`, `first_name`) VALUES ('ana@example.com', 'Ana')",
    });

  it('names a statement by its operation and table only', () => {
    expect(statementLabel(sql)).toBe('INSERT users');
    expect(statementLabel('UPDATE "leads" SET "email" = ? WHERE "id" = ?')).toBe('UPDATE leads');
    expect(statementLabel("SELECT `u`.`id` FROM `users` `u` WHERE `u`.`email` = 'ana@example.com'")).toBe(
      'SELECT users',
    );
    expect(statementLabel('DELETE FROM refresh_tokens WHERE user_id = 5')).toBe('DELETE refresh_tokens');
    expect(statementLabel(undefined)).toBe('query');
  });

  it('rewrites a MariaDB error before TypeORM wraps it: no value in its message, stack or fields', () => {
    const raw = mariaDbError();
    dropQueryValues(raw, sql);
    const wrapped = new QueryFailedError(sql, ['ana@example.com', 'Ana'], raw);
    expect(wrapped.message).toBe('INSERT users failed: ER_DUP_ENTRY');
    expect(isDuplicateKey(wrapped)).toBe(true);
    const logged = JSON.stringify(errorForLog(wrapped));
    expect(logged).not.toMatch(/ana@example\.com|Ana'|"parameters"|"sql"|"sqlMessage"|"driverError"|"query"/);
    expect(logged).toContain('ER_DUP_ENTRY');
    expect(JSON.stringify(errorForLog(new Error('wrapper', { cause: wrapped })))).not.toContain('ana@example.com');
  });

  it('keeps SQLite messages, which name the constraint and no value', () => {
    const raw = Object.assign(new Error('UNIQUE constraint failed: users.email'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
    dropQueryValues(raw, sql);
    const wrapped = new QueryFailedError(sql, ['ana@example.com'], raw);
    expect(wrapped.message).toBe('UNIQUE constraint failed: users.email');
    expect(errorForLog(wrapped)).toMatchObject({
      message: 'INSERT users failed: SQLITE_CONSTRAINT_UNIQUE (UNIQUE constraint failed: users.email)',
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(JSON.stringify(errorForLog(wrapped))).not.toContain('ana@example.com');
  });
});
