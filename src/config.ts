/**
 * The only module that reads the environment. Everything is parsed and validated once;
 * a bad value stops the process with one line naming the variable and what is allowed.
 */
import { parseDurationList } from './lib/duration.js';

export const PLATFORM_IDS = [
  'deepseek',
  'kimi',
  'zhipu',
  'qwen',
  'doubao',
  'chatgpt',
  'gemini',
  'perplexity',
] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

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

function supportEmail(env: Env): string {
  const raw = text(env, 'SUPPORT_EMAIL');
  if (raw === undefined) return 'support@sightline.local';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) throw new ConfigError('SUPPORT_EMAIL', raw, 'an e-mail address');
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
  });
}

/** The process's own configuration. */
export function readConfig(): Config {
  return loadConfig(process.env);
}
