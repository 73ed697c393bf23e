/**
 * Re-analysis: stored answers re-read by the current engine (`sightline reanalyze`), so a
 * customer's history improves with the engine. A pass selects the answers (filters frozen at
 * start), splits them into batches and enqueues one durable job per batch in the same transaction.
 *
 * A batch is one transaction: lock the batch row (a second run of the job waits, then finds it
 * done), lock its answers, re-read each with the analyzer of its run's brand snapshot, rewrite the
 * answer, its citation and competitor rows, apply the differences to the daily rollups, and mark
 * the batch done. A crash before the commit leaves nothing behind; after it, the job's retry
 * changes nothing. So every answer is read once per pass, and no rollup counts twice.
 */
import type { Logger } from 'pino';
import { ENGINE_VERSION, type AnswerAnalysis } from '../../analysis/index.js';
import type { Db, Executor } from '../../db/client.js';
import type { JobContext } from '../../jobs/definition.js';
import type { JobQueue } from '../../jobs/queue.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import * as repo from './reanalysis.repo.js';
import { ReanalyzeBatchJob, type ReanalyzeBatchPayload } from './scans.jobs.js';
import { analyzerFor, storedRowsOf, type Analyzer } from './task.js';

export const DEFAULT_BATCH_SIZE = 200;
export const MAX_BATCH_SIZE = 1_000;
const ANALYZER_CACHE = 256;

export interface ReanalysisDeps {
  db: Db;
  queue: JobQueue;
  /** Whether a brand exists (in any account): `--brand` names an unknown one → NOT_FOUND. */
  brandExists: (brandId: string) => Promise<boolean>;
  /** Records first sightings of the pages re-read answers cite (citations feature). */
  recordSightings: (tx: Executor, answerIds: readonly string[]) => Promise<unknown>;
  log: Logger;
}

export interface StartInput {
  /** A UTC day (YYYY-MM-DD: from its start) or an ISO 8601 instant; answers stored from then on. */
  since?: string | undefined;
  brandId?: string | undefined;
  force?: boolean | undefined;
  batchSize?: number | undefined;
}

export type { PassProgress } from './reanalysis.repo.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** `--since`: a real calendar day or an instant with its offset; anything else is refused. */
export function parseSince(value: string): Date {
  const text = value.trim();
  if (DAY.test(text)) {
    const at = new Date(`${text}T00:00:00Z`);
    if (!Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text) return at;
  } else if (INSTANT.test(text)) {
    const at = new Date(text);
    if (!Number.isNaN(at.getTime())) return at;
  }
  throw badRequest(`since "${value.slice(0, 40)}" is not a date: give a UTC day (2026-01-31) or an ISO 8601 instant (2026-01-31T08:00:00Z)`, { field: 'since' });
}

/** A small insertion-ordered cache: the oldest entry goes first. */
function remember<K, V>(map: Map<K, V>, key: K, value: V): V {
  if (map.size >= ANALYZER_CACHE) map.delete(map.keys().next().value as K);
  map.set(key, value);
  return value;
}

/** The platform's own citation list of a stored answer: recorded since engine 2.0's storage, else recovered from its analysis. */
function platformCitationsOf(answer: repo.StoredAnswer): string[] {
  if (answer.platformCitations) return answer.platformCitations;
  const cited = (answer.analysis as { citations?: Array<{ url?: unknown; source?: unknown }> } | null)?.citations ?? [];
  return cited.filter((c) => c.source === 'platform' && typeof c.url === 'string').map((c) => c.url as string);
}

const isPositive = (mentioned: boolean | null, label: string | null) => mentioned === true && label === 'positive';
const isNegative = (mentioned: boolean | null, label: string | null) => mentioned === true && label === 'negative';
const bit = (b: boolean) => (b ? 1 : 0);

/** What one reading of an answer contributes to its `answer_daily_rollups` row (the insert's formulas). */
function contribution(a: { mentioned: boolean | null; rank: number | null; sentimentLabel: string | null; sentimentScore: number | null }) {
  const rank = a.rank;
  return {
    mentions: bit(a.mentioned === true),
    positives: bit(isPositive(a.mentioned, a.sentimentLabel)),
    negatives: bit(isNegative(a.mentioned, a.sentimentLabel)),
    rankSum: rank ?? 0,
    rankCount: bit(rank !== null),
    rankSqSum: rank === null ? 0 : rank * rank,
    rank1: bit(rank === 1),
    rank2: bit(rank === 2),
    rank3: bit(rank === 3),
    rank4to5: bit(rank !== null && rank >= 4 && rank <= 5),
    rank6plus: bit(rank !== null && rank >= 6),
    // Stored as real (float4): the value the insert summed is the rounded one.
    sentimentSum: a.mentioned === true && a.sentimentScore !== null ? Math.fround(a.sentimentScore) : 0,
  };
}

type Contribution = ReturnType<typeof contribution>;
const CONTRIBUTION_KEYS = Object.keys(contribution({ mentioned: null, rank: null, sentimentLabel: null, sentimentScore: null })) as Array<keyof Contribution>;

/** Sums deltas that share a key (one statement may touch a row once). */
function accumulate<T extends object>(into: Map<string, T>, key: string, delta: T, sumKeys: ReadonlyArray<keyof T>): void {
  const seen = into.get(key) as Record<keyof T, unknown> | undefined;
  if (!seen) {
    into.set(key, { ...delta });
    return;
  }
  const add = delta as Record<keyof T, unknown>;
  for (const k of sumKeys) seen[k] = (seen[k] as number) + (add[k] as number);
}

const sameScore = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.fround(a) === Math.fround(b));

export function createReanalysisService(deps: ReanalysisDeps) {
  const { db, queue, log } = deps;
  const analyzers = new Map<string, Analyzer>();

  function analyzerOf(answer: repo.StoredAnswer): Analyzer {
    return analyzers.get(answer.runId) ?? remember(analyzers, answer.runId, analyzerFor(answer.brand));
  }

  async function filterOf(input: StartInput): Promise<repo.PassFilter> {
    const since = input.since === undefined ? null : parseSince(input.since);
    let brandId: string | null = null;
    if (input.brandId !== undefined) {
      const id = input.brandId.trim().toLowerCase();
      if (!isUuid(id)) throw badRequest(`brand "${input.brandId.slice(0, 40)}" is not a brand id (a UUID)`, { field: 'brand' });
      if (!(await deps.brandExists(id))) throw notFound(`Brand ${id}`);
      brandId = id;
    }
    return { engineVersion: ENGINE_VERSION, since, brandId, force: input.force === true };
  }

  /** Re-reads the batch's answers and writes what changed; returns its counts. */
  async function reread(tx: Executor, answerIds: readonly string[], force: boolean): Promise<repo.BatchCounts> {
    const stored = await repo.lockAnswers(tx, answerIds);
    const counts: repo.BatchCounts = { reanalyzed: 0, changed: 0, skipped: answerIds.length - stored.length, failed: 0 };
    const due = stored.filter((a) => force || a.engineVersion !== ENGINE_VERSION);
    counts.skipped += stored.length - due.length;
    if (due.length === 0) return counts;
    const ids = due.map((a) => a.id);
    const [oldCitations, oldCompetitors] = await Promise.all([repo.citationRowsOf(tx, ids), repo.competitorRowsOf(tx, ids)]);

    const updates: repo.AnswerUpdate[] = [];
    const citations: repo.CitationRow[] = [];
    const competitors: repo.CompetitorRow[] = [];
    const rewriteCitations: string[] = [];
    const rewriteCompetitors: string[] = [];
    const rollups = new Map<string, repo.AnswerRollupDelta>();
    const competitorRollups = new Map<string, repo.CompetitorRollupDelta>();
    const engineRollups = new Map<string, repo.EngineRollupDelta>();
    const runs = new Set<string>();

    for (const answer of due) {
      let analysis: AnswerAnalysis;
      try {
        analysis = analyzerOf(answer).analyze(answer.rawText, platformCitationsOf(answer));
      } catch (error) {
        // The engine never throws by contract (property tests); if it does, the answer keeps its reading.
        log.error({ err: error, answerId: answer.id }, 'reanalysis: the engine failed on a stored answer');
        counts.failed += 1;
        continue;
      }
      counts.reanalyzed += 1;
      const next = {
        mentioned: analysis.mentioned,
        rank: analysis.rank,
        sentimentLabel: analysis.sentiment?.label ?? null,
        sentimentScore: analysis.sentiment?.score ?? null,
      };
      updates.push({ id: answer.id, analysis, engineVersion: analysis.engineVersion, ...next, position: analysis.position, mentionCount: analysis.mentionCount });
      const rows = storedRowsOf(analysis);
      const newCitations = rows.citations.map((c) => ({ answerId: answer.id, ...c }));
      const newCompetitors = rows.competitors.map((c) => ({ answerId: answer.id, ...c }));
      const citationsChanged = !sameRows(oldCitations.filter((c) => c.answerId === answer.id), newCitations, citationKey);
      const before = oldCompetitors.filter((c) => c.answerId === answer.id);
      const competitorsChanged = !sameRows(before, newCompetitors, competitorKey);
      if (citationsChanged) rewriteCitations.push(answer.id);
      if (competitorsChanged) rewriteCompetitors.push(answer.id);
      citations.push(...newCitations);
      competitors.push(...newCompetitors);
      const figuresChanged =
        answer.mentioned !== next.mentioned || answer.rank !== next.rank || answer.sentimentLabel !== next.sentimentLabel || !sameScore(answer.sentimentScore, next.sentimentScore);
      if (figuresChanged || citationsChanged || competitorsChanged) counts.changed += 1;
      if (answer.mentioned !== next.mentioned) runs.add(answer.runId);

      if (answer.brandId === null) continue; // a free check: no rollups
      const brandId = answer.brandId;
      if (figuresChanged) {
        const was = contribution(answer);
        const now = contribution(next);
        const delta = Object.fromEntries(CONTRIBUTION_KEYS.map((k) => [k, now[k] - was[k]])) as Contribution;
        accumulate(rollups, `${brandId}|${answer.day}|${answer.platform}|${answer.promptHash}`, { brandId, day: answer.day, platform: answer.platform, promptHash: answer.promptHash, ...delta }, CONTRIBUTION_KEYS);
      }
      if (competitorsChanged) {
        const add = (c: { name: string; rank: number | null; sentimentLabel: string | null }, sign: 1 | -1) =>
          accumulate(
            competitorRollups,
            `${brandId}|${answer.day}|${answer.platform}|${c.name}|${answer.branded}`,
            {
              brandId, day: answer.day, platform: answer.platform, competitor: c.name, branded: answer.branded, mentions: sign,
              positives: sign * bit(c.sentimentLabel === 'positive'), negatives: sign * bit(c.sentimentLabel === 'negative'),
              rankSum: sign * (c.rank ?? 0), rankCount: sign * bit(c.rank !== null),
            },
            ['mentions', 'positives', 'negatives', 'rankSum', 'rankCount'],
          );
        for (const c of before) add(c, -1);
        for (const c of newCompetitors) add(c, 1);
      }
      if (answer.engineVersion !== analysis.engineVersion) {
        const move = (engineVersion: string, answers: number) =>
          accumulate(engineRollups, `${brandId}|${answer.day}|${engineVersion}|${answer.branded}`, { brandId, day: answer.day, engineVersion, branded: answer.branded, answers }, ['answers']);
        if (answer.engineVersion !== null) move(answer.engineVersion, -1);
        move(analysis.engineVersion, 1);
      }
    }

    await repo.updateAnswers(tx, updates);
    await repo.replaceCitations(tx, rewriteCitations, citations.filter((c) => rewriteCitations.includes(c.answerId)));
    await repo.replaceCompetitors(tx, rewriteCompetitors, competitors.filter((c) => rewriteCompetitors.includes(c.answerId)));
    await repo.applyAnswerRollupDeltas(tx, [...rollups.values()].filter((d) => CONTRIBUTION_KEYS.some((k) => d[k] !== 0)));
    await repo.applyCompetitorRollupDeltas(tx, [...competitorRollups.values()].filter((d) => d.mentions !== 0 || d.positives !== 0 || d.negatives !== 0 || d.rankSum !== 0 || d.rankCount !== 0));
    await repo.applyEngineRollupDeltas(tx, [...engineRollups.values()].filter((d) => d.answers !== 0));
    await repo.refreshRunMentions(tx, [...runs]);
    if (rewriteCitations.length > 0) await deps.recordSightings(tx, rewriteCitations);
    return counts;
  }

  /** The batch's job will not run again (it failed, or stopped its worker, on every attempt). */
  async function abandonBatch(payload: ReanalyzeBatchPayload, error?: unknown): Promise<void> {
    const why = error instanceof Error ? error.message : 'the batch stopped its worker on every attempt and was not run again';
    await db.transaction((tx) => repo.failBatch(tx, payload.passId, payload.seq, why));
  }

  return {
    /**
     * Starts a pass, or resumes the unfinished one with the same filters and engine version (its
     * jobs are still queued: re-running the command after a crash picks up where it stopped).
     */
    async start(input: StartInput): Promise<{ pass: repo.PassRow; resumed: boolean }> {
      const filter = await filterOf(input);
      const batchSize = input.batchSize ?? DEFAULT_BATCH_SIZE;
      if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
        throw badRequest(`batch size must be an integer from 1 to ${MAX_BATCH_SIZE}`, { field: 'batchSize' });
      }
      return db.transaction(async (tx) => {
        const open = await repo.findOpenPass(tx, filter);
        if (open) return { pass: open, resumed: true };
        const pass = await repo.createPass(tx, filter, batchSize);
        const payloads: ReanalyzeBatchPayload[] = Array.from({ length: pass.batches }, (_, seq) => ({ passId: pass.id, seq }));
        await queue.enqueueMany(ReanalyzeBatchJob, payloads, { tx, dedupeKeys: payloads.map((p) => `${p.passId}:${p.seq}`) });
        return { pass, resumed: false };
      });
    },

    progress: (passId: string) => repo.passProgress(db, passId),

    /** The job handler of one batch. Safe to run twice: the second run finds the batch done. */
    async runBatch(payload: ReanalyzeBatchPayload, job: Pick<JobContext, 'attempt' | 'maxAttempts'>): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const batch = await repo.lockBatch(tx, payload.passId, payload.seq);
          if (!batch || batch.finished) return;
          const counts = await reread(tx, batch.answerIds, batch.force);
          await repo.finishBatch(tx, payload.passId, payload.seq, counts);
        });
      } catch (error) {
        // The last attempt: give the batch up so its pass can finish (and say so) instead of waiting for ever.
        if (job.attempt >= job.maxAttempts) await abandonBatch(payload, error);
        throw error;
      }
    },

    abandonBatch: (payload: ReanalyzeBatchPayload) => abandonBatch(payload),
  };
}

const citationKey = (c: repo.CitationRow | Omit<repo.CitationRow, 'answerId'>) => `${c.normalizedUrl}\u0000${c.url}\u0000${c.domain}\u0000${c.source}\u0000${c.context}`;
const competitorKey = (c: { name: string; rank: number | null; sentimentLabel: string | null; sentimentScore: number | null; position: number | null; mentionCount: number }) =>
  `${c.name}\u0000${c.rank}\u0000${c.sentimentLabel}\u0000${c.sentimentScore === null ? 'null' : Math.fround(c.sentimentScore)}\u0000${c.position}\u0000${c.mentionCount}`;

function sameRows<T>(before: readonly T[], after: readonly T[], key: (row: T) => string): boolean {
  if (before.length !== after.length) return false;
  const keys = new Set(before.map(key));
  return after.every((row) => keys.has(key(row)));
}

export type ReanalysisService = ReturnType<typeof createReanalysisService>;
