/**
 * Scanning: brands, prompt packs, runs and what the platforms answered. Answers are append-only
 * facts; everything reported later (issue 5: dashboards, citations, picker, sentinel) is computed
 * from them, with daily rollups maintained in the same statement as each answer insert so a
 * dashboard never scans raw answers.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeRef, counter, createdAt, runTimes, timestamptz, uuidPk } from './columns.js';
import { accountRef, users } from './identity.js';

export const AIDA_STAGES = ['awareness', 'interest', 'desire', 'action'] as const;
export type AidaStage = (typeof AIDA_STAGES)[number];
export const PROMPT_INTENTS = ['comparison', 'how-to', 'faq', 'review', 'recommendation'] as const;
export type PromptIntent = (typeof PROMPT_INTENTS)[number];
export const PROMPT_LOCALES = ['zh-CN', 'en'] as const;
export type PromptLocale = (typeof PROMPT_LOCALES)[number];
export const RUN_KINDS = ['free_check', 'query', 'probe', 'monitor'] as const;
export type RunKind = (typeof RUN_KINDS)[number];
export const RUN_STATUSES = ['queued', 'running', 'completed', 'partial', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const SENTIMENT_LABELS = ['positive', 'neutral', 'negative'] as const;

export interface CompetitorSpec {
  name: string;
  aliases: string[];
}

/** What a run scanned for, frozen at trigger time: later edits of the brand do not rewrite history. */
export interface BrandSnapshot {
  name: string;
  category: string;
  website: string | null;
  aliases: string[];
  competitors: CompetitorSpec[];
  locale: PromptLocale | null;
}

/** One planned question of a run (a prompt as it was when the run was triggered). */
export interface PlannedPrompt {
  id: string | null;
  text: string;
  hash: string;
  stage: AidaStage;
  intent: PromptIntent;
  locale: PromptLocale;
  /** Platforms (legacy ids) this prompt is asked on. */
  platforms: string[];
}

export const brands = pgTable(
  'brands',
  {
    id: uuidPk(),
    accountId: accountRef().notNull(),
    /** The user who created it (kept as null if that user is removed). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    category: text('category').notNull(),
    website: text('website'),
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
    competitors: jsonb('competitors').$type<CompetitorSpec[]>().notNull().default([]),
    /** The brand's own social accounts (profile URLs or handles): sentinel never flags them. */
    officialAccounts: jsonb('official_accounts').$type<string[]>().notNull().default([]),
    /** null = per platform: Chinese prompts for Chinese platforms, English for the others. */
    locale: text('locale', { enum: PROMPT_LOCALES }),
    createdAt: createdAt(),
  },
  (t) => [index('brands_account_idx').on(t.accountId, t.createdAt)],
);

/** `brand_id`: the brand a row is about; the row goes when the brand is deleted. */
export const brandRef = () => cascadeRef('brand_id', () => brands.id);

/** The key and owners of a row that belongs to one brand of one account (deleted with either). */
export const brandOwned = () => ({ id: uuidPk(), accountId: accountRef().notNull(), brandId: brandRef().notNull() });

export const promptPacks = pgTable(
  'prompt_packs',
  {
    id: uuidPk(),
    accountId: accountRef().notNull(),
    /** Set for a brand's generated default pack; null for an account's own pack. */
    brandId: brandRef(),
    name: text('name').notNull(),
    source: text('source', { enum: ['default', 'custom'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('prompt_packs_account_idx').on(t.accountId, t.createdAt),
    uniqueIndex('prompt_packs_brand_default_idx').on(t.brandId).where(sql`source = 'default'`),
  ],
);

export const prompts = pgTable(
  'prompts',
  {
    id: uuidPk(),
    packId: cascadeRef('pack_id', () => promptPacks.id).notNull(),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    locale: text('locale', { enum: PROMPT_LOCALES }).notNull(),
    stage: text('stage', { enum: AIDA_STAGES }).notNull(),
    intent: text('intent', { enum: PROMPT_INTENTS }).notNull(),
    /** sha256 of the normalised text: the same question has the same hash in every pack. */
    promptHash: text('prompt_hash').notNull(),
    /** A disabled prompt stays in the pack (and its history) but is no longer asked. */
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('prompts_pack_hash_idx').on(t.packId, t.promptHash), index('prompts_hash_idx').on(t.promptHash)],
);

/** The pack an account's probes use when the request names none. */
export const accountPromptPacks = pgTable('account_prompt_packs', {
  accountId: accountRef().primaryKey(),
  packId: cascadeRef('pack_id', () => promptPacks.id).notNull(),
  boundAt: timestamptz('bound_at').notNull().defaultNow(),
});

export const scanRuns = pgTable(
  'scan_runs',
  {
    id: uuidPk(),
    /** null for the anonymous free check. */
    accountId: accountRef(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: RUN_KINDS }).notNull(),
    status: text('status', { enum: RUN_STATUSES }).notNull().default('queued'),
    /** Legacy platform ids, in the order they were asked. */
    platforms: jsonb('platforms').$type<string[]>().notNull(),
    brand: jsonb('brand').$type<BrandSnapshot>().notNull(),
    promptPackId: uuid('prompt_pack_id'),
    plan: jsonb('plan').$type<PlannedPrompt[]>().notNull(),
    tasksTotal: integer('tasks_total').notNull(),
    /**
     * Answer rows (successes and failures) stored so far, advanced by the statement that stores
     * them: once per batch of answers (group commit), never once per answer.
     */
    tasksDone: counter('tasks_done'),
    /** Filled when the run finishes, counted from its answers. */
    tasksSucceeded: counter('tasks_succeeded'),
    tasksFailed: counter('tasks_failed'),
    answersMentioned: counter('answers_mentioned'),
    tokensTotal: counter('tokens_total'),
    /** Platform cost of the answers seen (USD). */
    costUsd: numeric('cost_usd', { precision: 12, scale: 6, mode: 'number' }).notNull().default(0),
    /** What the account was charged (scan fee + platform cost); 0 for failed and free runs. */
    chargedUsd: numeric('charged_usd', { precision: 12, scale: 6, mode: 'number' }).notNull().default(0),
    simulated: boolean('simulated').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** sha256 of the canonical request, to refuse a reused idempotency key with another body. */
    requestHash: text('request_hash'),
    estimatedCompletionMs: integer('estimated_completion_ms'),
    ...runTimes(),
  },
  (t) => [
    uniqueIndex('scan_runs_idempotency_idx').on(t.accountId, t.idempotencyKey),
    index('scan_runs_brand_idx').on(t.brandId, t.completedAt),
    index('scan_runs_account_idx').on(t.accountId, t.createdAt),
  ],
);

export const answers = pgTable(
  'answers',
  {
    id: uuidPk(),
    runId: cascadeRef('run_id', () => scanRuns.id).notNull(),
    brandId: uuid('brand_id'),
    accountId: uuid('account_id'),
    platform: text('platform').notNull(),
    model: text('model').notNull(),
    promptId: uuid('prompt_id'),
    promptText: text('prompt_text').notNull(),
    promptHash: text('prompt_hash').notNull(),
    stage: text('stage', { enum: AIDA_STAGES }).notNull(),
    intent: text('intent', { enum: PROMPT_INTENTS }).notNull(),
    locale: text('locale', { enum: PROMPT_LOCALES }).notNull(),
    /** null when the task failed (errorKind says why). */
    rawText: text('raw_text'),
    latencyMs: integer('latency_ms'),
    promptTokens: counter('prompt_tokens'),
    completionTokens: counter('completion_tokens'),
    totalTokens: counter('total_tokens'),
    costUsd: numeric('cost_usd', { precision: 12, scale: 6, mode: 'number' }).notNull().default(0),
    simulated: boolean('simulated').notNull(),
    errorKind: text('error_kind'),
    errorMessage: text('error_message'),
    analysis: jsonb('analysis'),
    /**
     * The engine version of `analysis` (analysis.engineVersion; '1.0.0' for analyses stored before
     * versions were recorded); null when there is no analysis (a failed task).
     */
    engineVersion: text('engine_version'),
    /** The platform's own citation list as it answered (re-analysis re-reads it); null if not recorded. */
    platformCitations: jsonb('platform_citations').$type<string[]>(),
    mentioned: boolean('mentioned'),
    position: integer('position'),
    rank: integer('rank'),
    sentimentLabel: text('sentiment_label', { enum: SENTIMENT_LABELS }),
    sentimentScore: real('sentiment_score'),
    mentionCount: integer('mention_count'),
    /** The question names the brand or a tracked competitor (docs/metrics.md): kept out of headline figures. */
    branded: boolean('branded').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // A re-run task job inserts nothing the second time: each task's effect happens once.
    uniqueIndex('answers_task_idx').on(t.runId, t.platform, t.promptHash),
    index('answers_brand_time_idx').on(t.brandId, t.createdAt),
    index('answers_brand_platform_time_idx').on(t.brandId, t.platform, t.createdAt),
    index('answers_brand_prompt_time_idx').on(t.brandId, t.promptHash, t.createdAt),
    // Recent per-platform latency (probe completion estimates).
    index('answers_platform_time_idx').on(t.platform, t.createdAt).where(sql`error_kind is null`),
  ],
);

export const answerCitations = pgTable(
  'answer_citations',
  {
    id: uuidPk(),
    answerId: cascadeRef('answer_id', () => answers.id).notNull(),
    runId: uuid('run_id').notNull(),
    brandId: uuid('brand_id'),
    platform: text('platform').notNull(),
    promptHash: text('prompt_hash').notNull(),
    /**
     * The URL exactly as the answer wrote it (measurement-rules.md §4), the evidence. For answers
     * analysed before engine 2.0 and not re-analysed yet it is the old normalised form.
     */
    url: text('url').notNull(),
    /** The grouping key (analysis `normalizedUrl`): one row per key per answer; aggregates group by it. */
    normalizedUrl: text('normalized_url').notNull(),
    /** Registrable domain of the URL. */
    domain: text('domain').notNull(),
    context: text('context').notNull().default(''),
    /** Where the analysis found it: text, link, or the platform's own citation list. */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('answer_citations_answer_key_idx').on(t.answerId, t.normalizedUrl),
    index('answer_citations_brand_time_idx').on(t.brandId, t.createdAt),
    index('answer_citations_brand_key_idx').on(t.brandId, t.normalizedUrl),
  ],
);

/** One row per competitor an answer mentioned (not-mentioned competitors are not stored). */
export const competitorMentions = pgTable(
  'competitor_mentions',
  {
    answerId: cascadeRef('answer_id', () => answers.id).notNull(),
    competitor: text('competitor').notNull(),
    runId: uuid('run_id').notNull(),
    brandId: uuid('brand_id'),
    platform: text('platform').notNull(),
    position: integer('position'),
    rank: integer('rank'),
    sentimentLabel: text('sentiment_label', { enum: SENTIMENT_LABELS }),
    sentimentScore: real('sentiment_score'),
    mentionCount: integer('mention_count').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.answerId, t.competitor] }), index('competitor_mentions_brand_time_idx').on(t.brandId, t.createdAt)],
);

/**
 * brand × UTC day × platform × prompt counts of stored (successful) answers. Updated by the same
 * statement that inserts the answer, only when the insert happened, so it always equals a
 * recomputation from `answers`.
 */
export const answerDailyRollups = pgTable(
  'answer_daily_rollups',
  {
    brandId: uuid('brand_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    platform: text('platform').notNull(),
    promptHash: text('prompt_hash').notNull(),
    stage: text('stage', { enum: AIDA_STAGES }).notNull(),
    /** The prompt names the brand or a tracked competitor (as tagged when the answers were stored). */
    branded: boolean('branded').notNull().default(false),
    answers: counter('answers'),
    mentions: counter('mentions'),
    positives: counter('positives'),
    negatives: counter('negatives'),
    /** Sum and count of ranks of answers that ranked the brand (average rank = sum / count). */
    rankSum: counter('rank_sum'),
    rankCount: counter('rank_count'),
    /** Σ rank², for the interval of the average position. */
    rankSqSum: counter('rank_sq_sum'),
    /** Ranked mentions by position: 1, 2, 3, 4–5, 6 and below (the distribution of positions). */
    rank1: counter('rank_1'),
    rank2: counter('rank_2'),
    rank3: counter('rank_3'),
    rank4to5: counter('rank_4_5'),
    rank6plus: counter('rank_6_plus'),
    sentimentSum: doublePrecision('sentiment_sum').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.day, t.platform, t.promptHash] }),
    index('answer_daily_rollups_brand_day_idx').on(t.brandId, t.day),
  ],
);

/** brand × UTC day × platform × competitor: how often each competitor appeared (same rules). */
export const competitorDailyRollups = pgTable(
  'competitor_daily_rollups',
  {
    brandId: uuid('brand_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    platform: text('platform').notNull(),
    competitor: text('competitor').notNull(),
    /** Counted on branded prompts (naming the brand or a competitor) or on unbranded ones. */
    branded: boolean('branded').notNull().default(false),
    mentions: counter('mentions'),
    positives: counter('positives'),
    negatives: counter('negatives'),
    rankSum: counter('rank_sum'),
    rankCount: counter('rank_count'),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.day, t.platform, t.competitor, t.branded] })],
);

/**
 * brand × UTC day × engine version × branded: how many stored (successful) answers each analysis
 * engine version read. Maintained with the other rollups (insert and re-analysis), so a figure can
 * say which engine version(s) it comes from without reading raw answers.
 */
export const answerEngineDailyRollups = pgTable(
  'answer_engine_daily_rollups',
  {
    brandId: uuid('brand_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    engineVersion: text('engine_version').notNull(),
    branded: boolean('branded').notNull().default(false),
    answers: counter('answers'),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.day, t.engineVersion, t.branded] })],
);

/**
 * One `sightline reanalyze` pass: which stored answers it re-reads (filters frozen at start) and
 * with which engine version. Its work is split into batches, one durable job each.
 */
export const reanalysisPasses = pgTable('reanalysis_passes', {
  id: uuidPk(),
  engineVersion: text('engine_version').notNull(),
  /** Answers stored from this instant on (null = all). */
  since: timestamptz('since'),
  brandId: uuid('brand_id'),
  /** Re-read answers already at this engine version too. */
  force: boolean('force').notNull().default(false),
  answers: integer('answers').notNull(),
  batches: integer('batches').notNull(),
  createdAt: createdAt(),
  finishedAt: timestamptz('finished_at'),
});

/**
 * A batch of a pass: its answer ids, and once done (in the same transaction as its writes) what it
 * did. A batch job that runs again after a crash finds `done_at` set and changes nothing.
 */
export const reanalysisBatches = pgTable(
  'reanalysis_batches',
  {
    passId: cascadeRef('pass_id', () => reanalysisPasses.id).notNull(),
    seq: integer('seq').notNull(),
    answerIds: jsonb('answer_ids').$type<string[]>().notNull(),
    answers: integer('answers').notNull(),
    /** Answers re-read (the rest were at the engine version already, or gone). */
    reanalyzed: counter('reanalyzed'),
    /** Re-read answers whose mention, rank, sentiment, citations or competitors changed. */
    changed: counter('changed'),
    skipped: counter('skipped'),
    /** Answers the engine could not read (left as they were). */
    failed: counter('failed'),
    doneAt: timestamptz('done_at'),
    /** Set instead of done_at when the batch's job gave up (its error). */
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.passId, t.seq] })],
);
