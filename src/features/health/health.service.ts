/**
 * Health (is this process and its database alive?) and status (can it do its job: database
 * and every LLM platform, pinged concurrently, each bounded by a timeout). Both are cached so
 * uptime monitors cannot turn into load on the database or the platforms.
 */
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { BuildInfo } from '../../lib/build-info.js';
import { cached } from '../../lib/cache.js';
import { roundMs, withTimeout } from '../../lib/time.js';
import type { PingResult, PlatformRegistry } from '../../platforms/types.js';
import type { DependencyMonitor } from '../../lib/dependency-monitor.js';

export const HEALTH_TTL_MS = 30_000;
export const STATUS_TTL_MS = 60_000;
/**
 * A failed reading is kept briefly only, so recovery shows quickly. While the database monitor
 * says "down", health answers from the monitor without a ping of its own (the monitor re-pings
 * every second), so a load balancer polling fast does not add load to a struggling database.
 */
export const FAILED_TTL_MS = 1_000;

export interface HealthReport {
  status: 'ok' | 'error';
  service: string;
  version: string;
  env: string;
  region: string;
  timestamp: string;
  checks: { db: { ok: boolean; latency_ms: number; error?: string }; redis?: RedisCheck };
  took_ms: number;
}

/** Present when REDIS_URL is set. Redis down degrades rate limits to per-process counters; it does not fail health. */
export interface RedisCheck {
  ok: boolean;
  latency_ms: number;
  /** `shared`: limits are counted in Redis; `per_process`: Redis is down, each process counts alone. */
  limits: 'shared' | 'per_process';
}

export interface PlatformStatus {
  platform: string;
  zh: string;
  ok: boolean;
  latency_ms: number;
  configured: boolean;
  simulated: boolean;
  error?: string;
}

export interface StatusReport {
  status: 'operational' | 'degraded' | 'down';
  mode: 'simulate' | 'live';
  timestamp: string;
  db: { ok: boolean; latency_ms: number };
  redis?: RedisCheck;
  llms: { up: number; total: number; up_rate: number; platforms: Array<PlatformStatus & { throttled_accounts: number }> };
  took_ms: number;
}

export interface HealthServiceDeps {
  config: Config;
  database: Database;
  platforms: PlatformRegistry;
  build: BuildInfo;
  /** Reachability as this process sees it; health follows the database monitor when given. */
  monitors?: { database: DependencyMonitor; redis?: DependencyMonitor | undefined };
  dbTimeoutMs?: number;
  platformTimeoutMs?: number;
  /** Accounts per platform that monitoring polls at a slower cadence after repeated 429s. */
  throttledAccounts?: () => Promise<Map<string, number>>;
}

export const SERVICE_NAME = 'sightline';

async function checkDb(database: Database, timeoutMs: number) {
  try {
    return { ok: true, latency_ms: roundMs(await withTimeout(database.ping(), timeoutMs, 'database ping')) };
  } catch (error) {
    return { ok: false, latency_ms: timeoutMs, error: error instanceof Error ? error.message : 'unreachable' };
  }
}

/** The rule behind `status` (docs/decisions.md): see the README's "Status" section. */
export function overallStatus(dbOk: boolean, platforms: PlatformStatus[], redisOk = true): StatusReport['status'] {
  const up = platforms.filter((p) => p.ok).length;
  if (!dbOk || up === 0) return 'down';
  const configuredDown = platforms.some((p) => p.configured && !p.ok);
  return configuredDown || !redisOk ? 'degraded' : 'operational';
}

function redisCheck(monitor: DependencyMonitor | undefined): RedisCheck | undefined {
  if (!monitor) return undefined;
  const { up, latencyMs } = monitor.snapshot();
  return { ok: up, latency_ms: roundMs(latencyMs), limits: up ? 'shared' : 'per_process' };
}

export function createHealthService(deps: HealthServiceDeps) {
  const dbTimeoutMs = deps.dbTimeoutMs ?? 2_000;
  const platformTimeoutMs = deps.platformTimeoutMs ?? 3_000;

  const databaseMonitor = deps.monitors?.database;

  /** Accounts per platform on a slower monitoring cadence; an empty answer while the database is away. */
  async function throttledAccounts(): Promise<Map<string, number>> {
    if (!deps.throttledAccounts || databaseMonitor?.isUp() === false) return new Map();
    try {
      return await withTimeout(deps.throttledAccounts(), dbTimeoutMs, 'throttled accounts');
    } catch {
      return new Map();
    }
  }

  /** Through the monitor when there is one: its state, and its ping only while it says "up". */
  async function readDb(): Promise<{ ok: boolean; latency_ms: number; error?: string }> {
    if (!databaseMonitor) return checkDb(deps.database, dbTimeoutMs);
    if (databaseMonitor.isUp() && (await databaseMonitor.check())) {
      return { ok: true, latency_ms: roundMs(databaseMonitor.snapshot().latencyMs) };
    }
    return { ok: false, latency_ms: 0, error: 'database unreachable' };
  }

  async function computeHealth(): Promise<HealthReport> {
    const start = performance.now();
    const db = await readDb();
    const redis = redisCheck(deps.monitors?.redis);
    return {
      status: db.ok ? 'ok' : 'error',
      service: SERVICE_NAME,
      version: deps.build.id,
      env: deps.config.appEnv,
      region: deps.config.region,
      timestamp: new Date().toISOString(),
      checks: { db, ...(redis ? { redis } : {}) },
      took_ms: roundMs(performance.now() - start),
    };
  }

  async function pingPlatform(id: Parameters<PlatformRegistry['get']>[0]): Promise<PlatformStatus> {
    const adapter = deps.platforms.get(id);
    const abort = new AbortController();
    let result: PingResult;
    try {
      result = await withTimeout(adapter.ping(abort.signal), platformTimeoutMs, `${id} ping`);
    } catch (error) {
      abort.abort();
      result = {
        platform: id,
        ok: false,
        configured: adapter.configured,
        simulated: adapter.simulated,
        latencyMs: platformTimeoutMs,
        error: error instanceof Error ? error.message : 'ping failed',
      };
    }
    return {
      platform: adapter.id,
      zh: adapter.zh,
      ok: result.ok,
      latency_ms: roundMs(result.latencyMs),
      configured: result.configured,
      simulated: result.simulated,
      ...(result.error ? { error: result.error } : {}),
    };
  }

  async function computeStatus(): Promise<StatusReport> {
    const start = performance.now();
    const [db, throttled, ...platforms] = await Promise.all([
      readDb(),
      throttledAccounts(),
      ...deps.platforms.all().map((a) => pingPlatform(a.id)),
    ]);
    const list = (platforms as PlatformStatus[]).map((p) => ({ ...p, throttled_accounts: throttled.get(p.platform) ?? 0 }));
    const up = list.filter((p) => p.ok).length;
    const redis = redisCheck(deps.monitors?.redis);
    return {
      status: overallStatus(db.ok, list, redis?.ok ?? true),
      mode: deps.config.platformsMode,
      timestamp: new Date().toISOString(),
      db: { ok: db.ok, latency_ms: db.latency_ms },
      ...(redis ? { redis } : {}),
      llms: { up, total: list.length, up_rate: list.length ? up / list.length : 0, platforms: list },
      took_ms: roundMs(performance.now() - start),
    };
  }

  const health = cached(computeHealth, (r) => (r.status === 'ok' ? HEALTH_TTL_MS : FAILED_TTL_MS));
  const status = cached(computeStatus, (r) => (r.status === 'down' || r.redis?.ok === false ? FAILED_TTL_MS : STATUS_TTL_MS));
  // A change of state shows at once, not when the cached report expires.
  const clearCaches = () => {
    health.clear();
    status.clear();
  };
  databaseMonitor?.onChange(clearCaches);
  deps.monitors?.redis?.onChange(clearCaches);

  return {
    health: () => health.get(),
    /** The health report while its cache is fresh, synchronously (the endpoint's fast path). */
    freshHealth: () => health.peek(),
    status: () => status.get(),
    clearCaches,
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
