/** All SQL of scan runs. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { findOwned, rows } from '../../db/rows.repo.js';
import { scanRuns } from '../../db/schema/scanning.js';

export type RunRow = typeof scanRuns.$inferSelect;

export type NewRun = typeof scanRuns.$inferInsert;

/**
 * Inserts a run; with an idempotency key already used by the account, inserts nothing and
 * returns undefined (a concurrent twin waits on the unique index and then sees the winner's row).
 */
export async function insertRun(db: Executor, run: NewRun): Promise<RunRow | undefined> {
  const values = { ...run, startedAt: run.status === 'running' ? new Date() : null };
  if (run.idempotencyKey) {
    const [row] = await db.insert(scanRuns).values(values).onConflictDoNothing().returning();
    return row;
  }
  const [row] = await db.insert(scanRuns).values(values).returning();
  return row;
}

export async function findRun(db: Executor, runId: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(scanRuns).where(eq(scanRuns.id, runId));
  return row;
}

export const findAccountRun = (db: Executor, accountId: string, runId: string) => findOwned(db, scanRuns, accountId, runId);

export async function findByIdempotencyKey(db: Executor, accountId: string, key: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(scanRuns).where(and(eq(scanRuns.accountId, accountId), eq(scanRuns.idempotencyKey, key)));
  return row;
}

/** The immutable part of a run a task needs (cached per process by the service). */
export async function runContext(db: Executor, runId: string) {
  const [row] = await db
    .select({ id: scanRuns.id, accountId: scanRuns.accountId, brandId: scanRuns.brandId, kind: scanRuns.kind, status: scanRuns.status, brand: scanRuns.brand })
    .from(scanRuns)
    .where(eq(scanRuns.id, runId));
  return row;
}

/** queued → running, once; a no-op (and no lock) for a run already past queued. */
export async function markRunning(db: Executor, runId: string): Promise<void> {
  await db.execute(sql`update scan_runs set status = 'running', started_at = now() where id = ${runId} and status = 'queued'`);
}

/**
 * Finishes the run when every task has its answer row (success or failure), counting everything
 * from the answers themselves. Returns the finished run to the one caller that finished it and
 * undefined to everybody else (not all tasks done yet, or finished already).
 *
 * Status: completed = every task answered; partial = some failed, at least one answered;
 * failed = none answered. Charged: nothing for a failed run or an anonymous one; otherwise the
 * scan fee prorated by the share of answered tasks, plus the platform cost of the answers seen.
 */
export async function finishRunIfDone(db: Executor, runId: string, scanFeeUsd: number): Promise<RunRow | undefined> {
  const result = await db.execute(sql`
    with stats as (
      select count(*) filter (where error_kind is null)::int as ok,
             count(*) filter (where error_kind is not null)::int as failed,
             count(*) filter (where mentioned)::int as mentioned,
             coalesce(sum(total_tokens), 0)::int as tokens,
             coalesce(sum(cost_usd), 0)::numeric as cost
      from answers where run_id = ${runId}
    )
    update scan_runs r set
      status = case when stats.ok = 0 then 'failed' when stats.failed > 0 then 'partial' else 'completed' end,
      tasks_succeeded = stats.ok,
      tasks_failed = stats.failed,
      answers_mentioned = stats.mentioned,
      tokens_total = stats.tokens,
      cost_usd = stats.cost,
      charged_usd = case when r.account_id is null or stats.ok = 0 then 0
                         else round(${scanFeeUsd}::numeric * stats.ok / greatest(r.tasks_total, 1) + stats.cost, 6) end,
      started_at = coalesce(r.started_at, now()),
      completed_at = now()
    from stats
    where r.id = ${runId} and r.status in ('queued', 'running') and stats.ok + stats.failed >= r.tasks_total
    returning r.id`);
  const id = rows<{ id: string }>(result)[0]?.id;
  return id ? findRun(db, id) : undefined;
}

/** The brand's latest finished run that saw something (brand detail's lastScan). */
export async function lastFinishedRun(db: Executor, brandId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(scanRuns)
    .where(and(eq(scanRuns.brandId, brandId), inArray(scanRuns.status, ['completed', 'partial'])))
    .orderBy(desc(scanRuns.completedAt))
    .limit(1);
  return row;
}

/** The brand's finished runs per UTC day since `from` (YYYY-MM-DD): the trend chart's run markers. */
export async function finishedRunsByDay(db: Executor, brandId: string, from: string): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select (completed_at at time zone 'UTC')::date::text as day, count(*)::int as runs
    from scan_runs
    where brand_id = ${brandId} and status in ('completed', 'partial') and completed_at >= ${from}::date
    group by 1`);
  return new Map(rows<{ day: string; runs: number }>(result).map((r) => [r.day, Number(r.runs)]));
}

/** Median latency of each platform's last `sample` successful answers (completion estimates). */
export async function recentLatencies(db: Executor, platforms: string[], sample: number): Promise<Map<string, number>> {
  if (platforms.length === 0) return new Map();
  const result = await db.execute(sql`
    select p.platform, (select percentile_cont(0.5) within group (order by x.latency_ms)
                        from (select latency_ms from answers a
                              where a.platform = p.platform and a.error_kind is null
                              order by a.created_at desc limit ${sample}) x) as p50
    from unnest(${`{${platforms.join(',')}}`}::text[]) as p(platform)`);
  const out = new Map<string, number>();
  for (const r of rows<{ platform: string; p50: number | string | null }>(result)) {
    if (r.p50 !== null) out.set(r.platform, Number(r.p50));
  }
  return out;
}

/** Scan-task jobs waiting or running, per platform (the queue ahead of a new probe). */
export async function pendingTasksByPlatform(db: Executor, queue: string): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select payload->>'platform' as platform, count(*)::int as n from jobs
    where queue = ${queue} and status in ('queued', 'active') group by 1`);
  return new Map(rows<{ platform: string; n: number }>(result).map((r) => [r.platform, Number(r.n)]));
}
