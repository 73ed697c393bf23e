/** SQL of monitoring: cadence claims, processed-run marks, competitor gap and platform strength state. */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.repo.js';
import type { Tier } from '../../db/schema/identity.js';
import { competitorGaps, monitorSchedule, platformStrength, platformThrottles, processedRuns } from '../../db/schema/intelligence.js';

/** Brands whose next monitoring pass is due (never monitored first), with the account tier. */
export async function dueBrands(db: Executor, now: Date, limit: number): Promise<Array<{ brandId: string; accountId: string; tier: Tier }>> {
  const result = await db.execute(sql`
    select b.id as brand_id, b.account_id, a.tier from brands b
    join accounts a on a.id = b.account_id
    left join monitor_schedule m on m.brand_id = b.id
    where m.next_due_at is null or m.next_due_at <= ${now}
    order by m.next_due_at nulls first, b.created_at limit ${limit}`);
  return rows<{ brand_id: string; account_id: string; tier: Tier }>(result).map((r) => ({ brandId: r.brand_id, accountId: r.account_id, tier: r.tier }));
}

/** Claims the brand's due slot (one scheduler wins); false when another one claimed it first. */
export async function claimSlot(db: Executor, brandId: string, now: Date, nextDueAt: Date): Promise<boolean> {
  const result = await db.execute(sql`
    insert into monitor_schedule (brand_id, last_enqueued_at, next_due_at) values (${brandId}, ${now}, ${nextDueAt})
    on conflict (brand_id) do update set last_enqueued_at = excluded.last_enqueued_at, next_due_at = excluded.next_due_at
    where monitor_schedule.next_due_at <= ${now}
    returning brand_id`);
  return rows(result).length > 0;
}

export async function recordSlotRun(db: Executor, brandId: string, runId: string | null, nextDueAt?: Date): Promise<void> {
  await db
    .update(monitorSchedule)
    .set({ lastRunId: runId, ...(nextDueAt ? { nextDueAt } : {}) })
    .where(eq(monitorSchedule.brandId, brandId));
}

/** Finished runs of brands (last 2 days) whose after-run hooks have not been applied. */
export async function unprocessedRuns(db: Executor, since: Date, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    select r.id from scan_runs r
    where r.completed_at >= ${since} and r.brand_id is not null and r.account_id is not null
      and r.status in ('completed', 'partial')
      and not exists (select 1 from processed_runs p where p.run_id = r.id)
    order by r.completed_at limit ${limit}`);
  return rows<{ id: string }>(result).map((r) => r.id);
}

export async function markProcessed(db: Executor, runId: string): Promise<void> {
  await db.insert(processedRuns).values({ runId }).onConflictDoNothing();
}

export async function gapState(db: Executor, brandId: string): Promise<Map<string, boolean>> {
  const found = await db.select().from(competitorGaps).where(eq(competitorGaps.brandId, brandId));
  return new Map(found.map((g) => [`${g.platform}|${g.competitor}`, g.ahead]));
}

export async function setGap(db: Executor, brandId: string, platform: string, competitor: string, ahead: boolean, at: Date): Promise<void> {
  await db
    .insert(competitorGaps)
    .values({ brandId, platform, competitor, ahead, updatedAt: at })
    .onConflictDoUpdate({ target: [competitorGaps.brandId, competitorGaps.platform, competitorGaps.competitor], set: { ahead, updatedAt: at } });
}

export async function strength(db: Executor, brandId: string): Promise<Map<string, number>> {
  const found = await db.select().from(platformStrength).where(eq(platformStrength.brandId, brandId));
  return new Map(found.map((s) => [s.platform, s.rate]));
}

export async function setStrength(db: Executor, brandId: string, platform: string, rate: number, at: Date): Promise<void> {
  await db
    .insert(platformStrength)
    .values({ brandId, platform, rate, observedAt: at })
    .onConflictDoUpdate({ target: [platformStrength.brandId, platformStrength.platform], set: { rate, observedAt: at } });
}


export interface ThrottleRow {
  platform: string;
  level: number;
  reason: string;
  since: Date;
}

/** The platforms an account monitors at a slower cadence. */
export async function throttles(db: Executor, accountId: string): Promise<ThrottleRow[]> {
  return db
    .select({ platform: platformThrottles.platform, level: platformThrottles.level, reason: platformThrottles.reason, since: platformThrottles.since })
    .from(platformThrottles)
    .where(eq(platformThrottles.accountId, accountId));
}

/** Records a platform's throttle state for an account (level 0 removes the row). */
export async function setThrottle(db: Executor, accountId: string, platform: string, state: { level: number; reason: string | null; since: Date | null }): Promise<void> {
  if (state.level === 0 || !state.reason || !state.since) {
    await db.delete(platformThrottles).where(and(eq(platformThrottles.accountId, accountId), eq(platformThrottles.platform, platform)));
    return;
  }
  const set = { level: state.level, reason: state.reason, since: state.since };
  await db
    .insert(platformThrottles)
    .values({ accountId, platform, ...set })
    .onConflictDoUpdate({ target: [platformThrottles.accountId, platformThrottles.platform], set });
}

/** How many accounts monitor each platform at a slower cadence (for /api/status: no tenant named). */
export async function throttledAccountCounts(db: Executor): Promise<Map<string, number>> {
  const result = await db.execute(sql`select platform, count(*)::int as n from platform_throttles group by platform`);
  return new Map(rows<{ platform: string; n: number }>(result).map((r) => [r.platform, Number(r.n)]));
}
