/**
 * Picks the counter store: Redis when REDIS_URL is set (one budget for every process), else
 * this process's memory. Several API processes on one PostgreSQL without Redis each keep their
 * own counters, so a client spread over N processes gets up to N times each limit; this is
 * logged at start-up and documented (docs/auth.md).
 */
import type { Config } from '../../config.js';
import type { Logger } from '../../lib/logger.js';
import { createMemoryStore } from './memory-store.js';
import { createRedisStore } from './redis-store.js';
import type { LimitStore } from './store.js';

export async function createLimitStore(config: Config, log: Logger, prefix?: string): Promise<LimitStore> {
  if (config.redisUrl) {
    return createRedisStore({
      url: config.redisUrl,
      ...(prefix ? { prefix } : {}),
      onConnectError: (error) => log.error({ err: error }, 'rate limits: Redis unreachable at start-up; limits fail open until it is back'),
    });
  }
  if (config.databaseUrl) {
    log.info('rate limits are kept in this process (no REDIS_URL): with several API processes, each enforces its own budget');
  }
  return createMemoryStore();
}
