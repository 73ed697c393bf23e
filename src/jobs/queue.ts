/**
 * The job queue's client side: a registry of job definitions and enqueueing, optionally inside
 * the caller's transaction (the outbox pattern: a job exists exactly when the change committed).
 */
import { Compile } from 'typebox/compile';
import type { Static, TSchema } from 'typebox';
import { CronExpressionParser } from 'cron-parser';
import type { Db, Executor } from '../db/client.js';
import type { JobDefinition } from './definition.js';
import { insertJobs } from './queue.repo.js';
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

interface Registered {
  definition: JobDefinition;
  check: (payload: unknown) => string | null;
}

export class InvalidJobPayloadError extends Error {
  override name = 'InvalidJobPayloadError';
}

function compileCheck(schema: TSchema): (payload: unknown) => string | null {
  const compiled = Compile(schema);
  return (payload) => {
    if (compiled.Check(payload)) return null;
    const first = [...compiled.Errors(payload)][0];
    return first ? `${first.instancePath || '/'} ${first.message}` : 'invalid payload';
  };
}

export function nextCronRun(cron: string, after: Date): Date {
  return CronExpressionParser.parse(cron, { currentDate: after, tz: 'UTC' }).next().toDate();
}

export class JobQueue {
  private readonly registered = new Map<string, Registered>();
  private readonly wakeListeners = new Set<() => void>();

  constructor(private readonly db: Db) {}

  register<S extends TSchema>(definition: JobDefinition<S>): void {
    if (this.registered.has(definition.name)) throw new Error(`job ${definition.name} registered twice`);
    this.registered.set(definition.name, {
      definition: definition as unknown as JobDefinition,
      check: compileCheck(definition.schema),
    });
  }

  names(): string[] {
    return [...this.registered.keys()];
  }

  get(name: string): Registered | undefined {
    return this.registered.get(name);
  }

  /** Returns the new job id, or null when the dedupe key was used already. */
  async enqueue<S extends TSchema>(
    definition: JobDefinition<S> | string,
    payload: Static<S>,
    options: EnqueueOptions = {},
  ): Promise<number | null> {
    const [id] = await this.enqueueMany(definition, [payload], options);
    return id ?? null;
  }

  async enqueueMany<S extends TSchema>(
    definition: JobDefinition<S> | string,
    payloads: Static<S>[],
    options: Omit<EnqueueOptions, 'dedupeKey'> & { dedupeKeys?: string[] } & { dedupeKey?: string } = {},
  ): Promise<number[]> {
    const name = typeof definition === 'string' ? definition : definition.name;
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
        priority: options.priority ?? entry.definition.priority,
        maxAttempts: entry.definition.maxAttempts ?? 5,
        dedupeKey: options.dedupeKeys?.[i] ?? options.dedupeKey,
      })),
    );
    // Same-process workers pick the work up at once (others poll). Inside a transaction the
    // job is visible only after commit; a worker that looks too early simply polls again.
    if (ids.length > 0 && !runAt) this.wake();
    return ids;
  }

  /** Registers (or updates) a cron schedule that enqueues `jobName` with `payload` each slot. */
  async schedule(name: string, cron: string, jobName: string, payload: unknown = {}): Promise<void> {
    if (!this.registered.has(jobName)) throw new Error(`unknown job ${jobName}`);
    await upsertSchedule(this.db, { name, cron, queue: jobName, payload, nextRunAt: nextCronRun(cron, new Date()) });
  }

  onWake(listener: () => void): () => void {
    this.wakeListeners.add(listener);
    return () => this.wakeListeners.delete(listener);
  }

  wake(): void {
    for (const listener of this.wakeListeners) listener();
  }
}
