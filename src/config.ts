/**
 * The only module that reads the environment. Everything is parsed and validated once;
 * a bad value stops the process with one line naming the variable and what is allowed.
 */
import { parseDuration, parseDurationList } from './lib/duration.js';
import { PLATFORM_IDS, type PlatformId } from './platforms/catalogue.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface PlatformEnv {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  model: string | undefined;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Fastify's trustProxy: false (default), true, a hop count, or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  platformsMode: 'simulate' | 'live';
  platforms: Readonly<Record<PlatformId, Readonly<PlatformEnv>>>;
  webhookRetryDelaysMs: readonly number[];
  webhookAllowPrivateNetworks: boolean;
  supportEmail: string;
  logLevel: LogLevel;
  /** Health report `env` (APP_ENV). */
  appEnv: string;
  /** Health report `region` (REGION). */
  region: string;
  /** Build identifier override (GIT_COMMIT); otherwise read from the checkout. */
  gitCommit: string | undefined;
  /**
   * How long a signed-in GET answer may be served again from memory (READ_CACHE_MS, default
   * 1000; 0 turns the cache off). This process's own writes invalidate at once (docs/decisions.md).
   */
  readCacheMs: number;
  /** Bearer token that GET /metrics requires (METRICS_TOKEN); unset = /metrics answers 404. */
  metricsToken: string | undefined;
  /** Longest a client may take to send a whole request, headers and body (REQUEST_TIMEOUT): slow-loris bound. */
  requestTimeoutMs: number;
  /** Timeouts and sizes that bound how long a slow or absent dependency can hold anything up. */
  timeouts: Readonly<DependencyTimeouts>;
  /** Connections per process to PostgreSQL (DB_POOL_SIZE). */
  dbPoolSize: number;
  /** Jobs one worker runs at once (WORKER_CONCURRENCY); at most what its pool can serve. */
  workerConcurrency: number;
  /** How long a job's lease lasts without a heartbeat before another worker may take it over. */
  jobLeaseMs: number;
  /** Where e-mail is sent (SMTP_URL, smtp:// or smtps://); unset = no e-mail, invitation links are copied by hand. */
  smtpUrl: string | undefined;
  /** The From address of Sightline's e-mail (MAIL_FROM; default SUPPORT_EMAIL). */
  mailFrom: string;
  /** The dashboard's address as users reach it (PUBLIC_URL), for links in e-mail and the CLI; else the request's own origin. */
  publicUrl: string | undefined;
}

export interface DependencyTimeouts {
  /** Server side: PostgreSQL cancels a statement running longer (statement_timeout). */
  dbStatementMs: number;
  /** Client side: a query with no answer at all (a stalled network) fails after this. */
  dbQueryMs: number;
  /** Waiting for a free pool connection or a new one (connectionTimeoutMillis). */
  dbConnectMs: number;
  /** Waiting for a row lock (lock_timeout): a job claim or an update never queues for long. */
  dbLockMs: number;
  redisCommandMs: number;
  redisConnectMs: number;
  /** Reconnection attempts a Redis command may wait for before failing (maxRetriesPerRequest). */
  redisMaxRetries: number;
  /** SIGTERM to exit: in-flight requests and jobs get this long, then the process ends anyway. */
  shutdownMs: number;
}

export class ConfigError extends Error {
  constructor(variable: string, value: string, allowed: string) {
    super(`Invalid ${variable}=${JSON.stringify(value)}: ${allowed}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

function text(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, raw, `an integer from ${min} to ${max}`);
  }
  return Number(raw);
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const lower = raw.toLowerCase();
  if (['true', '1', 'yes'].includes(lower)) return true;
  if (['false', '0', 'no'].includes(lower)) return false;
  throw new ConfigError(name, raw, 'true or false');
}

function duration(env: Env, name: string, fallbackMs: number, minMs: number, maxMs: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallbackMs;
  let ms: number;
  try {
    ms = /^\d+$/.test(raw) ? Number(raw) : parseDuration(raw);
  } catch {
    throw new ConfigError(name, raw, `a duration like 5s or 500ms (from ${minMs} ms to ${maxMs} ms)`);
  }
  if (ms < minMs || ms > maxMs) throw new ConfigError(name, raw, `a duration from ${minMs} ms to ${maxMs} ms`);
  return ms;
}

function timeouts(env: Env): DependencyTimeouts {
  const dbStatementMs = duration(env, 'DB_STATEMENT_TIMEOUT', 10_000, 100, 3_600_000);
  return Object.freeze({
    dbStatementMs,
    // A little longer than the server's own limit, so a slow statement is cancelled by the server
    // (clean) and only a stalled connection is cut by the client.
    dbQueryMs: duration(env, 'DB_QUERY_TIMEOUT', dbStatementMs + 2_000, 100, 3_600_000),
    dbConnectMs: duration(env, 'DB_CONNECT_TIMEOUT', 3_000, 100, 60_000),
    dbLockMs: duration(env, 'DB_LOCK_TIMEOUT', 3_000, 10, 600_000),
    redisCommandMs: duration(env, 'REDIS_COMMAND_TIMEOUT', 500, 10, 60_000),
    redisConnectMs: duration(env, 'REDIS_CONNECT_TIMEOUT', 2_000, 100, 60_000),
    redisMaxRetries: integer(env, 'REDIS_MAX_RETRIES', 1, 0, 20),
    shutdownMs: duration(env, 'SHUTDOWN_TIMEOUT', 10_000, 100, 600_000),
  });
}

/** Connections kept back from job work: lease heartbeats and completions use their own. */
export const WORKER_RESERVED_CONNECTIONS = 2;

function workerConcurrency(env: Env, poolSize: number): number {
  const most = Math.max(1, poolSize - WORKER_RESERVED_CONNECTIONS);
  const configured = integer(env, 'WORKER_CONCURRENCY', Math.min(16, most), 1, 1_000);
  if (configured > most) {
    throw new ConfigError('WORKER_CONCURRENCY', String(configured), `at most DB_POOL_SIZE - ${WORKER_RESERVED_CONNECTIONS} (${most}): raise DB_POOL_SIZE first`);
  }
  return configured;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, raw, `one of ${allowed.join(', ')}`);
  }
  return raw as T;
}

function url(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, redactUrl(raw), `a URL (${protocols.join(' or ')})`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, redactUrl(raw), `a URL with scheme ${protocols.join(' or ')}`);
  }
  return raw;
}

/** Never echo a password from a connection string into an error line. */
function redactUrl(raw: string): string {
  return raw.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

function trustProxy(env: Env): Config['trustProxy'] {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const parts = raw.split(',').map((p) => p.trim());
  const looksLikeAddress = /^[0-9a-f.:]+(\/\d{1,3})?$/i;
  if (parts.every((p) => looksLikeAddress.test(p) || p === 'loopback' || p === 'uniquelocal' || p === 'linklocal')) {
    return parts;
  }
  throw new ConfigError('TRUST_PROXY', raw, 'true, false, a hop count, or a comma list of proxy addresses/CIDRs');
}

function platformEnv(env: Env, id: PlatformId): PlatformEnv {
  const prefix = id.toUpperCase();
  return Object.freeze({
    apiKey: text(env, `${prefix}_API_KEY`),
    baseUrl: url(env, `${prefix}_BASE_URL`, ['http:', 'https:']),
    model: text(env, `${prefix}_MODEL`),
  });
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function supportEmail(env: Env): string {
  const raw = text(env, 'SUPPORT_EMAIL');
  if (raw === undefined) return 'support@sightline.local';
  if (!EMAIL_RE.test(raw)) throw new ConfigError('SUPPORT_EMAIL', raw, 'an e-mail address');
  return raw;
}

/** `sightline@example.com` or `Sightline <sightline@example.com>`. */
function mailFrom(env: Env, fallback: string): string {
  const raw = text(env, 'MAIL_FROM');
  if (raw === undefined) return `Sightline <${fallback}>`;
  const address = /<([^<>]+)>\s*$/.exec(raw)?.[1] ?? raw;
  if (!EMAIL_RE.test(address) || /[\r\n]/.test(raw)) throw new ConfigError('MAIL_FROM', raw, 'an e-mail address, optionally as Name <address>');
  return raw;
}

/** An origin with an optional path prefix, stored without a trailing slash. */
function publicUrl(env: Env): string | undefined {
  const raw = url(env, 'PUBLIC_URL', ['http:', 'https:']);
  if (raw === undefined) return undefined;
  const parsed = new URL(raw);
  if (parsed.search || parsed.hash || parsed.username) throw new ConfigError('PUBLIC_URL', raw, 'an address like https://sightline.example.com, without query, fragment or credentials');
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/** At least 16 characters: a guessable token would expose the operator's view. */
function metricsToken(env: Env): string | undefined {
  const raw = text(env, 'METRICS_TOKEN');
  if (raw !== undefined && (raw.length < 16 || /\s/.test(raw))) throw new ConfigError('METRICS_TOKEN', '***', 'at least 16 characters without spaces');
  return raw;
}

/** Parse and validate an environment. Pure: tests pass their own objects. */
export function loadConfig(env: Env): Config {
  const platforms = Object.fromEntries(PLATFORM_IDS.map((id) => [id, platformEnv(env, id)])) as Record<
    PlatformId,
    PlatformEnv
  >;
  const anyKey = PLATFORM_IDS.some((id) => platforms[id].apiKey !== undefined);
  const retryRaw = text(env, 'WEBHOOK_RETRY_DELAYS') ?? '30s,2m,10m,1h,6h';
  let webhookRetryDelaysMs: number[];
  try {
    webhookRetryDelaysMs = parseDurationList(retryRaw);
  } catch {
    throw new ConfigError('WEBHOOK_RETRY_DELAYS', retryRaw, 'a comma list of durations like 30s,2m,10m,1h,6h (ms, s, m, h)');
  }
  const dbPoolSize = integer(env, 'DB_POOL_SIZE', 10, 3, 1_000);
  return Object.freeze({
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: text(env, 'HOST') ?? '127.0.0.1',
    dataDir: text(env, 'DATA_DIR') ?? './data',
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    trustProxy: trustProxy(env),
    platformsMode: oneOf(env, 'PLATFORMS_MODE', ['simulate', 'live'] as const, anyKey ? 'live' : 'simulate'),
    platforms: Object.freeze(platforms),
    webhookRetryDelaysMs: Object.freeze(webhookRetryDelaysMs),
    webhookAllowPrivateNetworks: bool(env, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS', false),
    supportEmail: supportEmail(env),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    appEnv: text(env, 'APP_ENV') ?? 'development',
    region: text(env, 'REGION') ?? 'local',
    gitCommit: text(env, 'GIT_COMMIT'),
    readCacheMs: integer(env, 'READ_CACHE_MS', 1000, 0, 60_000),
    metricsToken: metricsToken(env),
    requestTimeoutMs: duration(env, 'REQUEST_TIMEOUT', 30_000, 1_000, 600_000),
    timeouts: timeouts(env),
    dbPoolSize,
    workerConcurrency: workerConcurrency(env, dbPoolSize),
    jobLeaseMs: duration(env, 'JOB_LEASE', 15_000, 1_000, 3_600_000),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: mailFrom(env, supportEmail(env)),
    publicUrl: publicUrl(env),
  });
}

/** The process's own configuration. */
export function readConfig(): Config {
  return loadConfig(process.env);
}

/** What `sightline mcp` (a client of a running Sightline) needs: where it runs and the v1 key. */
export interface McpClientConfig {
  url: string | undefined;
  apiKey: string | undefined;
}

export function loadMcpClientConfig(env: Env): McpClientConfig {
  return { url: url(env, 'SIGHTLINE_URL', ['http:', 'https:']), apiKey: text(env, 'SIGHTLINE_API_KEY') };
}

export function readMcpClientConfig(): McpClientConfig {
  return loadMcpClientConfig(process.env);
}
