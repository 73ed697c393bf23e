/** What a kind of job is: its name, payload schema, handler and retry policy. */
import type { TSchema, Static } from 'typebox';
import type { Logger } from 'pino';

export interface JobContext {
  jobId: number;
  /** 1-based attempt number of this run. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the worker is shutting down past its grace period. */
  signal: AbortSignal;
  log: Logger;
}

export interface JobDefinition<S extends TSchema = TSchema> {
  name: string;
  schema: S;
  handler: (payload: Static<S>, ctx: JobContext) => Promise<void>;
  /** Total runs allowed, the first included (default 5). */
  maxAttempts?: number;
  /** Delay before retry `attempt + 1`, after run `attempt` failed (default: full-jitter exponential). */
  retryDelayMs?: (attempt: number, error: unknown) => number;
  priority?: number;
  /**
   * The last attempt's worker died (crash, SIGKILL, OOM) and its lease ran out, so the handler
   * never recorded an outcome. Called once, instead of running the work again (the work may be
   * what kills workers): record the give-up so whatever waits on this job can finish. Must be
   * idempotent; the job is marked failed after it returns.
   */
  onAbandoned?: (payload: Static<S>) => Promise<void>;
}

export function defineJob<S extends TSchema>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/** Thrown by a handler: do not retry, fail the job now (a bad payload, a deleted resource). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** Thrown by a handler: retry after exactly this delay (e.g. an upstream's Retry-After). */
export class RetryJobLaterError extends Error {
  override name = 'RetryJobLaterError';
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

/** Full-jitter exponential backoff: uniform in [0, min(cap, base * 2^(attempt-1))]. */
export function fullJitterBackoff(baseMs = 1_000, capMs = 300_000) {
  return (attempt: number): number => Math.round(Math.random() * Math.min(capMs, baseMs * 2 ** (attempt - 1)));
}
