/**
 * Polling with tiers until a terminal state. `pollWithTiers` is the rule itself, for any endpoint
 * (the dashboard's own pollers use it); `waitForRun` is `probes.waitFor`. A 429 is not retried by
 * the transport here: it counts towards the tier rule (three in a row → the next slower tier) and
 * the next poll waits the longer of the tier's interval and Retry-After. Other failures throw.
 */
import type { Client } from 'openapi-fetch';
import type { paths } from './generated/v1.js';
import { errorFromBody, retryAfterSeconds, SightlineError } from './errors.js';
import { NO_RETRY_ON_429, sleep } from './retry.js';
import type { PollingTier, PollingTiers, TierChange } from './polling.js';

export const TERMINAL_STATUSES = new Set(['completed', 'partial', 'failed']);
export const PROBE_STATUS_ENDPOINT = 'GET /api/v1/probes/{id}';

type ProbeRun = paths['/api/v1/probes/{id}']['get']['responses'][200]['content']['application/json'];

export interface PollInfo {
  /** 0 = fastest tier. */
  tier: number;
  /** The wait before the next poll, in ms (0 once finished). */
  intervalMs: number;
  /** Set when this answer moved the endpoint to another tier. */
  tierChange: TierChange;
  /** HTTP status of this poll (200 or 429). */
  status: number;
}

export interface WaitForOptions<T = ProbeRun> {
  signal?: AbortSignal;
  /** Called after every poll: the value (null on a 429) and the tier facts. */
  onProgress?: (value: T | null, info: PollInfo) => void;
  /** Give up after this long (ms); default: never (use `signal`). */
  timeoutMs?: number;
}

/** One poll's outcome: a value, or "rate limited" with the server's Retry-After (seconds). */
export type PollOutcome<T> = { value: T } | { rateLimited: true; retryAfterSeconds?: number | undefined };

export async function pollWithTiers<T>(args: {
  tier: PollingTier;
  poll: () => Promise<PollOutcome<T>>;
  done: (value: T) => boolean;
  what: string;
  options?: WaitForOptions<T>;
}): Promise<T> {
  const { tier, poll, done, what, options = {} } = args;
  const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs;
  for (;;) {
    const outcome = await poll();
    let wait: number;
    if ('rateLimited' in outcome) {
      const tierChange = tier.onRateLimited();
      wait = Math.max(tier.intervalMs, (outcome.retryAfterSeconds ?? 0) * 1000);
      options.onProgress?.(null, { tier: tier.tier, intervalMs: wait, tierChange, status: 429 });
    } else {
      const tierChange = tier.onSuccess();
      if (done(outcome.value)) {
        options.onProgress?.(outcome.value, { tier: tier.tier, intervalMs: 0, tierChange, status: 200 });
        return outcome.value;
      }
      wait = tier.intervalMs;
      options.onProgress?.(outcome.value, { tier: tier.tier, intervalMs: wait, tierChange, status: 200 });
    }
    if (Date.now() + wait > deadline) {
      throw new SightlineError(0, 'WAIT_TIMEOUT', `${what} did not finish within ${options.timeoutMs} ms; wait again to keep waiting.`, undefined);
    }
    await sleep(wait, options.signal);
  }
}

export function waitForRun(args: { api: Client<paths>; tiers: PollingTiers; runId: string; options: WaitForOptions }): Promise<ProbeRun> {
  const { api, tiers, runId, options } = args;
  return pollWithTiers<ProbeRun>({
    tier: tiers.for(PROBE_STATUS_ENDPOINT),
    what: `Probe run ${runId}`,
    options,
    done: (run) => TERMINAL_STATUSES.has(run.status),
    poll: async () => {
      const { data, error, response } = await api.GET('/api/v1/probes/{id}', {
        params: { path: { id: runId } },
        headers: { [NO_RETRY_ON_429]: '1' },
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (response.status === 429) return { rateLimited: true, retryAfterSeconds: retryAfterSeconds(response.headers) };
      if (!response.ok || !data) throw errorFromBody(response, error);
      return { value: data };
    },
  });
}
