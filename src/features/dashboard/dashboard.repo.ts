/**
 * Dashboard reads: sums over the daily rollups only (brand × day × platform × prompt rows, a few
 * thousand for 90 days), never over raw answers, so the cost does not grow with answer volume.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { countsOf, type AnswerCounts } from '../metrics/counts.js';

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const SUMS = sql`sum(answers)::int as answers, sum(mentions)::int as mentions, sum(positives)::int as positives,
  sum(negatives)::int as negatives, sum(rank_sum)::int as rank_sum, sum(rank_count)::int as rank_count,
  sum(sentiment_sum)::float8 as sentiment_sum`;

export async function countsByDay(db: Executor, brandId: string, from: string): Promise<Array<{ day: string; counts: AnswerCounts }>> {
  const result = await db.execute(sql`
    select day::text as day, ${SUMS} from answer_daily_rollups
    where brand_id = ${brandId} and day >= ${from}::date group by day order by day`);
  return rows<Record<string, unknown>>(result).map((r) => ({ day: String(r.day), counts: countsOf(r) }));
}

export async function countsByDayPlatform(
  db: Executor,
  brandId: string,
  from: string,
): Promise<Array<{ day: string; platform: string; counts: AnswerCounts }>> {
  const result = await db.execute(sql`
    select day::text as day, platform, ${SUMS} from answer_daily_rollups
    where brand_id = ${brandId} and day >= ${from}::date group by day, platform order by day`);
  return rows<Record<string, unknown>>(result).map((r) => ({ day: String(r.day), platform: String(r.platform), counts: countsOf(r) }));
}

export async function countsByPlatform(db: Executor, brandId: string, from: string): Promise<Map<string, AnswerCounts>> {
  const result = await db.execute(sql`
    select platform, ${SUMS} from answer_daily_rollups
    where brand_id = ${brandId} and day >= ${from}::date group by platform`);
  return new Map(rows<Record<string, unknown>>(result).map((r) => [String(r.platform), countsOf(r)]));
}

export interface CompetitorCounts {
  platform: string;
  competitor: string;
  mentions: number;
  positives: number;
  negatives: number;
  rankSum: number;
  rankCount: number;
}

export async function competitorCounts(db: Executor, brandId: string, from: string): Promise<CompetitorCounts[]> {
  const result = await db.execute(sql`
    select platform, competitor, sum(mentions)::int as mentions, sum(positives)::int as positives,
      sum(negatives)::int as negatives, sum(rank_sum)::int as rank_sum, sum(rank_count)::int as rank_count
    from competitor_daily_rollups where brand_id = ${brandId} and day >= ${from}::date
    group by platform, competitor`);
  return rows<Record<string, unknown>>(result).map((r) => ({
    platform: String(r.platform),
    competitor: String(r.competitor),
    mentions: Number(r.mentions),
    positives: Number(r.positives),
    negatives: Number(r.negatives),
    rankSum: Number(r.rank_sum),
    rankCount: Number(r.rank_count),
  }));
}

export async function countsByPrompt(
  db: Executor,
  brandId: string,
  from: string,
): Promise<Array<{ promptHash: string; stage: string; lastDay: string; counts: AnswerCounts }>> {
  const result = await db.execute(sql`
    select prompt_hash, max(stage) as stage, max(day)::text as last_day, ${SUMS} from answer_daily_rollups
    where brand_id = ${brandId} and day >= ${from}::date group by prompt_hash`);
  return rows<Record<string, unknown>>(result).map((r) => ({
    promptHash: String(r.prompt_hash),
    stage: String(r.stage),
    lastDay: String(r.last_day),
    counts: countsOf(r),
  }));
}

export async function countsByStage(db: Executor, brandId: string, from: string): Promise<Map<string, AnswerCounts>> {
  const result = await db.execute(sql`
    select stage, ${SUMS} from answer_daily_rollups
    where brand_id = ${brandId} and day >= ${from}::date group by stage`);
  return new Map(rows<Record<string, unknown>>(result).map((r) => [String(r.stage), countsOf(r)]));
}

export async function countsByBrand(db: Executor, accountId: string, from: string): Promise<Map<string, AnswerCounts>> {
  const result = await db.execute(sql`
    select r.brand_id, ${SUMS} from answer_daily_rollups r
    where r.brand_id in (select id from brands where account_id = ${accountId}) and r.day >= ${from}::date
    group by r.brand_id`);
  return new Map(rows<Record<string, unknown>>(result).map((r) => [String(r.brand_id), countsOf(r)]));
}

/** Prompt texts of the account's packs by hash (rollups carry only the hash). */
export async function promptTexts(db: Executor, accountId: string, brandId: string, hashes: readonly string[]): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const result = await db.execute(sql`
    select distinct on (p.prompt_hash) p.prompt_hash, p.text from prompts p
    join prompt_packs k on k.id = p.pack_id
    where k.account_id = ${accountId} and p.prompt_hash = any(${`{${hashes.join(',')}}`}::text[])
    order by p.prompt_hash, p.position`);
  const found = new Map(rows<{ prompt_hash: string; text: string }>(result).map((r) => [r.prompt_hash, r.text]));
  // Prompts of free checks and full queries live in no pack: take the text their answers carry.
  const missing = hashes.filter((h) => !found.has(h));
  if (missing.length > 0) {
    const fallback = await db.execute(sql`
      select h.hash as prompt_hash, a.prompt_text as text from unnest(${`{${missing.join(',')}}`}::text[]) as h(hash)
      cross join lateral (select prompt_text from answers where brand_id = ${brandId} and prompt_hash = h.hash limit 1) a`);
    for (const r of rows<{ prompt_hash: string; text: string }>(fallback)) found.set(r.prompt_hash, r.text);
  }
  return found;
}
