/**
 * The dashboard's pollers follow the client's polling rule (@sightline/client): tiers
 * 1 s → 5 s → 30 s → 2 min, three consecutive 429s on an endpoint move it one tier slower, five
 * successes one tier back. One tier state per endpoint for the whole page, so several pollers of
 * the same endpoint slow down together instead of each hammering a rate-limited server.
 */
import { DEFAULT_POLLING, pollWithTiers, PollingTiers, type PollOutcome, type WaitForOptions } from '@sightline/client';
import { ApiError } from './client.js';

const tiers = new PollingTiers(DEFAULT_POLLING);

/** Polls `read` on `endpoint`'s tier until `done`; a 429 (ApiError) counts towards the tier rule, other errors throw. */
export function pollUntil<T>(endpoint: string, read: () => Promise<T>, done: (value: T) => boolean, options: WaitForOptions<T> = {}): Promise<T> {
  return pollWithTiers<T>({
    tier: tiers.for(endpoint),
    what: endpoint,
    options,
    done,
    poll: async (): Promise<PollOutcome<T>> => {
      try {
        return { value: await read() };
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) return { rateLimited: true, retryAfterSeconds: error.retryAfter };
        throw error;
      }
    },
  });
}
