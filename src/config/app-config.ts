import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { jwtSecretProblem, loadOrCreateJwtSecret } from './jwt-secret';

export type DatabaseConfig =
  { type: 'sqlite'; path: string } | { type: 'mysql'; url: string; flavor?: 'mysql' | 'mariadb' };

/**
 * The whole runtime configuration, parsed once from the environment.
 * Nothing else in the server reads process.env: inject AppConfig instead.
 */
export class AppConfig {
  readonly nodeEnv: string;
  readonly port: number;
  readonly database: DatabaseConfig;
  readonly publicUrl: string;
  /** JWT_SECRET, or the random secret generated once and kept in the data folder. */
  readonly jwtSecret: string;
  /** Where the server keeps its own files (the generated signing secret). */
  readonly dataDir: string;
  readonly smtpUrl: string | null;
  readonly mailFrom: string;
  readonly outboxDir: string;
  readonly adminEmail: string | null;
  readonly adminPassword: string | null;
  readonly seedDemo: boolean;
  readonly uploadDir: string;
  readonly weatherApiUrl: string;
  readonly weatherTimeoutMs: number;
  readonly rateLimitMultiplier: number;
  readonly leadsNotifyEmail: string | null;
  readonly logLevel: string;
  readonly siteDist: string;
  readonly adminDist: string;
  readonly trustProxy: boolean;
  /** Shared state of several instances (limits, deny-list, cache invalidation, job leases); null: in memory. */
  readonly redisUrl: string | null;
  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  readonly redisPrefix: string;
  /** Names this process in every log line, so an operator can tell replicas apart. */
  readonly instanceId: string;

  constructor(values: Omit<AppConfig, never>) {
    Object.assign(this, values);
  }

  get isProduction(): boolean {
    return this.nodeEnv === 'production';
  }
}

export class ConfigError extends Error {}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`expected a boolean, got "${value}"`);
}

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new ConfigError(`${name} must be a positive number, got "${value}"`);
  return n;
}

export function parseDatabaseUrl(url: string, cwd = process.cwd()): DatabaseConfig {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\//, '');
    if (!path) throw new ConfigError('DATABASE_URL sqlite: needs a file path');
    return { type: 'sqlite', path: path === ':memory:' ? path : resolve(cwd, path) };
  }
  if (/^(mysql|mariadb):\/\//.test(url)) {
    return {
      type: 'mysql',
      url: url.replace(/^mariadb:/, 'mysql:'),
      flavor: url.startsWith('mariadb:') ? 'mariadb' : undefined,
    };
  }
  throw new ConfigError(`DATABASE_URL must start with sqlite: or mysql://, got "${url}"`);
}

/** Reads and validates the environment; throws ConfigError with every problem found. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): AppConfig {
  const problems: string[] = [];
  const attempt = <T>(fn: () => T, fallback: T): T => {
    try {
      return fn();
    } catch (e) {
      problems.push((e as Error).message);
      return fallback;
    }
  };
  const nodeEnv = env.NODE_ENV || 'development';
  const port = attempt(() => positiveNumber('PORT', env.PORT, 3000), 3000);
  const dataDir = resolve(cwd, env.DATA_DIR || './data');
  // No default secret: a value anyone can read (a committed one) would let anyone sign tokens.
  const jwtSecret = env.JWT_SECRET ? env.JWT_SECRET : attempt(() => loadOrCreateJwtSecret(dataDir), '');
  const secretProblem = env.JWT_SECRET ? jwtSecretProblem(env.JWT_SECRET) : null;
  if (secretProblem) problems.push(secretProblem);
  const adminEmail = env.ADMIN_EMAIL?.trim() || null;
  const adminPassword = env.ADMIN_PASSWORD || null;
  if (!!adminEmail !== !!adminPassword) problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(publicUrl)) problems.push(`PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`);
  if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL)) problems.push('SMTP_URL must start with smtp:// or smtps://');
  if (env.REDIS_URL && !/^rediss?:\/\//.test(env.REDIS_URL))
    problems.push('REDIS_URL must start with redis:// or rediss://');

  const config = new AppConfig({
    nodeEnv,
    port,
    database: attempt(() => parseDatabaseUrl(env.DATABASE_URL || 'sqlite:./data/travel.sqlite', cwd), {
      type: 'sqlite',
      path: ':memory:',
    }),
    publicUrl,
    jwtSecret,
    dataDir,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'no-reply@localhost',
    outboxDir: resolve(cwd, env.OUTBOX_DIR || './data/outbox'),
    adminEmail,
    adminPassword,
    seedDemo: attempt(() => bool(env.SEED_DEMO, true), true),
    uploadDir: resolve(cwd, env.UPLOAD_DIR || './data/uploads'),
    weatherApiUrl: (env.WEATHER_API_URL || 'https://api.open-meteo.com').replace(/\/+$/, ''),
    weatherTimeoutMs: attempt(() => positiveNumber('WEATHER_TIMEOUT_MS', env.WEATHER_TIMEOUT_MS, 3000), 3000),
    rateLimitMultiplier: attempt(() => positiveNumber('RATE_LIMIT_MULTIPLIER', env.RATE_LIMIT_MULTIPLIER, 1), 1),
    leadsNotifyEmail: env.LEADS_NOTIFY_EMAIL?.trim() || null,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    siteDist: resolve(cwd, env.SITE_DIST || './site/dist'),
    adminDist: resolve(cwd, env.ADMIN_DIST || './admin/dist'),
    trustProxy: attempt(() => bool(env.TRUST_PROXY, false), false),
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'travel:',
    instanceId: env.INSTANCE_ID || `${hostname()}-${process.pid}-${randomBytes(2).toString('hex')}`,
  } as AppConfig);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return config;
}
