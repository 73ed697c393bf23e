/**
 * Intelligence (issue 5): what is derived from stored answers and kept because it cannot be
 * recomputed later (first sightings, incident lifecycles, applied suggestions, score snapshots,
 * monitoring cadence) or because the dashboard owns it (knowledge-base pages and their checks).
 * Every rate itself is recomputed from `answers` / the daily rollups; nothing here caches one.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, counter, createdAt, runTimes, timestamptz, updatedAt, uuidPk } from './columns.js';
import { accountRef } from './identity.js';
import { brandOwned, brandRef } from './scanning.js';

export const INCIDENT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
export const INCIDENT_STATUSES = ['open', 'investigating', 'resolved'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export const INCIDENT_TYPES = ['negative_spike', 'rank_collapse', 'impersonation'] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

/** First sighting of each source URL per brand: `citation.discovered` fires once per row. */
export const brandCitationUrls = pgTable(
  'brand_citation_urls',
  {
    brandId: brandRef().notNull(),
    url: text('url').notNull(),
    domain: text('domain').notNull(),
    platform: text('platform').notNull(),
    promptHash: text('prompt_hash').notNull(),
    firstSeenAt: timestamptz('first_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.url] })],
);

/** Runs whose after-run hooks (citations, sentinel, gaps, uplift, authority) have been applied. */
export const processedRuns = pgTable('processed_runs', {
  runId: uuid('run_id').primaryKey(),
  processedAt: timestamptz('processed_at').notNull().defaultNow(),
});

/** When each brand is next due for a monitoring pass (tier cadence, docs/metrics.md). */
export const monitorSchedule = pgTable('monitor_schedule', {
  brandId: brandRef().primaryKey(),
  lastRunId: uuid('last_run_id'),
  lastEnqueuedAt: timestamptz('last_enqueued_at'),
  nextDueAt: timestamptz('next_due_at').notNull(),
});

/** One authority score per brand per UTC day (the latest computation of the day wins). */
export const authoritySnapshots = pgTable(
  'authority_snapshots',
  {
    brandId: brandRef().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    scoredAt: timestamptz('scored_at').notNull(),
    geoScore: doublePrecision('geo_score').notNull(),
    eeatScore: doublePrecision('eeat_score').notNull(),
    citationDensity: doublePrecision('citation_density').notNull(),
    subscores: jsonb('subscores').$type<Record<string, number>>().notNull(),
    sampleSize: integer('sample_size').notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.day] })],
);

export interface IncidentEvidence {
  /** Stable key for de-duplication: `answer:<id>`, `citation:<url>`, `day:<platform>:<day>`. */
  key: string;
  kind: 'answer' | 'citation' | 'window';
  detail: string;
  at: string;
}

export const sentinelIncidents = pgTable(
  'sentinel_incidents',
  {
    ...brandOwned(),
    type: text('type', { enum: INCIDENT_TYPES }).notNull(),
    severity: text('severity', { enum: INCIDENT_SEVERITIES }).notNull(),
    /** 0 low … 3 critical, so "highest severity first" is an index order. */
    severityRank: integer('severity_rank').notNull(),
    title: text('title').notNull(),
    status: text('status', { enum: INCIDENT_STATUSES }).notNull().default('open'),
    /** What makes two detections "the same incident": type + subject (platform, domain). */
    fingerprint: text('fingerprint').notNull(),
    evidenceCount: counter('evidence_count'),
    /** The most recent evidence items (at most 50 kept; the count keeps growing). */
    evidence: jsonb('evidence').$type<IncidentEvidence[]>().notNull().default([]),
    /** The statistics of the last detection (rates, intervals, thresholds). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    openedAt: timestamptz('opened_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
    lastDetectedAt: timestamptz('last_detected_at').notNull().defaultNow(),
    resolvedAt: timestamptz('resolved_at'),
  },
  (t) => [
    // At most one unresolved incident per brand and fingerprint: repeats update it.
    uniqueIndex('sentinel_incidents_open_idx').on(t.brandId, t.fingerprint).where(sql`status <> 'resolved'`),
    index('sentinel_incidents_brand_idx').on(t.brandId, t.status, t.severityRank),
  ],
);

/** Whether a competitor is currently ahead of the brand on a platform (edge-triggered alerts). */
export const competitorGaps = pgTable(
  'competitor_gaps',
  {
    brandId: brandRef().notNull(),
    platform: text('platform').notNull(),
    competitor: text('competitor').notNull(),
    ahead: boolean('ahead').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.platform, t.competitor] })],
);

/** Last per-platform visibility reported by `priority.changed` (fires on an absolute move ≥ 10 points). */
export const platformStrength = pgTable(
  'platform_strength',
  {
    brandId: brandRef().notNull(),
    platform: text('platform').notNull(),
    rate: doublePrecision('rate').notNull(),
    observedAt: timestamptz('observed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.platform] })],
);

/**
 * Platforms monitored at a slower cadence for an account after repeated 429s (the spec's polling
 * back-off, src/features/monitoring/throttle.ts). Derived from stored answers at each pass and
 * kept so status, the dashboard and the log can say which platforms are slowed and why.
 */
export const platformThrottles = pgTable(
  'platform_throttles',
  {
    accountId: accountRef().notNull(),
    platform: text('platform').notNull(),
    level: integer('level').notNull(),
    reason: text('reason').notNull(),
    since: timestamptz('since').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.platform] })],
);

export const SUGGESTION_OUTCOMES = ['suggested', 'applied', 'uplift', 'no_uplift'] as const;

export const suggestions = pgTable(
  'suggestions',
  {
    ...brandOwned(),
    intent: text('intent'),
    content: text('content').notNull(),
    rewritten: text('rewritten').notNull(),
    factClaims: jsonb('fact_claims').$type<Array<{ claim: string; verifiable: boolean }>>().notNull(),
    eeatSignals: jsonb('eeat_signals').$type<string[]>().notNull(),
    missingSignals: jsonb('missing_signals').$type<string[]>().notNull(),
    metric: text('metric').notNull(),
    expectedDelta: doublePrecision('expected_delta').notNull(),
    status: text('status', { enum: SUGGESTION_OUTCOMES }).notNull().default('suggested'),
    createdAt: createdAt(),
    appliedAt: timestamptz('applied_at'),
    baselineMentions: integer('baseline_mentions'),
    baselineAnswers: integer('baseline_answers'),
    measuredAt: timestamptz('measured_at'),
    afterMentions: integer('after_mentions'),
    afterAnswers: integer('after_answers'),
  },
  (t) => [
    index('suggestions_brand_idx').on(t.brandId, t.createdAt),
    index('suggestions_applied_idx').on(t.status).where(sql`status = 'applied'`),
  ],
);

export const AEO_BATCH_STATUSES = ['queued', 'running', 'completed'] as const;
export type AeoBatchStatus = (typeof AEO_BATCH_STATUSES)[number];
export const AEO_ITEM_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type AeoItemStatus = (typeof AEO_ITEM_STATUSES)[number];

/**
 * A batch of AEO rewrites: stored with its items when submitted, each item rewritten by its own
 * durable job; the counts, citationGain and completedAt are filled once, when the last item ends.
 */
export const aeoBatches = pgTable(
  'aeo_batches',
  {
    ...brandOwned(),
    status: text('status', { enum: AEO_BATCH_STATUSES }).notNull().default('queued'),
    /** The brand's name when submitted: what the rewrites are about. */
    brandName: text('brand_name').notNull().default(''),
    /** Legacy platform id chosen when submitted (items of one batch use one platform). */
    platform: text('platform'),
    audience: text('audience'),
    itemsTotal: counter('items_total'),
    successCount: counter('success_count'),
    failureCount: counter('failure_count'),
    citationGain: doublePrecision('citation_gain').notNull().default(0),
    ...runTimes(),
  },
  (t) => [index('aeo_batches_account_idx').on(t.accountId, t.createdAt)],
);

/** One text of a batch and its outcome (the rewrite, or the error that ended it). */
export const aeoBatchItems = pgTable(
  'aeo_batch_items',
  {
    batchId: cascadeRef('batch_id', () => aeoBatches.id).notNull(),
    /** 0-based position in the request. */
    position: integer('position').notNull(),
    text: text('text').notNull(),
    audience: text('audience'),
    status: text('status', { enum: AEO_ITEM_STATUSES }).notNull().default('queued'),
    /** The rewrite response of a succeeded item. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    /** (score_aviv − score of the original text) / 100, for the batch's citationGain. */
    gain: doublePrecision('gain'),
    attempts: counter('attempts'),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.position] })],
);

/** Citable brand pages (the small knowledge base behind wiki.page.* events). */
export const kbPages = pgTable(
  'kb_pages',
  {
    ...brandOwned(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('kb_pages_brand_idx').on(t.brandId, t.updatedAt)],
);

/** Content-check findings of a page; a finding still present after an edit is not re-raised. */
export const lintIssues = pgTable(
  'lint_issues',
  {
    id: uuidPk(),
    pageId: cascadeRef('page_id', () => kbPages.id).notNull(),
    rule: text('rule').notNull(),
    severity: text('severity').notNull(),
    message: text('message').notNull(),
    /** rule + location: the same problem in the same place keeps its row across edits. */
    fingerprint: text('fingerprint').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('lint_issues_page_fp_idx').on(t.pageId, t.fingerprint)],
);
