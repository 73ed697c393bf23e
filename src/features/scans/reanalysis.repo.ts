/**
 * All SQL of re-analysis (`sightline reanalyze`): passes and their batches, reading the answers a
 * batch re-reads (locked), and rewriting what an answer's analysis feeds: the answer's own fields,
 * its citation and competitor rows, the three daily rollups (as deltas, so concurrent answer
 * inserts adding to the same rows are never lost) and its run's mention count.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.repo.js';
import type { BrandSnapshot } from '../../db/schema/scanning.js';
import type { AnswerCounts } from '../metrics/counts.js';
import type { HeadlineCounts } from '../metrics/headline.js';
import type { BrandMentionColumns, CitationInput, CompetitorInput } from './answers.repo.js';

/** Postgres text cannot hold U+0000 (answers.repo.ts strips it the same way). */
const json = (value: unknown): string => JSON.stringify(value).replace(/\\u0000/g, '');
const idList = (ids: readonly string[]): SQL => sql`(select jsonb_array_elements_text(${json(ids)}::jsonb)::uuid)`;

export interface PassFilter {
  engineVersion: string;
  since: Date | null;
  brandId: string | null;
  force: boolean;
}

export interface PassRow extends PassFilter {
  id: string;
  answers: number;
  batches: number;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface PassProgress extends PassRow {
  batchesDone: number;
  batchesFailed: number;
  /** Answers of finished batches (done or given up). */
  answersDone: number;
  reanalyzed: number;
  changed: number;
  skipped: number;
  failed: number;
}

const date = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

function toPass(r: Record<string, unknown>): PassRow {
  return {
    id: String(r.id),
    engineVersion: String(r.engine_version),
    since: date(r.since),
    brandId: (r.brand_id as string | null) ?? null,
    force: r.force === true || r.force === 't',
    answers: Number(r.answers),
    batches: Number(r.batches),
    createdAt: new Date(r.created_at as string),
    finishedAt: date(r.finished_at),
  };
}

const sameFilter = (f: PassFilter): SQL => sql`engine_version = ${f.engineVersion} and force = ${f.force}
  and ${f.since === null ? sql`since is null` : sql`since = ${f.since.toISOString()}::timestamptz`}
  and ${f.brandId === null ? sql`brand_id is null` : sql`brand_id = ${f.brandId}::uuid`}`;

/** The newest unfinished pass with exactly these filters (a re-run of the same command resumes it). */
export async function findOpenPass(db: Executor, f: PassFilter): Promise<PassRow | undefined> {
  const result = await db.execute(sql`
    select * from reanalysis_passes where finished_at is null and ${sameFilter(f)} order by created_at desc limit 1`);
  const r = rows<Record<string, unknown>>(result)[0];
  return r ? toPass(r) : undefined;
}

/**
 * Creates a pass and its batches: the successful stored answers matching the filters (not yet at
 * the engine version unless forced), oldest first, `batchSize` to a batch. A pass with nothing to
 * do is created finished.
 */
export async function createPass(tx: Executor, f: PassFilter, batchSize: number): Promise<PassRow> {
  const inserted = await tx.execute(sql`
    insert into reanalysis_passes (engine_version, since, brand_id, force, answers, batches)
    values (${f.engineVersion}, ${f.since?.toISOString() ?? null}::timestamptz, ${f.brandId}::uuid, ${f.force}, 0, 0)
    returning id`);
  const passId = rows<{ id: string }>(inserted)[0]!.id;
  const conditions: SQL[] = [sql`error_kind is null`, sql`raw_text is not null`];
  if (f.since) conditions.push(sql`created_at >= ${f.since.toISOString()}::timestamptz`);
  if (f.brandId) conditions.push(sql`brand_id = ${f.brandId}::uuid`);
  if (!f.force) conditions.push(sql`engine_version is distinct from ${f.engineVersion}`);
  const result = await tx.execute(sql`
    with picked as (
      select id, row_number() over (order by created_at, id) - 1 as n from answers
      where ${sql.join(conditions, sql` and `)}
    ),
    grouped as (select id, n, n / ${batchSize}::int as seq from picked),
    b as (
      insert into reanalysis_batches (pass_id, seq, answer_ids, answers)
      select ${passId}::uuid, seq, jsonb_agg(id order by n), count(*) from grouped group by seq
      returning answers
    )
    update reanalysis_passes p set answers = (select coalesce(sum(answers), 0) from b), batches = (select count(*) from b),
      finished_at = case when (select count(*) from b) = 0 then now() end
    where p.id = ${passId}::uuid
    returning p.*`);
  return toPass(rows<Record<string, unknown>>(result)[0]!);
}

export async function passProgress(db: Executor, passId: string): Promise<PassProgress | undefined> {
  const result = await db.execute(sql`
    select p.*,
      count(b.seq) filter (where b.done_at is not null)::int as batches_done,
      count(b.seq) filter (where b.error is not null)::int as batches_failed,
      coalesce(sum(b.answers) filter (where b.done_at is not null or b.error is not null), 0)::int as answers_done,
      coalesce(sum(b.reanalyzed), 0)::int as reanalyzed, coalesce(sum(b.changed), 0)::int as changed,
      coalesce(sum(b.skipped), 0)::int as skipped, coalesce(sum(b.failed), 0)::int as failed
    from reanalysis_passes p left join reanalysis_batches b on b.pass_id = p.id
    where p.id = ${passId}::uuid group by p.id`);
  const r = rows<Record<string, unknown>>(result)[0];
  if (!r) return undefined;
  return {
    ...toPass(r),
    batchesDone: Number(r.batches_done),
    batchesFailed: Number(r.batches_failed),
    answersDone: Number(r.answers_done),
    reanalyzed: Number(r.reanalyzed),
    changed: Number(r.changed),
    skipped: Number(r.skipped),
    failed: Number(r.failed),
  };
}

/** The batch, locked for this transaction: a second run of its job waits here, then finds it done. */
export async function lockBatch(tx: Executor, passId: string, seq: number) {
  const result = await tx.execute(sql`
    select b.answer_ids, b.done_at, b.error, p.force from reanalysis_batches b join reanalysis_passes p on p.id = b.pass_id
    where b.pass_id = ${passId}::uuid and b.seq = ${seq} for update of b`);
  const r = rows<Record<string, unknown>>(result)[0];
  if (!r) return undefined;
  return {
    answerIds: r.answer_ids as string[],
    finished: r.done_at !== null || r.error !== null,
    force: r.force === true || r.force === 't',
  };
}

export interface StoredAnswer extends BrandMentionColumns {
  id: string;
  runId: string;
  brandId: string | null;
  platform: string;
  promptHash: string;
  branded: boolean;
  /** UTC day it was stored (its rollup rows' day). */
  day: string;
  rawText: string;
  analysis: unknown;
  engineVersion: string | null;
  platformCitations: string[] | null;
  /** The brand and competitors as the run scanned for them. */
  brand: BrandSnapshot;
}

/** The batch's answers that can be re-read (stored successfully, still there), locked in id order. */
export async function lockAnswers(tx: Executor, ids: readonly string[]): Promise<StoredAnswer[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute(sql`
    select a.id, a.run_id, a.brand_id, a.platform, a.prompt_hash, a.branded, (a.created_at at time zone 'UTC')::date::text as day,
      a.raw_text, a.analysis, a.engine_version, a.platform_citations, a.mentioned, a.position, a.rank, a.sentiment_label,
      a.sentiment_score, a.mention_count, r.brand
    from answers a join scan_runs r on r.id = a.run_id
    where a.id in ${idList(ids)} and a.error_kind is null and a.raw_text is not null
    order by a.id
    for update of a`);
  return rows<Record<string, unknown>>(result).map((r) => ({
    id: String(r.id),
    runId: String(r.run_id),
    brandId: (r.brand_id as string | null) ?? null,
    platform: String(r.platform),
    promptHash: String(r.prompt_hash),
    branded: r.branded === true || r.branded === 't',
    day: String(r.day),
    rawText: String(r.raw_text),
    analysis: r.analysis,
    engineVersion: (r.engine_version as string | null) ?? null,
    platformCitations: (r.platform_citations as string[] | null) ?? null,
    mentioned: r.mentioned === null ? null : r.mentioned === true || r.mentioned === 't',
    position: r.position === null ? null : Number(r.position),
    rank: r.rank === null ? null : Number(r.rank),
    sentimentLabel: (r.sentiment_label as string | null) ?? null,
    sentimentScore: r.sentiment_score === null ? null : Number(r.sentiment_score),
    mentionCount: r.mention_count === null ? null : Number(r.mention_count),
    brand: r.brand as BrandSnapshot,
  }));
}

export type CitationRow = CitationInput & { answerId: string };

export type CompetitorRow = CompetitorInput & { answerId: string };

export async function citationRowsOf(tx: Executor, ids: readonly string[]): Promise<CitationRow[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute(sql`
    select answer_id, url, normalized_url, domain, context, source from answer_citations where answer_id in ${idList(ids)}`);
  return rows<Record<string, unknown>>(result).map((r) => ({
    answerId: String(r.answer_id),
    url: String(r.url),
    normalizedUrl: String(r.normalized_url),
    domain: String(r.domain),
    context: String(r.context ?? ''),
    source: String(r.source),
  }));
}

export async function competitorRowsOf(tx: Executor, ids: readonly string[]): Promise<CompetitorRow[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute(sql`
    select answer_id, competitor, position, rank, sentiment_label, sentiment_score, mention_count
    from competitor_mentions where answer_id in ${idList(ids)}`);
  return rows<Record<string, unknown>>(result).map((r) => ({
    answerId: String(r.answer_id),
    name: String(r.competitor),
    position: r.position === null ? null : Number(r.position),
    rank: r.rank === null ? null : Number(r.rank),
    sentimentLabel: (r.sentiment_label as string | null) ?? null,
    sentimentScore: r.sentiment_score === null ? null : Number(r.sentiment_score),
    mentionCount: Number(r.mention_count),
  }));
}

export interface AnswerUpdate {
  id: string;
  analysis: unknown;
  engineVersion: string;
  mentioned: boolean;
  position: number | null;
  rank: number | null;
  sentimentLabel: string | null;
  sentimentScore: number | null;
  mentionCount: number;
}

/** The mention columns of an answer or competitor row as the recordsets below name them. */
const mentionRecord = (m: Pick<CompetitorInput, 'position' | 'rank' | 'sentimentLabel' | 'sentimentScore' | 'mentionCount'>) => ({
  position: m.position,
  rank: m.rank,
  sentiment_label: m.sentimentLabel,
  sentiment_score: m.sentimentScore,
  mention_count: m.mentionCount,
});

export async function updateAnswers(tx: Executor, updates: readonly AnswerUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  const payload = updates.map((u) => ({
    id: u.id,
    analysis: u.analysis,
    engine_version: u.engineVersion,
    mentioned: u.mentioned,
    ...mentionRecord(u),
  }));
  await tx.execute(sql`
    update answers a set analysis = u.analysis, engine_version = u.engine_version, mentioned = u.mentioned,
      position = u.position, rank = u.rank, sentiment_label = u.sentiment_label, sentiment_score = u.sentiment_score,
      mention_count = u.mention_count
    from jsonb_to_recordset(${json(payload)}::jsonb) as u(id uuid, analysis jsonb, engine_version text, mentioned boolean,
      position int, rank int, sentiment_label text, sentiment_score real, mention_count int)
    where a.id = u.id`);
}

/** Replaces the citation rows of these answers (stamped with the answer's time, as when stored). */
export async function replaceCitations(tx: Executor, answerIds: readonly string[], citations: readonly CitationRow[]): Promise<void> {
  if (answerIds.length === 0) return;
  await tx.execute(sql`delete from answer_citations where answer_id in ${idList(answerIds)}`);
  if (citations.length === 0) return;
  const payload = citations.map((c) => ({ answer_id: c.answerId, url: c.url, normalized_url: c.normalizedUrl, domain: c.domain, context: c.context, source: c.source }));
  await tx.execute(sql`
    insert into answer_citations (answer_id, run_id, brand_id, platform, prompt_hash, url, normalized_url, domain, context, source, created_at)
    select a.id, a.run_id, a.brand_id, a.platform, a.prompt_hash, c.url, c.normalized_url, c.domain, coalesce(c.context, ''), c.source, a.created_at
    from jsonb_to_recordset(${json(payload)}::jsonb) as c(answer_id uuid, url text, normalized_url text, domain text, context text, source text)
    join answers a on a.id = c.answer_id
    on conflict do nothing`);
}

export async function replaceCompetitors(tx: Executor, answerIds: readonly string[], competitors: readonly CompetitorRow[]): Promise<void> {
  if (answerIds.length === 0) return;
  await tx.execute(sql`delete from competitor_mentions where answer_id in ${idList(answerIds)}`);
  if (competitors.length === 0) return;
  const payload = competitors.map((c) => ({
    answer_id: c.answerId,
    name: c.name,
    ...mentionRecord(c),
  }));
  await tx.execute(sql`
    insert into competitor_mentions (answer_id, competitor, run_id, brand_id, platform, position, rank, sentiment_label,
      sentiment_score, mention_count, created_at)
    select a.id, c.name, a.run_id, a.brand_id, a.platform, c.position, c.rank, c.sentiment_label, c.sentiment_score,
      c.mention_count, a.created_at
    from jsonb_to_recordset(${json(payload)}::jsonb) as c(answer_id uuid, name text, position int, rank int,
      sentiment_label text, sentiment_score real, mention_count int)
    join answers a on a.id = c.answer_id
    on conflict do nothing`);
}

/** A change to one `answer_daily_rollups` row (the answers column never changes: no answer is added). */
export type AnswerRollupDelta = { brandId: string; day: string; platform: string; promptHash: string } & Omit<HeadlineCounts, 'answers'>;

export type CompetitorRollupDelta = { brandId: string; day: string; platform: string; competitor: string; branded: boolean } & Omit<
  AnswerCounts,
  'answers' | 'sentimentSum'
>;

export interface EngineRollupDelta {
  brandId: string;
  day: string;
  engineVersion: string;
  branded: boolean;
  answers: number;
}

/**
 * Adds the deltas to the answer rollups. The rows are locked in key order first: two batches
 * touching the same rows take their locks in the same order and cannot deadlock each other.
 */
export async function applyAnswerRollupDeltas(tx: Executor, deltas: readonly AnswerRollupDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const payload = json(
    deltas.map((d) => ({
      brand_id: d.brandId, day: d.day, platform: d.platform, prompt_hash: d.promptHash, mentions: d.mentions,
      positives: d.positives, negatives: d.negatives, rank_sum: d.rankSum, rank_count: d.rankCount, rank_sq_sum: d.rankSqSum,
      rank_1: d.rank1, rank_2: d.rank2, rank_3: d.rank3, rank_4_5: d.rank4to5, rank_6_plus: d.rank6plus, sentiment_sum: d.sentimentSum,
    })),
  );
  const input = sql`jsonb_to_recordset(${payload}::jsonb) as d(brand_id uuid, day date, platform text, prompt_hash text,
    mentions int, positives int, negatives int, rank_sum int, rank_count int, rank_sq_sum int, rank_1 int, rank_2 int,
    rank_3 int, rank_4_5 int, rank_6_plus int, sentiment_sum float8)`;
  await tx.execute(sql`
    select 1 from answer_daily_rollups r join ${input} using (brand_id, day, platform, prompt_hash)
    order by r.brand_id, r.day, r.platform, r.prompt_hash for update of r`);
  await tx.execute(sql`
    update answer_daily_rollups r set mentions = r.mentions + d.mentions, positives = r.positives + d.positives,
      negatives = r.negatives + d.negatives, rank_sum = r.rank_sum + d.rank_sum, rank_count = r.rank_count + d.rank_count,
      rank_sq_sum = r.rank_sq_sum + d.rank_sq_sum, rank_1 = r.rank_1 + d.rank_1, rank_2 = r.rank_2 + d.rank_2,
      rank_3 = r.rank_3 + d.rank_3, rank_4_5 = r.rank_4_5 + d.rank_4_5, rank_6_plus = r.rank_6_plus + d.rank_6_plus,
      sentiment_sum = r.sentiment_sum + d.sentiment_sum
    from ${input}
    where r.brand_id = d.brand_id and r.day = d.day and r.platform = d.platform and r.prompt_hash = d.prompt_hash`);
}

/** Adds the deltas to the competitor rollups (a competitor first seen by the new reading gets its row); empty rows go. */
export async function applyCompetitorRollupDeltas(tx: Executor, deltas: readonly CompetitorRollupDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const payload = json(
    deltas.map((d) => ({
      brand_id: d.brandId, day: d.day, platform: d.platform, competitor: d.competitor, branded: d.branded, mentions: d.mentions,
      positives: d.positives, negatives: d.negatives, rank_sum: d.rankSum, rank_count: d.rankCount,
    })),
  );
  const input = sql`jsonb_to_recordset(${payload}::jsonb) as d(brand_id uuid, day date, platform text, competitor text,
    branded boolean, mentions int, positives int, negatives int, rank_sum int, rank_count int)`;
  await tx.execute(sql`
    select 1 from competitor_daily_rollups r join ${input} using (brand_id, day, platform, competitor, branded)
    order by r.brand_id, r.day, r.platform, r.competitor, r.branded for update of r`);
  await tx.execute(sql`
    insert into competitor_daily_rollups as r (brand_id, day, platform, competitor, branded, mentions, positives, negatives, rank_sum, rank_count)
    select brand_id, day, platform, competitor, branded, mentions, positives, negatives, rank_sum, rank_count
    from ${input} order by brand_id, day, platform, competitor, branded
    on conflict (brand_id, day, platform, competitor, branded) do update set
      mentions = r.mentions + excluded.mentions, positives = r.positives + excluded.positives,
      negatives = r.negatives + excluded.negatives, rank_sum = r.rank_sum + excluded.rank_sum,
      rank_count = r.rank_count + excluded.rank_count`);
  await tx.execute(sql`
    delete from competitor_daily_rollups r using ${input}
    where r.brand_id = d.brand_id and r.day = d.day and r.platform = d.platform and r.competitor = d.competitor
      and r.branded = d.branded and r.mentions = 0 and r.rank_count = 0`);
}

/** Moves answers between engine versions in the engine rollup; empty rows go. */
export async function applyEngineRollupDeltas(tx: Executor, deltas: readonly EngineRollupDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const payload = json(deltas.map((d) => ({ brand_id: d.brandId, day: d.day, engine_version: d.engineVersion, branded: d.branded, answers: d.answers })));
  const input = sql`jsonb_to_recordset(${payload}::jsonb) as d(brand_id uuid, day date, engine_version text, branded boolean, answers int)`;
  await tx.execute(sql`
    select 1 from answer_engine_daily_rollups r join ${input} using (brand_id, day, engine_version, branded)
    order by r.brand_id, r.day, r.engine_version, r.branded for update of r`);
  await tx.execute(sql`
    insert into answer_engine_daily_rollups as r (brand_id, day, engine_version, branded, answers)
    select brand_id, day, engine_version, branded, answers from ${input} order by brand_id, day, engine_version, branded
    on conflict (brand_id, day, engine_version, branded) do update set answers = r.answers + excluded.answers`);
  await tx.execute(sql`
    delete from answer_engine_daily_rollups r using ${input}
    where r.brand_id = d.brand_id and r.day = d.day and r.engine_version = d.engine_version and r.branded = d.branded and r.answers <= 0`);
}

/** A finished run's mention count follows its answers (brand detail's last scan reads it). */
export async function refreshRunMentions(tx: Executor, runIds: readonly string[]): Promise<void> {
  if (runIds.length === 0) return;
  await tx.execute(sql`
    update scan_runs r set answers_mentioned = (select count(*)::int from answers a where a.run_id = r.id and a.mentioned)
    where r.id in ${idList(runIds)} and r.status in ('completed', 'partial', 'failed')`);
}

export interface BatchCounts {
  reanalyzed: number;
  changed: number;
  skipped: number;
  failed: number;
}

/** Marks the batch done (in the transaction of its writes) and finishes the pass when it was the last. */
export async function finishBatch(tx: Executor, passId: string, seq: number, counts: BatchCounts): Promise<void> {
  await tx.execute(sql`
    update reanalysis_batches set done_at = now(), reanalyzed = ${counts.reanalyzed}, changed = ${counts.changed},
      skipped = ${counts.skipped}, failed = ${counts.failed}
    where pass_id = ${passId}::uuid and seq = ${seq} and done_at is null and error is null`);
  await finishPassIfDone(tx, passId);
}

/** Gives up on a batch (its job failed for good): the pass can still finish, reporting it. */
export async function failBatch(tx: Executor, passId: string, seq: number, error: string): Promise<void> {
  await tx.execute(sql`
    update reanalysis_batches set error = ${error.slice(0, 1_000)}
    where pass_id = ${passId}::uuid and seq = ${seq} and done_at is null and error is null`);
  await finishPassIfDone(tx, passId);
}

/**
 * The pass row is locked first and the check is a new statement: of two batches finishing at
 * once, the second sees the first's commit, so exactly one of them finishes the pass.
 */
async function finishPassIfDone(tx: Executor, passId: string): Promise<void> {
  await tx.execute(sql`select id from reanalysis_passes where id = ${passId}::uuid for update`);
  await tx.execute(sql`
    update reanalysis_passes p set finished_at = now()
    where p.id = ${passId}::uuid and p.finished_at is null
      and not exists (select 1 from reanalysis_batches b where b.pass_id = p.id and b.done_at is null and b.error is null)`);
}
