/** All SQL of the job queue. Works unchanged on PGlite and PostgreSQL. */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rows } from '../db/rows.repo.js';

export interface JobRow {
  id: number;
  queue: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
}

export interface EnqueueRow {
  queue: string;
  payload: unknown;
  runAt?: Date | undefined;
  priority?: number | undefined;
  maxAttempts: number;
  dedupeKey?: string | undefined;
}

/** A claim older than this when the server runs it takes only queued jobs, never lapsed leases. */
export const STALE_CLAIM_MS = 2_000;

function toJob(r: Record<string, unknown>): JobRow {
  return {
    id: Number(r.id),
    queue: String(r.queue),
    payload: r.payload,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    runAt: new Date(r.run_at as string),
  };
}

/** Inserts jobs; a row whose (queue, dedupe key) exists already is skipped. Returns new ids. */
export async function insertJobs(db: Executor, jobs: EnqueueRow[]): Promise<number[]> {
  if (jobs.length === 0) return [];
  const values = jobs.map(
    (j) =>
      sql`(${j.queue}, ${JSON.stringify(j.payload)}::jsonb, ${(j.runAt ?? new Date()).toISOString()}::timestamptz, ${j.priority ?? 0}, ${j.maxAttempts}, ${j.dedupeKey ?? null})`,
  );
  const result = await db.execute(sql`
    insert into jobs (queue, payload, run_at, priority, max_attempts, dedupe_key)
    values ${sql.join(values, sql`, `)}
    on conflict (queue, dedupe_key) do nothing
    returning id`);
  return rows<{ id: string | number }>(result).map((r) => Number(r.id));
}

/**
 * Leases up to `limit` due jobs of the given queues to `workerId` for `leaseMs`. Also re-leases
 * jobs whose lease ran out (their worker died) while they have attempts left, unless
 * `takeLapsed` is false: just after a database outage every lease may have lapsed while its
 * worker is alive and about to renew it, and taking those over would run their work twice.
 * For the same reason a claim statement that reaches the server late (it sat in a stalled
 * connection) takes no lapsed lease: `sentAt` is compared with the server's clock, within
 * STALE_CLAIM_MS (clocks are expected within a second of each other; docs/operations.md).
 */
export async function claimJobs(
  db: Executor,
  queues: string[],
  limit: number,
  workerId: string,
  leaseMs: number,
  takeLapsed = true,
  sentAt: Date = new Date(),
): Promise<JobRow[]> {
  const result = await db.execute(sql`
    with next as (
      select id from jobs
      where queue in (${sql.join(queues.map((q) => sql`${q}`), sql`, `)})
        and ((status = 'queued' and run_at <= now())
          or (${takeLapsed} and ${sentAt.toISOString()}::timestamptz > now() - ${STALE_CLAIM_MS} * interval '1 millisecond'
              and status = 'active' and locked_until < now() and attempts < max_attempts))
      order by priority desc, run_at, id
      limit ${limit}
      for update skip locked
    )
    update jobs j
    set status = 'active', attempts = j.attempts + 1, locked_by = ${workerId},
        locked_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
    from next where j.id = next.id
    returning j.id, j.queue, j.payload, j.attempts, j.max_attempts, j.run_at`);
  return rows<Record<string, unknown>>(result).map(toJob);
}

/** The (id, attempt) pair fences a worker whose lease was lost: its late writes change nothing. */
export async function completeJob(db: Executor, id: number, attempt: number): Promise<boolean> {
  const result = await db.execute(sql`
    update jobs set status = 'completed', finished_at = now(), locked_until = null, updated_at = now()
    where id = ${id} and attempts = ${attempt} and status = 'active'
    returning id`);
  return rows(result).length === 1;
}

/** completeJob for many jobs in one statement (the worker batches completions); returns the ids completed. */
export async function completeJobs(db: Executor, jobs: ReadonlyArray<{ id: number; attempt: number }>): Promise<Set<number>> {
  if (jobs.length === 0) return new Set();
  const result = await db.execute(sql`
    update jobs j set status = 'completed', finished_at = now(), locked_until = null, updated_at = now()
    from (values ${idAttemptValues(jobs)}) as done(id, attempts)
    where j.id = done.id and j.attempts = done.attempts and j.status = 'active'
    returning j.id`);
  return new Set(rows<{ id: string | number }>(result).map((r) => Number(r.id)));
}

export async function retryJob(db: Executor, id: number, attempt: number, delayMs: number, error: string) {
  await db.execute(sql`
    update jobs set status = 'queued', run_at = now() + ${delayMs} * interval '1 millisecond',
      locked_until = null, locked_by = null, last_error = ${error}, updated_at = now()
    where id = ${id} and attempts = ${attempt} and status = 'active'`);
}

/**
 * Leases, for leaseMs, active jobs whose lease ran out on their last attempt: the claim above
 * skips them (their work may be what kills workers), so housekeeping ends them instead.
 */
export async function leaseAbandonedJobs(db: Executor, limit: number, holder: string, leaseMs: number): Promise<JobRow[]> {
  const result = await db.execute(sql`
    with lost as (
      select id from jobs
      where status = 'active' and locked_until < now() and attempts >= max_attempts
      order by id
      limit ${limit}
      for update skip locked
    )
    update jobs j
    set locked_by = ${holder}, locked_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
    from lost where j.id = lost.id
    returning j.id, j.queue, j.payload, j.attempts, j.max_attempts, j.run_at`);
  return rows<Record<string, unknown>>(result).map(toJob);
}

export async function failJob(db: Executor, id: number, attempt: number, error: string) {
  await db.execute(sql`
    update jobs set status = 'failed', finished_at = now(), locked_until = null,
      last_error = ${error}, updated_at = now()
    where id = ${id} and attempts = ${attempt} and status = 'active'`);
}

const idAttemptValues = (jobs: ReadonlyArray<{ id: number; attempt: number }>) =>
  sql.join(jobs.map((j) => sql`(${j.id}::bigint, ${j.attempt}::int)`), sql`, `);

/**
 * Renews the leases of every job a worker holds, in one statement; returns the ids renewed. A job
 * missing from the answer is no longer this worker's (another took it over after its lease ran
 * out, or it finished): the worker stops it. A lapsed lease nobody took over is renewed.
 */
export async function extendLeases(db: Executor, jobs: ReadonlyArray<{ id: number; attempt: number }>, leaseMs: number): Promise<Set<number>> {
  if (jobs.length === 0) return new Set();
  const result = await db.execute(sql`
    update jobs j set locked_until = now() + ${leaseMs} * interval '1 millisecond'
    from (values ${idAttemptValues(jobs)}) as held(id, attempts)
    where j.id = held.id and j.attempts = held.attempts and j.status = 'active'
    returning j.id`);
  return new Set(rows<{ id: string | number }>(result).map((r) => Number(r.id)));
}

/**
 * Hands jobs back to the queue at shutdown, due now, without spending an attempt: max_attempts
 * grows by one instead of attempts shrinking, so attempt numbers stay unique and a handler still
 * finishing after the release cannot complete the next run's attempt (fencing).
 */
export async function releaseJobs(db: Executor, jobs: ReadonlyArray<{ id: number; attempt: number }>): Promise<number> {
  if (jobs.length === 0) return 0;
  const result = await db.execute(sql`
    update jobs j set status = 'queued', run_at = now(), locked_until = null, locked_by = null,
      max_attempts = j.max_attempts + 1, updated_at = now()
    from (values ${idAttemptValues(jobs)}) as held(id, attempts)
    where j.id = held.id and j.attempts = held.attempts and j.status = 'active'
    returning j.id`);
  return rows(result).length;
}

export async function extendLease(db: Executor, id: number, attempt: number, leaseMs: number) {
  await db.execute(sql`
    update jobs set locked_until = now() + ${leaseMs} * interval '1 millisecond'
    where id = ${id} and attempts = ${attempt} and status = 'active'`);
}

/** Finished jobs are kept for a while for inspection, then removed. */
export async function deleteFinishedJobs(db: Executor, olderThanMs: number): Promise<number> {
  const result = await db.execute(sql`
    delete from jobs where status in ('completed', 'failed')
      and finished_at < now() - ${olderThanMs} * interval '1 millisecond'
    returning id`);
  return rows(result).length;
}

export interface JobState {
  id: number;
  queue: string;
  status: string;
  attempts: number;
  lastError: string | null;
  runAt: Date;
}

export async function getJob(db: Executor, id: number): Promise<JobState | undefined> {
  const result = await db.execute(sql`
    select id, queue, status, attempts, last_error, run_at from jobs where id = ${id}`);
  const r = rows<Record<string, unknown>>(result)[0];
  if (!r) return undefined;
  return {
    id: Number(r.id),
    queue: String(r.queue),
    status: String(r.status),
    attempts: Number(r.attempts),
    lastError: (r.last_error as string | null) ?? null,
    runAt: new Date(r.run_at as string),
  };
}

export async function countJobs(db: Executor): Promise<Record<string, number>> {
  const result = await db.execute(sql`select status, count(*)::int as n from jobs group by status`);
  return Object.fromEntries(rows<{ status: string; n: number }>(result).map((r) => [r.status, Number(r.n)]));
}

export interface QueueStats {
  queue: string;
  ready: number;
  scheduled: number;
  running: number;
  /** Seconds the oldest due job has waited (0 when none is due). */
  oldestReadyAgeSeconds: number;
}

/** Per job type: due, delayed and leased jobs, and the oldest due job's wait (GET /metrics). */
export async function queueStats(db: Executor): Promise<QueueStats[]> {
  const result = await db.execute(sql`
    select queue,
           count(*) filter (where status = 'queued' and run_at <= now()) as ready,
           count(*) filter (where status = 'queued' and run_at > now()) as scheduled,
           count(*) filter (where status = 'active') as running,
           coalesce(extract(epoch from now() - min(run_at) filter (where status = 'queued' and run_at <= now())), 0) as oldest
    from jobs where status in ('queued', 'active') group by queue`);
  return rows<Record<string, unknown>>(result).map((r) => ({
    queue: String(r.queue),
    ready: Number(r.ready),
    scheduled: Number(r.scheduled),
    running: Number(r.running),
    oldestReadyAgeSeconds: Number(r.oldest),
  }));
}
