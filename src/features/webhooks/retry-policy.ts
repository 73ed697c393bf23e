/**
 * When a failed delivery is tried again. Pure functions, so the schedule is tested without time.
 *
 *  - The schedule is `WEBHOOK_RETRY_DELAYS` (default 30s,2m,10m,1h,6h): delay N follows failed
 *    attempt N, so the default makes 6 attempts in all (the first + 5 retries), then the
 *    delivery is dead.
 *  - Jitter ±10 % (uniform): enough to spread the retries of an outage's many deliveries over
 *    seconds to minutes instead of one thundering second, small enough that "30 s" still
 *    means about 30 s to a receiver reading our documentation.
 *  - Retry-After (seconds or HTTP date) is honoured by taking the LARGER of it and the scheduled
 *    delay: a receiver can ask for more time, never for a faster retry storm. It is capped at
 *    24 h, so a hostile or buggy header cannot park a delivery for years.
 */
export const JITTER_RATIO = 0.1;
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/** Total attempts a delivery gets with this schedule. */
export function maxAttempts(delaysMs: readonly number[]): number {
  return delaysMs.length + 1;
}

/**
 * Delay before the attempt after failed attempt `attempt` (1-based), or null when that was the
 * last one. `random` returns [0, 1) (injectable for tests).
 */
export function retryDelayMs(
  delaysMs: readonly number[],
  attempt: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number | null {
  const base = delaysMs[attempt - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * (1 + (random() * 2 - 1) * JITTER_RATIO));
  const asked = retryAfterMs === null ? 0 : Math.min(Math.max(0, retryAfterMs), MAX_RETRY_AFTER_MS);
  return Math.max(jittered, asked);
}

/** ±10 % jitter on any delay (deferrals, pacing): spreads re-queued deliveries apart. */
export function jittered(ms: number, random: () => number = Math.random): number {
  return Math.round(ms * (1 + (random() * 2 - 1) * JITTER_RATIO));
}
