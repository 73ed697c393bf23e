/** @sightline/client: see README.md. */
export { createSightline, type Sightline, type SightlineOptions, type CallOptions, type Brand, type ProbeRun, type ProbeTrigger } from './client.js';
export * from './errors.js';
export { DEFAULT_POLL_TIERS_MS, DEFAULT_POLLING, PollingTier, PollingTiers, type PollingPolicy } from './polling.js';
export { backoffDelayMs, createTransport, type RetryOptions } from './retry.js';
export { pollWithTiers, TERMINAL_STATUSES, type PollInfo, type PollOutcome, type WaitForOptions } from './wait-for.js';
export type * from './legacy.js';
export type { paths as V1Paths, components as V1Components } from './generated/v1.js';
