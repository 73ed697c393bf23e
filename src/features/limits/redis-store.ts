/**
 * Counters in Redis, shared by every process of a deployment. One Lua script reads every
 * window, decides, and charges all of them or none: check-all-then-charge is a single atomic
 * step on the server, so two processes can never both take the last request of a budget.
 * The caller's clock is used (not Redis TIME) so every store follows one injectable clock;
 * servers are expected to run NTP, and a skew of a second only shifts slice edges.
 */
import { Redis } from 'ioredis';
import type { Buckets } from './sliding-window.js';
import type { HitResult, LimitCheck, LimitStore } from './store.js';

const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local cost = tonumber(ARGV[2])
local allowed = 1
local states = {}
local currents = {}
for i = 1, #KEYS do
  local base = 2 + (i - 1) * 3
  local windowMs = tonumber(ARGV[base + 1])
  local slices = tonumber(ARGV[base + 2])
  local limit = tonumber(ARGV[base + 3])
  local size = windowMs / slices
  local current = math.floor(now / size)
  local outgoing = current - slices
  local inside = 1 - (now - current * size) / size
  local flat = redis.call('HGETALL', KEYS[i])
  local total = 0
  local kept = {}
  for j = 1, #flat, 2 do
    local index = tonumber(flat[j])
    local count = tonumber(flat[j + 1])
    if index < outgoing then
      redis.call('HDEL', KEYS[i], flat[j])
    else
      if index == outgoing then
        total = total + count * inside
      elseif index <= current then
        total = total + count
      end
      kept[#kept + 1] = flat[j]
      kept[#kept + 1] = flat[j + 1]
    end
  end
  if total + cost > limit + 1e-9 then allowed = 0 end
  states[i] = kept
  currents[i] = { string.format('%.0f', current), math.ceil(windowMs + 2 * size) }
end
if allowed == 1 and cost > 0 then
  for i = 1, #KEYS do
    redis.call('HINCRBY', KEYS[i], currents[i][1], cost)
    redis.call('PEXPIRE', KEYS[i], currents[i][2])
  end
end
return { allowed, states }
`;

/** Takes back a charge from the slice it was made in (KEYS[i] with field ARGV[i + 1]), never below zero. */
const REFUND_SCRIPT = `
local cost = tonumber(ARGV[1])
for i = 1, #KEYS do
  local field = ARGV[i + 1]
  local count = tonumber(redis.call('HGET', KEYS[i], field))
  if count then
    if count <= cost then redis.call('HDEL', KEYS[i], field) else redis.call('HINCRBY', KEYS[i], field, -cost) end
  end
end
return 1
`;

interface HitCommand {
  slidingHit(numKeys: number, ...args: Array<string | number>): Promise<[number, string[][]]>;
  slidingRefund(numKeys: number, ...args: Array<string | number>): Promise<number>;
}

export interface RedisStoreOptions {
  url: string;
  /** Prefix of every key (tests isolate themselves with their own). */
  prefix?: string;
  onConnectError?: (error: unknown) => void;
  /** A command with no answer fails after this (a paused or stalled Redis). */
  commandTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** Reconnection attempts a command may wait through before failing. */
  maxRetriesPerRequest?: number;
}

/** The Redis store plus a round trip for its dependency monitor. */
export interface RedisLimitStore extends LimitStore {
  ping(): Promise<number>;
}

export async function createRedisStore(options: RedisStoreOptions): Promise<RedisLimitStore> {
  // No offline queue: while Redis is unreachable a command fails at once (the caller then falls
  // back to per-process counters) instead of holding requests until a reconnect; a command on a
  // connection that stalls (CLIENT PAUSE, a stopped process) fails after commandTimeout.
  const redis = new Redis(options.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: options.maxRetriesPerRequest ?? 1,
    connectTimeout: options.connectTimeoutMs ?? 2_000,
    commandTimeout: options.commandTimeoutMs ?? 500,
    // Reconnect quickly and keep trying: recovery should take seconds, not a backoff of minutes.
    retryStrategy: (times) => Math.min(100 * times, 1_000),
  });
  // Never fatal: ioredis reconnects on its own; failures surface per command, and the dependency
  // monitor logs the change of state once.
  redis.on('error', () => {});
  redis.defineCommand('slidingHit', { lua: HIT_SCRIPT });
  redis.defineCommand('slidingRefund', { lua: REFUND_SCRIPT });
  // Unreachable at start-up: keep going (limits fail open and are logged); ioredis reconnects.
  await redis.connect().catch((error: unknown) => options.onConnectError?.(error));
  const prefix = options.prefix ?? 'sl:rl:';
  const client = redis as unknown as HitCommand;

  return {
    kind: 'redis',
    async ping() {
      const start = process.hrtime.bigint();
      await redis.ping();
      return Number(process.hrtime.bigint() - start) / 1e6;
    },
    async hit(checks: readonly LimitCheck[], cost: number, now: number): Promise<HitResult> {
      const args: Array<string | number> = checks.map((c) => prefix + c.key);
      args.push(now, cost);
      for (const c of checks) args.push(c.spec.windowMs, c.spec.slices, c.spec.limit);
      const [allowed, raw] = await client.slidingHit(checks.length, ...args);
      const states: Buckets[] = checks.map((check, i) => {
        const flat = raw[i] ?? [];
        const pairs: Array<[number, number]> = [];
        for (let j = 0; j < flat.length; j += 2) pairs.push([Number(flat[j]), Number(flat[j + 1])]);
        if (allowed === 1 && cost > 0) {
          const current = Math.floor(now / (check.spec.windowMs / check.spec.slices));
          const existing = pairs.find(([index]) => index === current);
          if (existing) existing[1] += cost;
          else pairs.push([current, cost]);
        }
        return pairs;
      });
      return { allowed: allowed === 1, states };
    },
    async refund(checks: readonly LimitCheck[], cost: number, chargedAt: number): Promise<void> {
      const keys = checks.map((c) => prefix + c.key);
      const fields = checks.map((c) => String(Math.floor(chargedAt / (c.spec.windowMs / c.spec.slices))));
      await client.slidingRefund(checks.length, ...keys, cost, ...fields);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
