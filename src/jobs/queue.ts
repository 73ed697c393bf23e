/**
 * The job queue's client side: a registry of job definitions and enqueueing, optionally inside
 * the caller's transaction (the outbox pattern: a job exists exactly when the change committed).
 */
import { Compile } from 'typebox/compile';
import type { Static, TSchema } from 'typebox';
import { CronExpressionParser } from 'cron-parser';
import type { Db, Executor } from '../db/client.js';
import type { JobContext, JobDefinition, JobType } from './definition.js';
import { insertJobs, queueStats, type QueueStats } from './queue.repo.js';
import { upsertSchedule } from './schedules.repo.js';

export interface EnqueueOptions {
  /** Enqueue inside this transaction instead of on its own. */
  tx?: Executor;
  runAt?: Date;
  delayMs?: number;
  /** A second enqueue with the same key (per job name) is a no-op. */
  dedupeKey?: string;
  priority?: number;
}

/**
 * A registered job with its payload type erased: payloads come back from the database as JSON,
 * so each is checked against the schema before the typed handler sees it.
 */
export interface RegisteredJob {
  type: JobType;
  /** Null when the payload fits the schema, else what is wrong with it. */
  check(payload: unknown): string | null;
  /** Runs the handler; throws InvalidJobPayloadError for a payload that does not fit. */
  run(payload: unknown, ctx: JobContext): Promise<void>;
  /** The definition's onAbandoned, if any (see JobDefinition). */
  abandon(payload: unknown): Promise<void>;
}

type ManyOptions = Omit<EnqueueOptions, 'dedupeKey'> & { dedupeKeys?: readonly string[]; dedupeKey?: string };

export class InvalidJobPayloadError extends Error {
  override name = 'InvalidJobPayloadError';
}

function registeredJob<S extends TSchema>(definition: JobDefinition<S>): RegisteredJob {
  const compiled = Compile(definition.schema);
  const check = (payload: unknown): string | null => {
    if (compiled.Check(payload)) return null;
    const first = [...compiled.Errors(payload)][0];
    return first ? `${first.instancePath || '/'} ${first.message}` : 'invalid payload';
  };
  const typed = (payload: unknown): Static<S> => {
    if (compiled.Check(payload)) return payload;
    throw new InvalidJobPayloadError(`job ${definition.name}: ${check(payload)}`);
  };
  return {
    type: definition,
    check,
    run: (payload, ctx) => definition.handler(typed(payload), ctx),
    abandon: async (payload) => definition.onAbandoned?.(typed(payload)),
  };
}

export function nextCronRun(cron: string, after: Date): Date {
  return CronExpressionParser.parse(cron, { currentDate: after, tz: 'UTC' }).next().toDate();
}

export class JobQueue {
  private readonly registered = new Map<string, RegisteredJob>();
  private readonly wakeListeners = new Set<() => void>();

  constructor(private readonly db: Db) {}

  register<S extends TSchema>(definition: JobDefinition<S>): void {
    if (this.registered.has(definition.name)) throw new Error(`job ${definition.name} registered twice`);
    this.registered.set(definition.name, registeredJob(definition));
  }

  names(): string[] {
    return [...this.registered.keys()];
  }

  get(name: string): RegisteredJob | undefined {
    return this.registered.get(name);
  }

  /** Depth, leases and the oldest due job's wait per job type (GET /metrics). */
  stats(): Promise<QueueStats[]> {
    return queueStats(this.db);
  }

  /** Returns the new job id, or null when the dedupe key was used already. */
  async enqueue<S extends TSchema>(type: JobType<S>, payload: Static<S>, options: EnqueueOptions = {}): Promise<number | null> {
    const [id] = await this.insert(type.name, [payload], options);
    return id ?? null;
  }

  async enqueueMany<S extends TSchema>(type: JobType<S>, payloads: readonly Static<S>[], options: ManyOptions = {}): Promise<number[]> {
    return this.insert(type.name, payloads, options);
  }

  /** A job stored by name (a cron schedule's row): its payload is checked against the registered schema. */
  async enqueueStored(name: string, payload: unknown, options: EnqueueOptions = {}): Promise<number | null> {
    const [id] = await this.insert(name, [payload], options);
    return id ?? null;
  }

  private async insert(name: string, payloads: readonly unknown[], options: ManyOptions): Promise<number[]> {
    const entry = this.registered.get(name);
    if (!entry) throw new Error(`unknown job ${name}`);
    for (const payload of payloads) {
      const problem = entry.check(payload);
      if (problem) throw new InvalidJobPayloadError(`job ${name}: ${problem}`);
    }
    const runAt = options.runAt ?? (options.delayMs ? new Date(Date.now() + options.delayMs) : undefined);
    const ids = await insertJobs(
      options.tx ?? this.db,
      payloads.map((payload, i) => ({
        queue: name,
        payload,
        runAt,
        priority: options.priority ?? entry.type.priority,
        maxAttempts: entry.type.maxAttempts ?? 5,
        dedupeKey: options.dedupeKeys?.[i] ?? options.dedupeKey,
      })),
    );
    // Same-process workers pick the work up at once (others poll). Inside a transaction the
    // job is visible only after commit; a worker that looks too early simply polls again.
    if (ids.length > 0 && !runAt) this.wake();
    return ids;
  }

  /** Registers (or updates) a cron schedule that enqueues a job of `type` with `payload` each slot. */
  async schedule<S extends TSchema>(name: string, cron: string, type: JobType<S>, payload: Static<S>): Promise<void> {
    const entry = this.registered.get(type.name);
    if (!entry) throw new Error(`unknown job ${type.name}`);
    const problem = entry.check(payload);
    if (problem) throw new InvalidJobPayloadError(`job ${type.name}: ${problem}`);
    await upsertSchedule(this.db, { name, cron, queue: type.name, payload, nextRunAt: nextCronRun(cron, new Date()) });
  }

  onWake(listener: () => void): () => void {
    this.wakeListeners.add(listener);
    return () => this.wakeListeners.delete(listener);
  }

  wake(): void {
    for (const listener of this.wakeListeners) listener();
  }
}
