import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withSecretFiles } from './secret-files';

const dir = mkdtempSync(join(tmpdir(), 'secret-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

describe('withSecretFiles', () => {
  it('reads NAME_FILE into NAME without the final newline, and the database password into the URL', () => {
    const problems: string[] = [];
    const env = withSecretFiles(
      {
        JWT_SECRET_FILE: file('jwt', 'abc123\n'),
        DATABASE_URL: 'mysql://travel@db:3306/travel',
        DATABASE_PASSWORD_FILE: file('db', 'p@ss/word:1\n'),
      },
      problems,
    );
    expect(problems).toEqual([]);
    expect(env.JWT_SECRET).toBe('abc123');
    expect(new URL(env.DATABASE_URL!).password).toBe(encodeURIComponent('p@ss/word:1'));
    expect(decodeURIComponent(new URL(env.DATABASE_URL!).password)).toBe('p@ss/word:1');
  });

  it('names every problem: both forms set, an unreadable file, a password for SQLite', () => {
    const problems: string[] = [];
    withSecretFiles(
      {
        JWT_SECRET: 'x',
        JWT_SECRET_FILE: file('jwt2', 'y'),
        METRICS_TOKEN_FILE: join(dir, 'missing'),
        DATABASE_URL: 'sqlite:./x.sqlite',
        DATABASE_PASSWORD: 'secret',
      },
      problems,
    );
    expect(problems).toEqual([
      'JWT_SECRET and JWT_SECRET_FILE are both set: set one',
      `METRICS_TOKEN_FILE: cannot read ${join(dir, 'missing')} (ENOENT)`,
      'DATABASE_PASSWORD is only for a mysql:// or mariadb:// DATABASE_URL',
    ]);
  });
});
