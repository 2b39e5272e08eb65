import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig as load, parseDatabaseUrl } from './app-config';

const dirs: string[] = [];
/** Every config is loaded in a throw-away working directory: a missing JWT_SECRET writes one there. */
function tmpCwd(): string {
  const dir = mkdtempSync(join(tmpdir(), 'config-spec-'));
  dirs.push(dir);
  return dir;
}
const loadConfig = (env: Record<string, string | undefined>) => load(env, tmpCwd());
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const cwd = tmpCwd();
    const c = load({}, cwd);
    expect(c.port).toBe(3000);
    expect(c.database).toEqual({ type: 'sqlite', path: `${cwd}/data/travel.sqlite` });
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.seedDemo).toBe(true);
    expect(c.uploadDir).toBe(`${cwd}/data/uploads`);
    expect(c.rateLimitMultiplier).toBe(1);
    expect(c.smtpUrl).toBeNull();
    expect(c.mailFrom).toBe('no-reply@localhost');
  });

  it('refuses short or placeholder JWT secrets in every environment', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      expect(() => loadConfig({ NODE_ENV, JWT_SECRET: 'short' })).toThrow(/32 characters/);
      expect(() => loadConfig({ NODE_ENV, JWT_SECRET: 'x'.repeat(40) })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV, JWT_SECRET: 'please-change-me-before-going-live-0123456789' })).toThrow(
        /published/,
      );
    }
    const secret = 'k7Qm2Zx9Lp4Vt8Rw1Yc6Hn3Bj5Dg0Fs-aEiOuT';
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, MAIL_TRANSPORT: 'outbox' }).jwtSecret).toBe(secret);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'abc', SEED_DEMO: 'perhaps', DATABASE_URL: 'postgres://x', ADMIN_EMAIL: 'a@b.co' });
      throw new Error('expected a ConfigError');
    } catch (e) {
      const message = (e as Error).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/boolean/);
      expect(message).toMatch(/DATABASE_URL/);
      expect(message).toMatch(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    }
  });

  it('derives PUBLIC_URL from PORT and trims trailing slashes', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://viajes.example.com///' }).publicUrl).toBe('https://viajes.example.com');
  });
});

/** What production asks for besides the setting under test (an https origin, a random secret). */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://viajes.example',
  JWT_SECRET: randomBytes(32).toString('hex'),
};

describe('mail transport', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return '';
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
  };

  it('refuses to start in production without SMTP_URL unless MAIL_TRANSPORT=outbox, naming both', () => {
    const message = problemsOf(PRODUCTION);
    expect(message).toMatch(/SMTP_URL/);
    expect(message).toMatch(/MAIL_TRANSPORT=outbox/);
    expect(problemsOf({ ...PRODUCTION, MAIL_TRANSPORT: 'smtp' })).toMatch(/MAIL_TRANSPORT must be outbox/);
    expect(loadConfig({ ...PRODUCTION, MAIL_TRANSPORT: 'outbox' }).mailTransport).toBe('outbox');
    expect(loadConfig({ ...PRODUCTION, SMTP_URL: 'smtp://mail:1025' }).mailTransport).toBe('smtp');
  });

  it('falls back to the outbox outside production, and refuses two transports at once', () => {
    expect(loadConfig({}).mailTransport).toBe('outbox');
    expect(loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://mail:1025' }).mailTransport).toBe('smtp');
    expect(problemsOf({ MAIL_TRANSPORT: 'outbox', SMTP_URL: 'smtp://mail:1025' })).toMatch(/both set/);
    expect(problemsOf({ MAIL_TRANSPORT: 'pigeon' })).toMatch(/MAIL_TRANSPORT must be outbox or unset/);
  });
});

describe('request time-out and API documentation access', () => {
  it('gives a 30 s request time-out unless REQUEST_TIMEOUT_MS says otherwise', () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(30_000);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '1500' }).requestTimeoutMs).toBe(1500);
    for (const bad of ['0', '-5', 'soon'])
      expect(() => loadConfig({ REQUEST_TIMEOUT_MS: bad })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it('flags leads after 15 minutes unless LEAD_SLA_MINUTES says otherwise, refusing a non-positive value', () => {
    expect(loadConfig({}).leadSlaMinutes).toBe(15);
    expect(loadConfig({ LEAD_SLA_MINUTES: '30' }).leadSlaMinutes).toBe(30);
    for (const bad of ['0', '-5', 'soon'])
      expect(() => loadConfig({ LEAD_SLA_MINUTES: bad })).toThrow(/LEAD_SLA_MINUTES/);
  });

  it("includes desk notes in a person's export unless EXPORT_DESK_NOTES=false, refusing anything else", () => {
    expect(loadConfig({}).exportDeskNotes).toBe(true);
    expect(loadConfig({ EXPORT_DESK_NOTES: 'false' }).exportDeskNotes).toBe(false);
    expect(loadConfig({ EXPORT_DESK_NOTES: 'true' }).exportDeskNotes).toBe(true);
    expect(() => loadConfig({ EXPORT_DESK_NOTES: 'sometimes' })).toThrow(/EXPORT_DESK_NOTES must be true or false/);
  });

  it('keeps the API documentation for admins in production unless API_DOCS=public', () => {
    expect(loadConfig({}).apiDocs).toBe('public');
    expect(loadConfig({ ...PRODUCTION, MAIL_TRANSPORT: 'outbox' }).apiDocs).toBe('admin');
    expect(loadConfig({ ...PRODUCTION, MAIL_TRANSPORT: 'outbox', API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(loadConfig({ API_DOCS: 'admin' }).apiDocs).toBe('admin');
    expect(() => loadConfig({ API_DOCS: 'everyone' })).toThrow(/API_DOCS must be public or admin/);
  });
});

describe('parseDatabaseUrl', () => {
  it('reads sqlite paths relative to the working directory, and MySQL/MariaDB URLs', () => {
    expect(parseDatabaseUrl('sqlite:./x.db', '/w')).toEqual({ type: 'sqlite', path: '/w/x.db' });
    expect(parseDatabaseUrl('sqlite::memory:')).toEqual({ type: 'sqlite', path: ':memory:' });
    expect(parseDatabaseUrl('mysql://u:p@h:3306/d')).toMatchObject({ type: 'mysql', url: 'mysql://u:p@h:3306/d' });
    expect(parseDatabaseUrl('mariadb://u@h/d')).toEqual({ type: 'mysql', url: 'mysql://u@h/d', flavor: 'mariadb' });
    expect(() => parseDatabaseUrl('oracle://x')).toThrow(ConfigError);
  });
});
