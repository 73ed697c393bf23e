/**
 * A kind of job, declared once in its feature's `<feature>.jobs.ts`: a `JobType` (name, payload
 * schema, retry policy) is what producers enqueue, typed by its schema; `handleJob` binds the
 * handler to it, and src/jobs/registry.ts registers the bound definitions.
 */
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

/** What producers know of a job: its name, the shape of its payload and how it is retried. */
export interface JobType<S extends TSchema = TSchema> {
  /** Stored with every job row; never rename one that may still be queued. */
  name: string;
  schema: S;
  /** Total runs allowed, the first included (default 5). */
  maxAttempts?: number;
  /** Delay before retry `attempt + 1`, after run `attempt` failed (default: full-jitter exponential). */
  retryDelayMs?: (attempt: number, error: unknown) => number;
  priority?: number;
}

/** What the worker does with a job of one type. */
export interface JobHandlers<S extends TSchema> {
  handler: (payload: Static<S>, ctx: JobContext) => Promise<void>;
  /**
   * The last attempt's worker died (crash, SIGKILL, OOM) and its lease ran out, so the handler
   * never recorded an outcome. Called once, instead of running the work again (the work may be
   * what kills workers): record the give-up so whatever waits on this job can finish. Must be
   * idempotent; the job is marked failed after it returns.
   */
  onAbandoned?: (payload: Static<S>) => Promise<void>;
}

export interface JobDefinition<S extends TSchema = TSchema> extends JobType<S>, JobHandlers<S> {}

export function defineJobType<S extends TSchema>(type: JobType<S>): JobType<S> {
  return type;
}

/** Binds a declared job type to its handlers. */
export function handleJob<S extends TSchema>(type: JobType<S>, handlers: JobHandlers<S>): JobDefinition<S> {
  return { ...type, ...handlers };
}

/** Type and handlers in one (jobs that only tests enqueue). */
export function defineJob<S extends TSchema>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/**
 * The jobs of a fan-out, one per item (a probe run's platform × prompt tasks, an AEO batch's
 * texts), share one policy: transient failures get two more tries, and the handler records the
 * item's failure on its last attempt instead of failing the job; a last attempt that lost its
 * worker is recorded by `abandon`. Either way the whole (the run, the batch) always finishes.
 */
export const ITEM_JOB_ATTEMPTS = 3;

export interface ItemJobRunner<P> {
  run: (payload: P, ctx: JobContext) => Promise<void>;
  abandon: (payload: P) => Promise<void>;
}

export function defineItemJobType<S extends TSchema>(name: string, schema: S): JobType<S> {
  return { name, schema, maxAttempts: ITEM_JOB_ATTEMPTS };
}

export function handleItemJob<S extends TSchema>(type: JobType<S>, runner: ItemJobRunner<Static<S>>): JobDefinition<S> {
  return handleJob(type, { handler: runner.run, onAbandoned: runner.abandon });
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
