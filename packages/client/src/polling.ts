/**
 * Polling tiers (the spec: "three consecutive 429 responses on one endpoint automatically lower
 * the polling frequency to the next tier"). A poller starts at the fastest tier; three 429s in a
 * row on its endpoint move it one tier slower; a run of successes (default 5) moves it one tier
 * back. The state is per endpoint and shared by every waiter of one client, so ten concurrent
 * `waitFor` calls slow down together.
 */

/** Default tiers: 1 s → 5 s → 30 s → 2 min. */
export const DEFAULT_POLL_TIERS_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000];

export interface PollingPolicy {
  /** Intervals, fastest first. */
  tiersMs: readonly number[];
  /** Consecutive 429s that move one tier slower (spec: 3). */
  slowDownAfter429s: number;
  /** Consecutive successes that move one tier faster. */
  speedUpAfterSuccesses: number;
}

export const DEFAULT_POLLING: PollingPolicy = { tiersMs: DEFAULT_POLL_TIERS_MS, slowDownAfter429s: 3, speedUpAfterSuccesses: 5 };

export type TierChange = 'slower' | 'faster' | undefined;

export class PollingTier {
  tier = 0;
  private consecutive429 = 0;
  private consecutiveOk = 0;

  constructor(readonly policy: PollingPolicy) {}

  get intervalMs(): number {
    return this.policy.tiersMs[this.tier]!;
  }

  /** Records a 429; answers 'slower' when this one moved the endpoint to the next tier. */
  onRateLimited(): TierChange {
    this.consecutiveOk = 0;
    this.consecutive429 += 1;
    if (this.consecutive429 < this.policy.slowDownAfter429s) return undefined;
    this.consecutive429 = 0;
    if (this.tier >= this.policy.tiersMs.length - 1) return undefined;
    this.tier += 1;
    return 'slower';
  }

  onSuccess(): TierChange {
    this.consecutive429 = 0;
    this.consecutiveOk += 1;
    if (this.tier === 0 || this.consecutiveOk < this.policy.speedUpAfterSuccesses) return undefined;
    this.consecutiveOk = 0;
    this.tier -= 1;
    return 'faster';
  }
}

/** One tier state per endpoint (e.g. `GET /api/v1/probes/{id}`). */
export class PollingTiers {
  private readonly byEndpoint = new Map<string, PollingTier>();
  constructor(readonly policy: PollingPolicy) {}

  for(endpoint: string): PollingTier {
    let tier = this.byEndpoint.get(endpoint);
    if (!tier) this.byEndpoint.set(endpoint, (tier = new PollingTier(this.policy)));
    return tier;
  }
}
