import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    priority: integer('priority').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** Enqueueing twice with the same key while a job is pending is a no-op. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
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
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});
