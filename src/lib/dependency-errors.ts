/**
 * The one place that decides whether an error means "a dependency (PostgreSQL or Redis) is down
 * or too slow" rather than "this request or this code is wrong". The HTTP error handler turns a
 * match into 503 + Retry-After, the worker backs off on it, and the dependency monitors count it;
 * no route or service classifies errors itself.
 */

export type Dependency = 'database' | 'redis';

export interface DependencyFailure {
  dependency: Dependency;
  /** `unreachable`: no connection; `timeout`: connected but it did not answer in time. */
  reason: 'unreachable' | 'timeout';
}

/** Socket-level failures: the peer is gone, refused, or the route to it is. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);

/**
 * PostgreSQL SQLSTATEs that mean "not now" rather than "never": 57014 query_canceled
 * (statement_timeout), 55P03 lock_not_available (lock_timeout), 57P01-57P03 the server is shutting
 * down or starting, 53300/53400 too many connections, class 08 connection exceptions.
 */
const PG_TIMEOUT_STATES = new Set(['57014', '55P03']);
const PG_UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '53400']);

/** Messages node-postgres and pg-pool raise without a code. */
const PG_UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end',
];
const PG_TIMEOUT_MESSAGES = ['timeout exceeded when trying to connect', 'Query read timeout'];

/** Messages ioredis raises when Redis is unreachable or slow (enableOfflineQueue: false). */
const REDIS_UNREACHABLE_MESSAGES = ["Stream isn't writeable", 'Connection is closed', 'Reached the max retries per request limit'];
const REDIS_TIMEOUT_MESSAGES = ['Command timed out'];

const includesAny = (text: string, needles: readonly string[]) => needles.some((n) => text.includes(n));

function isRedisError(error: Error): boolean {
  // ioredis errors derive from redis-errors' RedisError / AbortError; name is enough and avoids an import.
  return ['RedisError', 'ReplyError', 'AbortError', 'MaxRetriesPerRequestError', 'ClusterAllFailedError'].includes(error.name);
}

function classifyOne(error: Error & { code?: unknown }, hint: Dependency | undefined): DependencyFailure | undefined {
  const message = error.message ?? '';
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (includesAny(message, REDIS_TIMEOUT_MESSAGES)) return { dependency: 'redis', reason: 'timeout' };
  if (includesAny(message, REDIS_UNREACHABLE_MESSAGES) || (isRedisError(error) && code && NETWORK_CODES.has(code))) {
    return { dependency: 'redis', reason: 'unreachable' };
  }
  if (includesAny(message, PG_TIMEOUT_MESSAGES)) return { dependency: 'database', reason: 'timeout' };
  if (code && PG_TIMEOUT_STATES.has(code)) return { dependency: 'database', reason: 'timeout' };
  if (code && (PG_UNAVAILABLE_STATES.has(code) || /^08/.test(code))) return { dependency: 'database', reason: 'unreachable' };
  if (includesAny(message, PG_UNREACHABLE_MESSAGES)) return { dependency: 'database', reason: 'unreachable' };
  if (code && NETWORK_CODES.has(code)) return { dependency: hint ?? 'database', reason: code === 'ETIMEDOUT' ? 'timeout' : 'unreachable' };
  return undefined;
}

/**
 * A dependency failure in `error` or its causes (Drizzle wraps driver errors in
 * DrizzleQueryError with the original as `cause`), or undefined for every other error.
 */
export function classifyDependencyError(error: unknown, hint?: Dependency): DependencyFailure | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const found = classifyOne(current as Error & { code?: unknown }, hint);
    if (found) return found;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Seconds a client should wait before retrying while a dependency is down. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

const RETRY_STEPS_MS = [100, 250, 500, 1_000];

/**
 * Runs `fn`, and runs it again while it fails because a dependency is away, for up to `maxMs`;
 * any other error, or the same one after `maxMs`, is thrown. For writes whose effect must land
 * once work is done (a task's answer): redoing the work after an outage would do it twice.
 */
export async function retryWhileUnavailable<T>(fn: () => Promise<T>, maxMs: number, onFailure?: (error: unknown) => void): Promise<T> {
  const deadline = Date.now() + maxMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!classifyDependencyError(error) || Date.now() >= deadline) throw error;
      onFailure?.(error);
      await new Promise((resolve) => setTimeout(resolve, RETRY_STEPS_MS[Math.min(attempt, RETRY_STEPS_MS.length - 1)]));
    }
  }
}
