/**
 * Picks the counter store: Redis when REDIS_URL is set (one budget for every process), else
 * this process's memory. Several API processes on one PostgreSQL without Redis each keep their
 * own counters, so a client spread over N processes gets up to N times each limit; this is
 * logged at start-up and documented (docs/auth.md). With Redis, a Redis outage degrades to
 * this process's counters (fallback-store.ts) instead of switching limits off.
 */
import type { Config } from '../../config.js';
import type { Logger } from '../../lib/logger.js';
import { createMemoryStore } from './memory-store.js';
import { createRedisStore } from './redis-store.js';
import { createFallbackStore } from './fallback-store.js';
import { createDependencyMonitor } from '../../lib/dependency-monitor.js';
import type { LimitStore } from './store.js';

export async function createLimitStore(config: Config, log: Logger, prefix?: string): Promise<LimitStore> {
  if (config.redisUrl) {
    const { timeouts } = config;
    let unreachableAtStart: unknown;
    const redis = await createRedisStore({
      url: config.redisUrl,
      ...(prefix ? { prefix } : {}),
      commandTimeoutMs: timeouts.redisCommandMs,
      connectTimeoutMs: timeouts.redisConnectMs,
      maxRetriesPerRequest: timeouts.redisMaxRetries,
      onConnectError: (error) => (unreachableAtStart = error),
    });
    const monitor = createDependencyMonitor({
      dependency: 'redis',
      ping: () => redis.ping(),
      log,
      pingTimeoutMs: Math.max(timeouts.redisCommandMs, 1_000),
    });
    // Unreachable at start-up: start degraded (per-process limits) and let the monitor see it back.
    if (unreachableAtStart !== undefined) monitor.reportFailure(unreachableAtStart);
    return createFallbackStore(redis, createMemoryStore(), monitor);
  }
  if (config.databaseUrl) {
    log.info('rate limits are kept in this process (no REDIS_URL): with several API processes, each enforces its own budget');
  }
  return createMemoryStore();
}
