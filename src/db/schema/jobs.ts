import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { counter, createdAt, timestamptz, updatedAt } from './columns.js';

/**
 * The durable job queue (FOR UPDATE SKIP LOCKED). A row is claimed by setting it `active`
 * with a lease (`locked_until`); a worker that dies loses its lease and the job is claimed again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'active', 'completed', 'failed'] })
      .notNull()
      .default('queued'),
    priority: counter('priority'),
    runAt: timestamptz('run_at').notNull().defaultNow(),
    attempts: counter('attempts'),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamptz('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** Enqueueing twice with the same key while a job is pending is a no-op. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('jobs_ready_idx').on(t.queue, t.priority, t.runAt).where(sql`status = 'queued'`),
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`status = 'active'`),
    index('jobs_finished_idx').on(t.finishedAt).where(sql`status in ('completed', 'failed')`),
    uniqueIndex('jobs_dedupe_idx').on(t.queue, t.dedupeKey),
  ],
);

/** Cron-like schedules: the scheduler turns each due row into one job, exactly once per slot. */
export const schedules = pgTable('schedules', {
  name: text('name').primaryKey(),
  cron: text('cron').notNull(),
  queue: text('queue').notNull(),
  payload: jsonb('payload').notNull().default({}),
  nextRunAt: timestamptz('next_run_at').notNull(),
  lastRunAt: timestamptz('last_run_at'),
});
