/**
 * Storing answers: one SQL statement per batch writes the answers, their citations, competitor
 * mentions and both daily rollups. One statement is one transaction and one round trip, and
 * because everything downstream reads `ins` (the rows actually inserted), a task stored twice
 * (a retried job) adds no citation, mention or rollup count the second time.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.repo.js';
import { answers, type AidaStage, type PromptIntent, type PromptLocale } from '../../db/schema/scanning.js';

export type AnswerRow = typeof answers.$inferSelect;

export interface CitationInput {
  /** As written in the answer. */
  url: string;
  /** The grouping key (one row per key per answer). */
  normalizedUrl: string;
  domain: string;
  context: string;
  source: string;
}

export interface CompetitorInput {
  name: string;
  position: number | null;
  rank: number | null;
  sentimentLabel: string | null;
  sentimentScore: number | null;
  mentionCount: number;
}

/** What an answer row keeps of the brand's analysis (null on a failed task's row). */
export interface BrandMentionColumns {
  mentioned: boolean | null;
  position: number | null;
  rank: number | null;
  sentimentLabel: string | null;
  sentimentScore: number | null;
  mentionCount: number | null;
}

export interface AnswerInput extends BrandMentionColumns {
  runId: string;
  brandId: string | null;
  accountId: string | null;
  platform: string;
  model: string;
  promptId: string | null;
  promptText: string;
  promptHash: string;
  stage: AidaStage;
  intent: PromptIntent;
  locale: PromptLocale;
  rawText: string | null;
  latencyMs: number | null;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  costUsd: number;
  simulated: boolean;
  errorKind: string | null;
  errorMessage: string | null;
  analysis: unknown;
  /** The platform's own citation list (null for a failed task). */
  platformCitations?: string[] | null | undefined;
  /** The question names the brand or a tracked competitor (prompts/tagging.ts); default false. */
  branded?: boolean | undefined;
  citations: CitationInput[];
  /** Mentioned competitors only. */
  competitors: CompetitorInput[];
}

/** The engine version an analysis records (AnswerAnalysis.engineVersion); '1.0.0' for one that records none. */
export function engineVersionOf(analysis: unknown): string | null {
  if (analysis === null || analysis === undefined) return null;
  const version = (analysis as { engineVersion?: unknown }).engineVersion;
  return typeof version === 'string' && version.length > 0 ? version : '1.0.0';
}

function toRecord(a: AnswerInput) {
  return {
    run_id: a.runId,
    brand_id: a.brandId,
    account_id: a.accountId,
    platform: a.platform,
    model: a.model,
    prompt_id: a.promptId,
    prompt_text: a.promptText,
    prompt_hash: a.promptHash,
    stage: a.stage,
    intent: a.intent,
    locale: a.locale,
    raw_text: a.rawText,
    latency_ms: a.latencyMs === null ? null : Math.round(a.latencyMs),
    prompt_tokens: a.promptTokens,
    completion_tokens: a.completionTokens,
    total_tokens: a.totalTokens,
    cost_usd: a.costUsd,
    simulated: a.simulated,
    error_kind: a.errorKind,
    error_message: a.errorMessage,
    analysis: a.analysis ?? null,
    engine_version: engineVersionOf(a.analysis),
    platform_citations: a.platformCitations ?? null,
    mentioned: a.mentioned,
    position: a.position,
    rank: a.rank,
    sentiment_label: a.sentimentLabel,
    sentiment_score: a.sentimentScore,
    mention_count: a.mentionCount,
    branded: a.branded ?? false,
    citations: a.citations.map((c) => ({ url: c.url, normalized_url: c.normalizedUrl, domain: c.domain, context: c.context, source: c.source })),
    competitors: a.competitors.map((c) => ({
      name: c.name,
      position: c.position,
      rank: c.rank,
      sentiment_label: c.sentimentLabel,
      sentiment_score: c.sentimentScore,
      mention_count: c.mentionCount,
    })),
  };
}

/**
 * Returns how many answers were new (0 for a task stored already) and the runs of the batch whose
 * every task now has its row and that are not finished yet (the caller finishes them). A run whose
 * count was complete before (a retried job after a crash between storing and finishing) is
 * reported again, so it cannot stay unfinished.
 */
export async function insertAnswers(db: Executor, batch: AnswerInput[]): Promise<{ inserted: number; readyRunIds: string[] }> {
  if (batch.length === 0) return { inserted: 0, readyRunIds: [] };
  // Strip NULs: Postgres text cannot hold U+0000, and an upstream answer may contain it.
  const payload = JSON.stringify(batch.map(toRecord)).replace(/\\u0000/g, '');
  const result = await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${payload}::jsonb) as x(
        run_id uuid, brand_id uuid, account_id uuid, platform text, model text, prompt_id uuid,
        prompt_text text, prompt_hash text, stage text, intent text, locale text, raw_text text,
        latency_ms int, prompt_tokens int, completion_tokens int, total_tokens int, cost_usd numeric,
        simulated boolean, error_kind text, error_message text, analysis jsonb, engine_version text,
        platform_citations jsonb, mentioned boolean,
        position int, rank int, sentiment_label text, sentiment_score real, mention_count int,
        branded boolean, citations jsonb, competitors jsonb)
    ),
    ins as (
      insert into answers (run_id, brand_id, account_id, platform, model, prompt_id, prompt_text, prompt_hash,
        stage, intent, locale, raw_text, latency_ms, prompt_tokens, completion_tokens, total_tokens, cost_usd,
        simulated, error_kind, error_message, analysis, engine_version, platform_citations, mentioned, position,
        rank, sentiment_label, sentiment_score, mention_count, branded)
      select run_id, brand_id, account_id, platform, model, prompt_id, prompt_text, prompt_hash,
        stage, intent, locale, raw_text, latency_ms, prompt_tokens, completion_tokens, total_tokens, cost_usd,
        simulated, error_kind, error_message, analysis, engine_version, platform_citations, mentioned, position,
        rank, sentiment_label, sentiment_score, mention_count, coalesce(branded, false)
      from input
      on conflict (run_id, platform, prompt_hash) do nothing
      returning id, run_id, brand_id, platform, prompt_hash, stage, branded, error_kind, engine_version, mentioned, rank,
        sentiment_label, sentiment_score, (created_at at time zone 'UTC')::date as day, created_at
    ),
    j as (
      select ins.*, input.citations, input.competitors
      from ins join input on input.run_id = ins.run_id and input.platform = ins.platform and input.prompt_hash = ins.prompt_hash
    ),
    cit as (
      insert into answer_citations (answer_id, run_id, brand_id, platform, prompt_hash, url, normalized_url, domain, context, source, created_at)
      select j.id, j.run_id, j.brand_id, j.platform, j.prompt_hash, c.url, coalesce(c.normalized_url, c.url), c.domain,
        coalesce(c.context, ''), c.source, j.created_at
      from j cross join lateral jsonb_to_recordset(j.citations) as c(url text, normalized_url text, domain text, context text, source text)
      on conflict do nothing
    ),
    comp as (
      insert into competitor_mentions (answer_id, competitor, run_id, brand_id, platform, position, rank,
        sentiment_label, sentiment_score, mention_count, created_at)
      select j.id, c.name, j.run_id, j.brand_id, j.platform, c.position, c.rank, c.sentiment_label, c.sentiment_score,
        c.mention_count, j.created_at
      from j cross join lateral jsonb_to_recordset(j.competitors) as c(name text, position int, rank int,
        sentiment_label text, sentiment_score real, mention_count int)
      on conflict do nothing
    ),
    roll as (
      insert into answer_daily_rollups as r (brand_id, day, platform, prompt_hash, stage, branded, answers, mentions,
        positives, negatives, rank_sum, rank_count, rank_sq_sum, rank_1, rank_2, rank_3, rank_4_5, rank_6_plus, sentiment_sum)
      select brand_id, day, platform, prompt_hash, max(stage), bool_or(branded), count(*),
        count(*) filter (where mentioned),
        count(*) filter (where mentioned and sentiment_label = 'positive'),
        count(*) filter (where mentioned and sentiment_label = 'negative'),
        coalesce(sum(rank), 0), count(rank), coalesce(sum(rank * rank), 0),
        count(*) filter (where rank = 1), count(*) filter (where rank = 2), count(*) filter (where rank = 3),
        count(*) filter (where rank between 4 and 5), count(*) filter (where rank >= 6),
        coalesce(sum(sentiment_score) filter (where mentioned), 0)
      from j where brand_id is not null and error_kind is null
      group by brand_id, day, platform, prompt_hash
      on conflict (brand_id, day, platform, prompt_hash) do update set
        answers = r.answers + excluded.answers, mentions = r.mentions + excluded.mentions,
        positives = r.positives + excluded.positives, negatives = r.negatives + excluded.negatives,
        rank_sum = r.rank_sum + excluded.rank_sum, rank_count = r.rank_count + excluded.rank_count,
        rank_sq_sum = r.rank_sq_sum + excluded.rank_sq_sum, rank_1 = r.rank_1 + excluded.rank_1,
        rank_2 = r.rank_2 + excluded.rank_2, rank_3 = r.rank_3 + excluded.rank_3,
        rank_4_5 = r.rank_4_5 + excluded.rank_4_5, rank_6_plus = r.rank_6_plus + excluded.rank_6_plus,
        sentiment_sum = r.sentiment_sum + excluded.sentiment_sum, branded = excluded.branded
    ),
    eroll as (
      insert into answer_engine_daily_rollups as r (brand_id, day, engine_version, branded, answers)
      select brand_id, day, engine_version, branded, count(*)
      from j where brand_id is not null and error_kind is null and engine_version is not null
      group by brand_id, day, engine_version, branded
      on conflict (brand_id, day, engine_version, branded) do update set answers = r.answers + excluded.answers
    ),
    croll as (
      insert into competitor_daily_rollups as r (brand_id, day, platform, competitor, branded, mentions, positives,
        negatives, rank_sum, rank_count)
      select j.brand_id, j.day, j.platform, c.name, j.branded, count(*),
        count(*) filter (where c.sentiment_label = 'positive'), count(*) filter (where c.sentiment_label = 'negative'),
        coalesce(sum(c.rank), 0), count(c.rank)
      from j cross join lateral jsonb_to_recordset(j.competitors) as c(name text, rank int, sentiment_label text)
      where j.brand_id is not null and j.error_kind is null
      group by j.brand_id, j.day, j.platform, c.name, j.branded
      on conflict (brand_id, day, platform, competitor, branded) do update set
        mentions = r.mentions + excluded.mentions, positives = r.positives + excluded.positives,
        negatives = r.negatives + excluded.negatives, rank_sum = r.rank_sum + excluded.rank_sum,
        rank_count = r.rank_count + excluded.rank_count
    ),
    counted as (
      update scan_runs r set tasks_done = r.tasks_done + n.added
      from (select run_id, count(*)::int as added from ins group by run_id) as n
      where r.id = n.run_id
      returning r.id, r.tasks_done, r.tasks_total, r.status
    ),
    ready as (
      select id from counted where tasks_done >= tasks_total and status in ('queued', 'running')
      union
      select r.id from scan_runs r
      where r.id in (select distinct run_id from input) and r.id not in (select id from counted)
        and r.tasks_done >= r.tasks_total and r.status in ('queued', 'running')
    )
    select (select count(*)::int from ins) as n, coalesce((select array_agg(id::text) from ready), '{}') as ready`);
  const row = rows<{ n: number; ready: string[] | string }>(result)[0];
  const ready = row?.ready ?? [];
  // node-postgres parses text[] into an array; PGlite may hand back the literal.
  const readyRunIds = Array.isArray(ready) ? ready : ready.replace(/^\{|\}$/g, '').split(',').filter((x) => x !== '');
  return { inserted: Number(row?.n ?? 0), readyRunIds };
}

/** Whether a task of a run has its answer stored already (the unique task key: run, platform, prompt hash). */
export async function taskStored(db: Executor, runId: string, platform: string, promptHash: string): Promise<boolean> {
  const found = await db
    .select({ id: answers.id })
    .from(answers)
    .where(and(eq(answers.runId, runId), eq(answers.platform, platform), eq(answers.promptHash, promptHash)))
    .limit(1);
  return found.length > 0;
}

export async function answersOfRun(db: Executor, runId: string): Promise<AnswerRow[]> {
  return db.select().from(answers).where(eq(answers.runId, runId)).orderBy(asc(answers.createdAt));
}

/** A run's successful answers per analysis engine version (brand detail's last scan). */
export async function engineVersionsOfRun(db: Executor, runId: string): Promise<Array<{ version: string; answers: number }>> {
  const result = await db.execute(sql`
    select engine_version, count(*)::int as answers from answers
    where run_id = ${runId} and error_kind is null and engine_version is not null group by engine_version`);
  return rows<{ engine_version: string; answers: number }>(result).map((r) => ({ version: r.engine_version, answers: Number(r.answers) }));
}

/** The texts of a brand's newest successful answers since `since` (competitor candidates read them). */
export async function recentAnswerTexts(db: Executor, brandId: string, since: Date, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    select raw_text from answers
    where brand_id = ${brandId} and created_at >= ${since.toISOString()}::timestamptz and error_kind is null and raw_text is not null
    order by created_at desc limit ${limit}`);
  return rows<{ raw_text: string }>(result).map((r) => r.raw_text);
}

/**
 * The newest `perPlatform` task outcomes (error kind or null) of an account's brands on each
 * platform since `since`, oldest first per platform: monitoring's polling back-off replays them.
 * Reads through the brand indexes (the account's brands), not a scan of every answer.
 */
export async function platformOutcomes(
  db: Executor,
  accountId: string,
  since: Date,
  perPlatform: number,
): Promise<Array<{ platform: string; errorKind: string | null; at: Date }>> {
  const result = await db.execute(sql`
    select platform, error_kind, created_at from (
      select a.platform, a.error_kind, a.created_at,
        row_number() over (partition by a.platform order by a.created_at desc) as n
      from answers a
      where a.brand_id in (select id from brands where account_id = ${accountId})
        and a.created_at >= ${since.toISOString()}::timestamptz
    ) recent
    where n <= ${perPlatform}
    order by platform, created_at`);
  return rows<{ platform: string; error_kind: string | null; created_at: string | Date }>(result).map((r) => ({
    platform: r.platform,
    errorKind: r.error_kind,
    at: new Date(r.created_at),
  }));
}

/** When a brand last had an answer (or a failure) from each platform. */
export async function lastAskedByPlatform(db: Executor, brandId: string): Promise<Map<string, Date>> {
  const result = await db.execute(sql`
    select platform, max(created_at) as at from answers where brand_id = ${brandId} group by platform`);
  return new Map(rows<{ platform: string; at: string | Date }>(result).map((r) => [r.platform, new Date(r.at)]));
}
