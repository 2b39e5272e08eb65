import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from './app-config';
import { JWT_SECRET_FILE, jwtSigningKey, PUBLISHED_JWT_SECRETS } from './jwt-secret';
import { sign, verify } from 'jsonwebtoken';

const ROOT = resolve(__dirname, '../..');

describe('the JWT signing secret', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), 'jwt-secret-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  it('is generated once in the data folder (owner-only) and reused on the next start', () => {
    const first = loadConfig({ DATA_DIR: './state' }, cwd);
    const file = join(cwd, 'state', JWT_SECRET_FILE);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(64);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: './state' }, cwd).jwtSecret).toBe(first.jwtSecret);
    // Another data folder, another secret: nothing is shared through the code.
    expect(loadConfig({}, cwd).jwtSecret).not.toBe(first.jwtSecret);
  });

  it('tightens a stored secret readable by others, and refuses one that was emptied', () => {
    const { jwtSecret } = loadConfig({}, cwd);
    const file = join(cwd, 'data', JWT_SECRET_FILE);
    chmodSync(file, 0o644);
    expect(loadConfig({}, cwd).jwtSecret).toBe(jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, '\n');
    expect(() => loadConfig({}, cwd)).toThrow(/secret file .* could not be used/);
  });

  it('refuses, in every environment, each JWT_SECRET value written anywhere in the repository', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f && !f.startsWith('node_modules/') && !/\.(png|jpe?g|webp|ico|woff2?)$/.test(f));
    const found = new Set<string>(PUBLISHED_JWT_SECRETS);
    for (const f of files) {
      let text: string;
      try {
        text = readFileSync(join(ROOT, f), 'utf8');
      } catch {
        continue;
      }
      // JWT_SECRET=value, JWT_SECRET: value, JWT_SECRET: 'value' (shell, YAML, JS, Markdown); not a call.
      for (const m of text.matchAll(/JWT_SECRET['"]?\s*[=:]\s*['"]?([A-Za-z0-9_.+/=-]{8,})(?![\w(])/g)) found.add(m[1]);
    }
    for (const secret of found) {
      for (const NODE_ENV of ['production', 'development']) {
        expect(() => loadConfig({ NODE_ENV, JWT_SECRET: secret }, cwd)).toThrow(ConfigError);
      }
    }
    expect(found.has('dev-only-secret-change-me-in-production-0123456789')).toBe(true);
  });
});

describe('jwtSigningKey', () => {
  const secret = 'a'.repeat(16) + 'Ñ-secret-of-the-test-0123456789';
  const payload = { user_id: 7, token_type: 'access', iat: 1_800_000_000 };

  it('signs exactly as the secret string does, and verifies what the string signed', () => {
    const key = jwtSigningKey(secret);
    expect(key.type).toBe('secret');
    expect(jwtSigningKey(secret)).toBe(key); // made once
    const byString = sign(payload, secret, { algorithm: 'HS256' });
    expect(sign(payload, key, { algorithm: 'HS256' })).toBe(byString);
    expect(verify(byString, key, { algorithms: ['HS256'] })).toMatchObject(payload);
  });

  it('refuses a token signed with another secret, or with no algorithm', () => {
    const key = jwtSigningKey(secret);
    const forged = sign(payload, `${secret}x`, { algorithm: 'HS256' });
    expect(() => verify(forged, key, { algorithms: ['HS256'] })).toThrow('invalid signature');
    const unsigned = sign(payload, null, { algorithm: 'none' });
    expect(() => verify(unsigned, key, { algorithms: ['HS256'] })).toThrow();
  });
});
