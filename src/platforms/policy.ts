/**
 * The one retry/resilience policy for platform calls, built from cockatiel parts once per
 * platform and composed once (`call`):
 *   retry (full-jitter exponential backoff, Retry-After honoured)
 *     → circuit breaker (consecutive upstream failures open it; half-open after a pause)
 *       → bulkhead (bounded concurrency with a bounded queue)
 *         → per-attempt deadline (aggressive: the caller is released even if the socket lingers).
 * Retry sits outside the breaker so an open circuit stops the retries at once; the bulkhead sits
 * inside retry so a call waiting out a backoff does not hold a concurrency slot. The deadline is
 * not a cockatiel policy: the HTTP exchange enforces it with one timer (http-exchange.ts), where
 * cockatiel's timeout made and aborted an AbortController, with its DOMException, on every call.
 */
import {
  type BulkheadPolicy,
  type CircuitBreakerPolicy,
  ConsecutiveBreaker,
  DelegateBackoff,
  type RetryPolicy,
  bulkhead,
  circuitBreaker,
  handleWhen,
  retry,
  wrap,
} from 'cockatiel';
import type { CallPolicy } from './catalogue.js';
import { countsAsBreakerFailure, isRetryable } from './errors.js';
import { PlatformError } from './types.js';

/** Every knob of the policy; tests shrink the times so failure paths run in milliseconds. */
export interface PolicyOverrides {
  /** Per attempt. */
  timeoutMs: number;
  /** Whole ping, connection included. Short: status pings all platforms and must stay fast. */
  pingTimeoutMs: number;
  /** First backoff ceiling; the n-th retry waits a random time in [0, base·2^(n-1)). */
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  /** A Retry-After longer than this is not waited out: the call fails with retryAfterMs set. */
  maxRetryAfterMs: number;
  maxRetries: number;
  concurrency: number;
  queue: number;
  /** Consecutive upstream failures (5xx, timeout, bad answer) that open the circuit. */
  breakerThreshold: number;
  /** How long an open circuit refuses calls before letting one test call through. */
  breakerHalfOpenAfterMs: number;
}

export type ResolvedPolicy = Readonly<PolicyOverrides>;

const SHARED_DEFAULTS = {
  pingTimeoutMs: 3_000,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 8_000,
  maxRetryAfterMs: 20_000,
  breakerThreshold: 5,
  breakerHalfOpenAfterMs: 30_000,
} as const;

export function resolvePolicy(platformPolicy: CallPolicy, overrides: Partial<PolicyOverrides> = {}): ResolvedPolicy {
  return Object.freeze({ ...SHARED_DEFAULTS, ...platformPolicy, ...overrides });
}

/** Full jitter (AWS "exponential backoff and jitter"): uniform in [0, min(max, base·2^(attempt-1))). */
export function fullJitterDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

export interface CallPolicies {
  retry: RetryPolicy;
  breaker: CircuitBreakerPolicy;
  bulkhead: BulkheadPolicy;
  /** retry → breaker → bulkhead, composed once. */
  call: { execute<T>(fn: () => PromiseLike<T>, signal?: AbortSignal): Promise<T> };
}

export function buildCallPolicies(policy: ResolvedPolicy): CallPolicies {
  const backoff = new DelegateBackoff<{ attempt: number; result: { error: Error } | { value: unknown } }>((context) => {
    const error = 'error' in context.result ? context.result.error : undefined;
    // The platform said when to come back: do exactly that rather than guess.
    if (error instanceof PlatformError && error.retryAfterMs !== undefined) return error.retryAfterMs;
    return fullJitterDelay(context.attempt, policy.retryBaseDelayMs, policy.retryMaxDelayMs);
  });
  const retryPolicy = retry(
    handleWhen((error) => error instanceof PlatformError && isRetryable(error, policy.maxRetryAfterMs)),
    { maxAttempts: policy.maxRetries, backoff },
  );
  const breakerPolicy = circuitBreaker(
    handleWhen((error) => error instanceof PlatformError && countsAsBreakerFailure(error)),
    { halfOpenAfter: policy.breakerHalfOpenAfterMs, breaker: new ConsecutiveBreaker(policy.breakerThreshold) },
  );
  const bulkheadPolicy = bulkhead(policy.concurrency, policy.queue);
  return {
    retry: retryPolicy,
    breaker: breakerPolicy,
    bulkhead: bulkheadPolicy,
    call: wrap(retryPolicy, breakerPolicy, bulkheadPolicy),
  };
}
