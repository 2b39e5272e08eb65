import { readFileSync } from 'node:fs';

/**
 * Settings that may hold a secret, and so may also be given as a file (`<NAME>_FILE`, as Docker and
 * compose secrets mount them under /run/secrets): the file's content, without its final newline,
 * is the value. DATABASE_PASSWORD is the password of DATABASE_URL, kept out of the URL.
 */
export const SECRET_FILE_VARIABLES = [
  'JWT_SECRET',
  'DATABASE_URL',
  'DATABASE_PASSWORD',
  'SMTP_URL',
  'ADMIN_PASSWORD',
  'METRICS_TOKEN',
  'REDIS_URL',
] as const;

/**
 * The environment with every `<NAME>_FILE` read into `<NAME>`, and DATABASE_PASSWORD put into a
 * mysql DATABASE_URL. Setting both a variable and its _FILE is a problem, as is a file that cannot be read.
 */
export function withSecretFiles(
  env: Record<string, string | undefined>,
  problems: string[],
): Record<string, string | undefined> {
  const out = { ...env };
  for (const name of SECRET_FILE_VARIABLES) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name] !== undefined) {
      problems.push(`${name} and ${name}_FILE are both set: set one`);
      continue;
    }
    try {
      out[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      problems.push(`${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  const password = out.DATABASE_PASSWORD;
  if (password !== undefined) {
    const url = out.DATABASE_URL ?? '';
    if (!/^(mysql|mariadb):\/\//.test(url)) {
      problems.push('DATABASE_PASSWORD is only for a mysql:// or mariadb:// DATABASE_URL');
    } else {
      const parsed = new URL(url);
      if (parsed.password) problems.push('DATABASE_URL holds a password and DATABASE_PASSWORD is set: set one');
      else {
        parsed.password = encodeURIComponent(password);
        out.DATABASE_URL = parsed.toString();
      }
    }
  }
  return out;
}
