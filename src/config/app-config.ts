import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { jwtSecretProblem, loadOrCreateJwtSecret } from './jwt-secret';
import { withSecretFiles } from './secret-files';
import { parseTrustProxy, TrustProxy } from './trust-proxy';

export type DatabaseConfig =
  | { type: 'sqlite'; path: string }
  | {
      type: 'mysql';
      url: string;
      flavor?: 'mysql' | 'mariadb';
      /** Connections per pool (DB_POOL_SIZE). */ poolSize?: number;
    };

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
  /**
   * `smtp` (SMTP_URL), or `outbox`: each e-mail written as an .eml file under outboxDir. In production
   * the outbox is only ever an explicit choice (MAIL_TRANSPORT=outbox), never a fallback.
   */
  readonly mailTransport: 'smtp' | 'outbox';
  readonly adminEmail: string | null;
  readonly adminPassword: string | null;
  readonly seedDemo: boolean;
  /**
   * The demo desk (agents, leads, notes, tasks, templates) loaded with the demo catalogue
   * (DEMO_DESK, default: SEED_DEMO; in production only when SEED_DEMO=true is written there).
   */
  readonly demoDesk: boolean;
  readonly uploadDir: string;
  readonly weatherApiUrl: string;
  readonly weatherTimeoutMs: number;
  /** The longest a client may take to send a whole request, headers and body (REQUEST_TIMEOUT_MS). */
  readonly requestTimeoutMs: number;
  /** Who may read /api/docs (API_DOCS): anyone, or signed-in admins only (the default in production). */
  readonly apiDocs: 'public' | 'admin';
  readonly rateLimitMultiplier: number;
  /** WARM_UP (default on): the start-up warm-up before readiness (common/http/warm-up.ts). */
  readonly warmUp: boolean;
  readonly leadsNotifyEmail: string | null;
  readonly logLevel: string;
  readonly siteDist: string;
  readonly adminDist: string;
  /** Whom to trust for the client address (TRUST_PROXY): none, a hop count, or proxy addresses/CIDRs. */
  readonly trustProxy: TrustProxy;
  /** Bearer token for GET /metrics (METRICS_TOKEN); without one, /metrics is off in production. */
  readonly metricsToken: string | null;
  /** Connections of each MySQL/MariaDB pool (DB_POOL_SIZE): an instance opens up to twice this many. */
  readonly dbPoolSize: number;
  /** Shared state of several instances (limits, deny-list, cache invalidation, job leases); null: in memory. */
  readonly redisUrl: string | null;
  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  readonly redisPrefix: string;
  /** Names this process in every log line, so an operator can tell replicas apart. */
  readonly instanceId: string;
  /** Leads and contact messages older than this many months are anonymised (RETENTION_MONTHS). */
  readonly retentionMonths: number;
  /** Minutes a lead may stay `new` before it is flagged and the agency notified once (LEAD_SLA_MINUTES). */
  readonly leadSlaMinutes: number;
  /**
   * Whether a person's data export includes the desk's notes written about their leads
   * (EXPORT_DESK_NOTES, default true: the right of access covers them).
   */
  readonly exportDeskNotes: boolean;

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

function namedBool(name: string, value: string | undefined, fallback: boolean): boolean {
  try {
    return bool(value, fallback);
  } catch {
    throw new ConfigError(`${name} must be true or false, got "${value}"`);
  }
}

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new ConfigError(`${name} must be a positive number, got "${value}"`);
  return n;
}

/** RETENTION_MONTHS: a whole number of months, 1 to 1200; 24 when unset. */
function wholeMonths(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 24;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1200)
    throw new ConfigError(`RETENTION_MONTHS must be a whole number of months (1 to 1200), got "${value}"`);
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

/**
 * How e-mail leaves: SMTP when SMTP_URL is set, else the outbox folder. In production the outbox
 * must be chosen with MAIL_TRANSPORT=outbox: its files hold every code and link, nothing is
 * delivered, and a deployment that merely forgot SMTP_URL must not start as if it mailed people.
 */
function mailTransportOf(env: Record<string, string | undefined>, nodeEnv: string, problems: string[]) {
  const chosen = env.MAIL_TRANSPORT?.trim().toLowerCase() || null;
  if (chosen && chosen !== 'outbox')
    problems.push(`MAIL_TRANSPORT must be outbox or unset, got "${env.MAIL_TRANSPORT}"`);
  if (chosen === 'outbox' && env.SMTP_URL) problems.push('MAIL_TRANSPORT=outbox and SMTP_URL are both set: unset one');
  if (nodeEnv === 'production' && !env.SMTP_URL && chosen !== 'outbox') {
    problems.push(
      'NODE_ENV=production needs SMTP_URL (smtp://user:pass@host:port) to send e-mail, or MAIL_TRANSPORT=outbox ' +
        'to write each e-mail as a file under OUTBOX_DIR instead (nothing is delivered then)',
    );
  }
  return env.SMTP_URL && chosen !== 'outbox' ? ('smtp' as const) : ('outbox' as const);
}

/** Reads and validates the environment; throws ConfigError with every problem found. */
export function loadConfig(given: Record<string, string | undefined> = process.env, cwd = process.cwd()): AppConfig {
  const problems: string[] = [];
  // Secrets may come from files (JWT_SECRET_FILE, DATABASE_PASSWORD_FILE, …: compose secrets).
  const env = withSecretFiles(given, problems);
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
  const mailTransport = mailTransportOf(env, nodeEnv, problems);
  const apiDocs = env.API_DOCS?.trim().toLowerCase() || (nodeEnv === 'production' ? 'admin' : 'public');
  if (apiDocs !== 'public' && apiDocs !== 'admin')
    problems.push(`API_DOCS must be public or admin, got "${env.API_DOCS}"`);
  const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  if (env.LOG_LEVEL && !logLevels.includes(env.LOG_LEVEL))
    problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${env.LOG_LEVEL}"`);
  if (env.METRICS_TOKEN !== undefined && env.METRICS_TOKEN.length < 16)
    problems.push('METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 16)');
  if (env.REDIS_URL && !/^rediss?:\/\//.test(env.REDIS_URL))
    problems.push('REDIS_URL must start with redis:// or rediss://');

  const retentionMonths = attempt(() => wholeMonths(env.RETENTION_MONTHS), 24);
  const dbPoolSize = Math.floor(attempt(() => positiveNumber('DB_POOL_SIZE', env.DB_POOL_SIZE, 20), 20));
  const withPoolSize = (db: DatabaseConfig): DatabaseConfig =>
    db.type === 'mysql' ? { ...db, poolSize: dbPoolSize } : db;
  const config = new AppConfig({
    nodeEnv,
    port,
    database: attempt(() => withPoolSize(parseDatabaseUrl(env.DATABASE_URL || 'sqlite:./data/travel.sqlite', cwd)), {
      type: 'sqlite',
      path: ':memory:',
    }),
    publicUrl,
    jwtSecret,
    dataDir,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'no-reply@localhost',
    outboxDir: resolve(cwd, env.OUTBOX_DIR || './data/outbox'),
    mailTransport,
    adminEmail,
    adminPassword,
    seedDemo: attempt(() => bool(env.SEED_DEMO, true), true),
    demoDesk: attempt(
      () => bool(env.DEMO_DESK, nodeEnv === 'production' ? bool(env.SEED_DEMO, false) : bool(env.SEED_DEMO, true)),
      false,
    ),
    uploadDir: resolve(cwd, env.UPLOAD_DIR || './data/uploads'),
    weatherApiUrl: (env.WEATHER_API_URL || 'https://api.open-meteo.com').replace(/\/+$/, ''),
    weatherTimeoutMs: attempt(() => positiveNumber('WEATHER_TIMEOUT_MS', env.WEATHER_TIMEOUT_MS, 3000), 3000),
    requestTimeoutMs: Math.ceil(
      attempt(() => positiveNumber('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000), 30_000),
    ),
    apiDocs: apiDocs === 'public' ? 'public' : 'admin',
    rateLimitMultiplier: attempt(() => positiveNumber('RATE_LIMIT_MULTIPLIER', env.RATE_LIMIT_MULTIPLIER, 1), 1),
    warmUp: attempt(() => bool(env.WARM_UP, true), true),
    leadsNotifyEmail: env.LEADS_NOTIFY_EMAIL?.trim() || null,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    siteDist: resolve(cwd, env.SITE_DIST || './site/dist'),
    adminDist: resolve(cwd, env.ADMIN_DIST || './admin/dist'),
    trustProxy: attempt(() => parseTrustProxy(env.TRUST_PROXY), false),
    metricsToken: env.METRICS_TOKEN || null,
    dbPoolSize,
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'travel:',
    instanceId: env.INSTANCE_ID || `${hostname()}-${process.pid}-${randomBytes(2).toString('hex')}`,
    retentionMonths,
    leadSlaMinutes: attempt(() => positiveNumber('LEAD_SLA_MINUTES', env.LEAD_SLA_MINUTES, 15), 15),
    exportDeskNotes: attempt(() => namedBool('EXPORT_DESK_NOTES', env.EXPORT_DESK_NOTES, true), true),
  } as AppConfig);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return config;
}
