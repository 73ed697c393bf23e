/**
 * The dashboard's pollers follow the client's polling rule (@sightline/client): tiers
 * 1 s → 5 s → 30 s → 2 min, three consecutive 429s on an endpoint move it one tier slower, five
 * successes one tier back. One tier state per endpoint for the whole page, so several pollers of
 * the same endpoint slow down together instead of each hammering a rate-limited server.
 */
import { DEFAULT_POLLING, pollWithTiers, PollingTiers, SightlineError, type PollOutcome, type WaitForOptions } from '@sightline/client';
import { ApiError } from './client.js';

const tiers = new PollingTiers(DEFAULT_POLLING);

/**
 * What nobody is waiting for (the account's alerts, read on every page): the same rule on the
 * slow tiers only, 30 s → 2 min, so an open dashboard costs the server two requests a minute.
 */
const backgroundTiers = new PollingTiers({ ...DEFAULT_POLLING, tiersMs: DEFAULT_POLLING.tiersMs.slice(2) });

/** One poll: the value, or a 429 (ApiError) reported to the tier rule; other errors throw. */
function pollOnce<T>(read: () => Promise<T>): () => Promise<PollOutcome<T>> {
  return async () => {
    try {
      return { value: await read() };
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) return { rateLimited: true, retryAfterSeconds: error.retryAfter };
      throw error;
    }
  };
}

/** Polls `read` on `endpoint`'s tier until `done`; a 429 (ApiError) counts towards the tier rule, other errors throw. */
export function pollUntil<T>(endpoint: string, read: () => Promise<T>, done: (value: T) => boolean, options: WaitForOptions<T> = {}): Promise<T> {
  return pollWithTiers<T>({ tier: tiers.for(endpoint), what: endpoint, options, done, poll: pollOnce(read) });
}

/**
 * Reads `read` now and then on `endpoint`'s background tier until `signal` aborts, handing each
 * value to `onValue`. A failed read (server restarting, connection dropped) waits one interval
 * and goes on: a notice shown on every page must not stop updating for good after one hiccup.
 */
export async function watch<T>(endpoint: string, read: () => Promise<T>, onValue: (value: T) => void, signal: AbortSignal): Promise<void> {
  const tier = backgroundTiers.for(endpoint);
  const options: WaitForOptions<T> = { signal, onProgress: (value) => value !== null && onValue(value) };
  while (!signal.aborted) {
    try {
      await pollWithTiers<T>({ tier, what: endpoint, options, done: () => false, poll: pollOnce(read) });
    } catch {
      if (signal.aborted) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, tier.intervalMs);
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
    }
  }
}

/**
 * pollUntil for a component: stops quietly once `alive()` turns false (the component unmounted)
 * or `timeoutMs` passes, answering undefined then; the last value otherwise. Errors other than
 * 429 still throw.
 */
export async function pollWhileMounted<T>(
  endpoint: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  alive: () => boolean,
  options: Omit<WaitForOptions<T>, 'signal'> = {},
): Promise<T | undefined> {
  const controller = new AbortController();
  try {
    return await pollUntil(endpoint, read, done, {
      ...options,
      signal: controller.signal,
      onProgress: (value, info) => {
        if (!alive()) return controller.abort();
        options.onProgress?.(value, info);
      },
    });
  } catch (error) {
    if (controller.signal.aborted || (error instanceof SightlineError && error.code === 'WAIT_TIMEOUT')) return undefined;
    throw error;
  }
}
