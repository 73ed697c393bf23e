/**
 * Reads of the daily rollups (`answer_daily_rollups`, `competitor_daily_rollups`: brand × day ×
 * platform × prompt rows, a few thousand for 90 days), the read model every report sums instead of
 * raw answers, so its cost does not grow with answer volume. The rows are written by the scans
 * feature in the same statement that stores the answers (answers.repo.ts), so they never disagree
 * with them; everything else reads them here, through rollups.service.ts.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.repo.js';
import { countsOf, type AnswerCounts } from './counts.js';
import { byVersionDesc, type EngineVersionCount } from './engine-versions.js';

const SUMS = sql`sum(answers)::int as answers, sum(mentions)::int as mentions, sum(positives)::int as positives,
  sum(negatives)::int as negatives, sum(rank_sum)::int as rank_sum, sum(rank_count)::int as rank_count,
  sum(sentiment_sum)::float8 as sentiment_sum`;

/** Which prompts a figure is computed on (docs/metrics.md, "Branded and unbranded prompts"). */
export type PromptFilter = 'all' | 'branded' | 'unbranded';

const only = (filter: PromptFilter) =>
  filter === 'all' ? sql`` : filter === 'branded' ? sql` and branded` : sql` and not branded`;

export async function countsByDay(db: Executor, brandId: string, from: string, filter: PromptFilter = 'all'): Promise<Array<{ day: string; counts: AnswerCounts }>> {
  const result = await db.execute(sql`
    select day::text as day, ${SUMS} from answer_daily_rollups
    where brand_id = ${brandId} and day >= ${from}::date${only(filter)} group by day order by day`);
  return rows<Record<string, unknown>>(result).map((r) => ({ day: String(r.day), counts: countsOf(r) }));
}

export async function countsByDayPlatform(
  db: Executor,
  brandId: string,
  from: string, filter: PromptFilter = 'all',
): Promise<Array<{ day: string; platform: string; counts: AnswerCounts }>> {
  const result = await db.execute(sql`
    select day::text as day, platform, ${SUMS} from answer_daily_rollups
    where brand_id = ${brandId} and day >= ${from}::date${only(filter)} group by day, platform order by day`);
  return rows<Record<string, unknown>>(result).map((r) => ({ day: String(r.day), platform: String(r.platform), counts: countsOf(r) }));
}

export async function countsByPlatform(db: Executor, brandId: string, from: string, filter: PromptFilter = 'all'): Promise<Map<string, AnswerCounts>> {
  const result = await db.execute(sql`
    select platform, ${SUMS} from answer_daily_rollups
    where brand_id = ${brandId} and day >= ${from}::date${only(filter)} group by platform`);
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

export async function competitorCounts(db: Executor, brandId: string, from: string, filter: PromptFilter = 'all'): Promise<CompetitorCounts[]> {
  const result = await db.execute(sql`
    select platform, competitor, sum(mentions)::int as mentions, sum(positives)::int as positives,
      sum(negatives)::int as negatives, sum(rank_sum)::int as rank_sum, sum(rank_count)::int as rank_count
    from competitor_daily_rollups where brand_id = ${brandId} and day >= ${from}::date${only(filter)}
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
  from: string, filter: PromptFilter = 'all',
): Promise<Array<{ promptHash: string; stage: string; branded: boolean; lastDay: string; counts: AnswerCounts }>> {
  const result = await db.execute(sql`
    select prompt_hash, max(stage) as stage, bool_or(branded) as branded, max(day)::text as last_day, ${SUMS} from answer_daily_rollups
    where brand_id = ${brandId} and day >= ${from}::date${only(filter)} group by prompt_hash`);
  return rows<Record<string, unknown>>(result).map((r) => ({
    promptHash: String(r.prompt_hash),
    stage: String(r.stage),
    branded: r.branded === true || r.branded === 't',
    lastDay: String(r.last_day),
    counts: countsOf(r),
  }));
}

export async function countsByStage(db: Executor, brandId: string, from: string, filter: PromptFilter = 'all'): Promise<Map<string, AnswerCounts>> {
  const result = await db.execute(sql`
    select stage, ${SUMS} from answer_daily_rollups
    where brand_id = ${brandId} and day >= ${from}::date${only(filter)} group by stage`);
  return new Map(rows<Record<string, unknown>>(result).map((r) => [String(r.stage), countsOf(r)]));
}

export async function countsByBrand(db: Executor, accountId: string, from: string): Promise<Map<string, AnswerCounts>> {
  const result = await db.execute(sql`
    select r.brand_id, ${SUMS} from answer_daily_rollups r
    where r.brand_id in (select id from brands where account_id = ${accountId}) and r.day >= ${from}::date
    group by r.brand_id`);
  return new Map(rows<Record<string, unknown>>(result).map((r) => [String(r.brand_id), countsOf(r)]));
}

export async function promptDayCounts(
  db: Executor,
  brandId: string,
  from: string,
): Promise<Array<{ promptHash: string; platform: string; day: string; answers: number; mentions: number }>> {
  const result = await db.execute(sql`
    select prompt_hash, platform, day::text as day, answers, mentions from answer_daily_rollups
    where brand_id = ${brandId} and day >= ${from}::date`);
  return rows<Record<string, unknown>>(result).map((r) => ({
    promptHash: String(r.prompt_hash),
    platform: String(r.platform),
    day: String(r.day),
    answers: Number(r.answers),
    mentions: Number(r.mentions),
  }));
}

const HEADLINE_SUMS = sql`${SUMS}, sum(rank_sq_sum)::int as rank_sq_sum, sum(rank_1)::int as rank_1, sum(rank_2)::int as rank_2,
  sum(rank_3)::int as rank_3, sum(rank_4_5)::int as rank_4_5, sum(rank_6_plus)::int as rank_6_plus`;

/**
 * Sums per day and branded/unbranded from `prevFrom` on (the current and the previous window):
 * one scan of the rollups gives both windows' figures and the days that had answers.
 */
export async function headlineCounts(db: Executor, brandId: string, prevFrom: string) {
  const result = await db.execute(sql`
    select day::text as day, branded, ${HEADLINE_SUMS}
    from answer_daily_rollups where brand_id = ${brandId} and day >= ${prevFrom}::date
    group by day, branded`);
  return rows<Record<string, unknown>>(result).map((r) => ({
    day: String(r.day),
    branded: r.branded === true || r.branded === 't',
    counts: {
      ...countsOf(r),
      rankSqSum: Number(r.rank_sq_sum ?? 0),
      rank1: Number(r.rank_1 ?? 0),
      rank2: Number(r.rank_2 ?? 0),
      rank3: Number(r.rank_3 ?? 0),
      rank4to5: Number(r.rank_4_5 ?? 0),
      rank6plus: Number(r.rank_6_plus ?? 0),
    },
  }));
}

/** Competitor mentions of both windows on unbranded prompts, per competitor. */
export async function headlineCompetitorMentions(db: Executor, brandId: string, prevFrom: string, from: string) {
  const result = await db.execute(sql`
    select (day >= ${from}::date) as current, competitor, sum(mentions)::int as mentions
    from competitor_daily_rollups where brand_id = ${brandId} and day >= ${prevFrom}::date and not branded
    group by 1, 2`);
  return rows<Record<string, unknown>>(result).map((r) => ({
    current: r.current === true || r.current === 't',
    competitor: String(r.competitor),
    mentions: Number(r.mentions),
  }));
}

const toVersions = (result: unknown): EngineVersionCount[] =>
  rows<{ engine_version: string; answers: number | string }>(result)
    .map((r) => ({ version: String(r.engine_version), answers: Number(r.answers) }))
    .filter((v) => v.answers > 0)
    .sort(byVersionDesc);

/** Answers of the brand's window per analysis engine version (answer_engine_daily_rollups). */
export async function engineVersions(db: Executor, brandId: string, from: string, filter: PromptFilter = 'all'): Promise<EngineVersionCount[]> {
  const result = await db.execute(sql`
    select engine_version, sum(answers)::int as answers from answer_engine_daily_rollups
    where brand_id = ${brandId} and day >= ${from}::date${only(filter)} group by engine_version`);
  return toVersions(result);
}

/** The same over every brand of the account (brand comparison). */
export async function engineVersionsByAccount(db: Executor, accountId: string, from: string): Promise<EngineVersionCount[]> {
  const result = await db.execute(sql`
    select engine_version, sum(answers)::int as answers from answer_engine_daily_rollups
    where brand_id in (select id from brands where account_id = ${accountId}) and day >= ${from}::date
    group by engine_version`);
  return toVersions(result);
}
