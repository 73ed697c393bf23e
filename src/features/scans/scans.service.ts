/**
 * Runs: plan (platforms × prompts), execute tasks (ask → analyse → store), finish (status, cost,
 * charge). Two ways to execute: synchronously inside a request (free check, full query: all tasks
 * in parallel, one batch insert) or as durable jobs, one per task, enqueued in the transaction
 * that creates the run (probes, monitoring).
 *
 * Finishing never relies on a counter updated by every task (a hot row under load): each task
 * leaves exactly one answer row (success or failure), and after storing it a task asks the
 * database whether every task of the run has its row; the one statement that flips the status
 * can succeed only once.
 */
import { retryWhileUnavailable } from '../../lib/dependency-errors.js';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { PlatformId } from '../../platforms/index.js';
import type { Db, Executor } from '../../db/client.js';
import type { BrandSnapshot, PlannedPrompt, RunKind } from '../../db/schema/scanning.js';
import { RetryJobLaterError, PermanentJobError, fullJitterBackoff, type JobContext } from '../../jobs/definition.js';
import type { JobQueue } from '../../jobs/queue.js';
import { isRetryableLater, PlatformError, type PlatformRegistry } from '../../platforms/index.js';
import type { UsageService } from '../usage/usage.service.js';
import { createAnswerBatcher } from './answer-batcher.js';
import { answersOfRun, engineVersionsOfRun, insertAnswers, taskStored, lastAskedByPlatform, platformOutcomes, recentAnswerTexts, type AnswerInput } from './answers.repo.js';
import * as runs from './runs.repo.js';
import { ScanTaskJob, type TaskPayload } from './scans.jobs.js';
import { analyzerFor, ask, recordOf, type Analyzer, type RunContext, type TaskRecord } from './task.js';

const CONTEXT_PATIENCE_MS = 30_000;
/** Spec: 0.005 USD per full scan. */
export const SCAN_FEE_USD = 0.005;
const FEE_BY_KIND: Record<RunKind, number> = { free_check: 0, query: SCAN_FEE_USD, probe: SCAN_FEE_USD, monitor: SCAN_FEE_USD };

export interface RunSpec {
  accountId: string | null;
  brandId: string | null;
  kind: RunKind;
  brand: BrandSnapshot;
  platforms: PlatformId[];
  plan: PlannedPrompt[];
  promptPackId: string | null;
}

export interface ScanServiceDeps {
  db: Db;
  queue: JobQueue;
  platforms: PlatformRegistry;
  usage: Pick<UsageService, 'record'>;
  log: Logger;
}

const retryBackoff = fullJitterBackoff(2_000, 60_000);
const CACHE_LIMIT = 512;

/** A small insertion-ordered cache: the oldest entry goes first. */
function remember<K, V>(map: Map<K, V>, key: K, value: V): V {
  if (map.size >= CACHE_LIMIT) map.delete(map.keys().next().value as K);
  map.set(key, value);
  return value;
}

export function tasksOf(plan: readonly PlannedPrompt[]): Array<{ platform: PlatformId; prompt: PlannedPrompt }> {
  return plan.flatMap((prompt) => prompt.platforms.map((platform) => ({ platform: platform as PlatformId, prompt })));
}

export function createScanService(deps: ScanServiceDeps) {
  const { db, queue, platforms, usage, log } = deps;
  const contexts = new Map<string, Promise<{ run: RunContext; analyzer: Analyzer; status: string } | undefined>>();
  const finishedListeners: Array<(run: runs.RunRow, tx: Executor) => Promise<void>> = [];

  const simulated = (ids: readonly PlatformId[]) => ids.length > 0 && ids.every((id) => platforms.get(id).simulated);
  const fallbackOf = (id: PlatformId) => {
    const adapter = platforms.get(id);
    return { model: adapter.model, simulated: adapter.simulated };
  };

  /** Finishes the run if every task is stored, and charges the account in the same transaction. */
  async function finish(runId: string, kind: RunKind): Promise<runs.RunRow | undefined> {
    return db.transaction(async (tx) => {
      const run = await runs.finishRunIfDone(tx, runId, FEE_BY_KIND[kind]);
      if (run?.accountId && run.status !== 'failed' && run.chargedUsd > 0) await charge(tx, run);
      // In the finishing transaction: what listeners enqueue exists exactly when the run finished.
      if (run?.brandId) for (const listener of finishedListeners) await listener(run, tx);
      return run;
    });
  }

  /** The ledger rows of a finished run; referenced by run id, so recorded once. */
  async function charge(tx: Executor, run: runs.RunRow): Promise<void> {
    const fee = Math.round((run.chargedUsd - run.costUsd) * 1e6) / 1e6;
    if (fee > 0) await usage.record(run.accountId!, 'scan', 1, fee.toFixed(6), run.id, tx);
    if (run.costUsd > 0) await usage.record(run.accountId!, 'platform_tokens', run.tokensTotal, run.costUsd.toFixed(6), run.id, tx);
  }

  /**
   * A run's immutable context and analyzer, read once per process (single flight: the first
   * burst of a run's tasks shares one read) and marked running on the way.
   */
  function context(runId: string): Promise<{ run: RunContext; analyzer: Analyzer; status: string } | undefined> {
    const hit = contexts.get(runId);
    if (hit) return hit;
    const loading = (async () => {
      // Waits out a short database outage rather than failing the task: a retry is an attempt spent.
      const row = await retryWhileUnavailable(() => runs.runContext(db, runId), CONTEXT_PATIENCE_MS);
      if (!row) return undefined;
      if (row.status === 'queued') await retryWhileUnavailable(() => runs.markRunning(db, runId), CONTEXT_PATIENCE_MS);
      const run: RunContext = { id: row.id, accountId: row.accountId, brandId: row.brandId, kind: row.kind, brand: row.brand };
      return { run, analyzer: analyzerFor(row.brand), status: row.status === 'queued' ? 'running' : row.status };
    })();
    remember(contexts, runId, loading);
    loading.then((value) => value ?? contexts.delete(runId), () => contexts.delete(runId));
    return loading;
  }

  // Task jobs store through the batcher (group commit); the run that completes is finished there.
  const batcher = createAnswerBatcher({
    db,
    finish: async (runId) => {
      const kind = (await contexts.get(runId))?.run.kind ?? (await runs.runContext(db, runId))?.kind ?? 'probe';
      const finished = await finish(runId, kind);
      contexts.delete(runId);
      if (finished) log.info({ runId, status: finished.status, tasks: finished.tasksTotal }, 'run finished');
    },
  });

  return {
    /** Called in the transaction that finishes a run about a brand (monitoring's after-run work). */
    onRunFinished(listener: (run: runs.RunRow, tx: Executor) => Promise<void>): void {
      finishedListeners.push(listener);
    },

    /**
     * Runs every task now, in parallel, and stores the run with all its answers. Answers come
     * back in plan order (prompt by prompt, platform by platform).
     */
    async runNow(spec: RunSpec): Promise<{ run: runs.RunRow; answers: TaskRecord[] }> {
      const id = randomUUID();
      const tasks = tasksOf(spec.plan);
      const created = runs.insertRun(db, {
        id,
        ...spec,
        status: 'running',
        tasksTotal: tasks.length,
        simulated: simulated(spec.platforms),
      });
      // The run row is written while the platforms think; a failed insert still fails the request.
      created.catch(() => {});
      const ctx: RunContext = { id, accountId: spec.accountId, brandId: spec.brandId, kind: spec.kind, brand: spec.brand };
      const outcomes = await Promise.all(tasks.map((t) => ask(platforms, t.platform, t.prompt, ctx)));
      await created;
      const analyzer = analyzerFor(spec.brand);
      const records = tasks.map((t, i) => recordOf(ctx, t.platform, t.prompt, outcomes[i]!, analyzer, fallbackOf(t.platform)));
      await insertAnswers(db, records);
      const run = await finish(id, spec.kind);
      if (!run) throw new Error(`run ${id} did not finish after storing all its answers`);
      return { run, answers: records };
    },

    /**
     * Creates a queued run and one durable job per task in one transaction (the outbox): the run
     * exists exactly when its jobs do. Returns undefined when the idempotency key was used.
     */
    async enqueueRun(
      spec: RunSpec & { idempotencyKey?: string | null; requestHash?: string | null; estimatedCompletionMs?: number | null },
    ): Promise<runs.RunRow | undefined> {
      const tasks = tasksOf(spec.plan);
      return db.transaction(async (tx) => {
        const run = await runs.insertRun(tx, { ...spec, status: 'queued', tasksTotal: tasks.length, simulated: simulated(spec.platforms) });
        if (!run) return undefined;
        const payloads: TaskPayload[] = tasks.map(({ platform, prompt }) => {
          const { platforms: _omit, ...rest } = prompt;
          return { runId: run.id, platform, prompt: rest };
        });
        await queue.enqueueMany(ScanTaskJob, payloads, {
          tx,
          dedupeKeys: payloads.map((p) => `${p.runId}:${p.platform}:${p.prompt.hash}`),
        });
        return run;
      });
    },

    /** The job handler of one task. Safe to run twice: the second store inserts nothing. */
    async runTask(payload: TaskPayload, job: Pick<JobContext, 'attempt' | 'maxAttempts' | 'signal'>): Promise<void> {
      const found = await context(payload.runId);
      if (!found) throw new PermanentJobError(`run ${payload.runId} no longer exists`);
      if (found.status !== 'running') return; // finished already: a late duplicate has nothing to add
      // A re-run (a retry, or a lease taken over after an outage or a crash) whose earlier attempt
      // stored the answer asks nothing again: a question is paid for once. First attempts skip the
      // lookup (one round trip per task is the worker's budget).
      if (job.attempt > 1 && (await taskStored(db, payload.runId, payload.platform, payload.prompt.hash))) return;
      const prompt: PlannedPrompt = { ...payload.prompt, platforms: [payload.platform] };
      const outcome = await ask(platforms, payload.platform, prompt, found.run, job.signal);
      if (!outcome.ok && isRetryableLater(outcome.error) && job.attempt < job.maxAttempts) {
        // Transient: let the queue retry later (honouring the platform's Retry-After).
        throw new RetryJobLaterError(outcome.error.message, outcome.error.retryAfterMs ?? retryBackoff(job.attempt));
      }
      await batcher.store(recordOf(found.run, payload.platform, prompt, outcome, found.analyzer, fallbackOf(payload.platform)));
    },

    /**
     * The task's last attempt lost its worker (crash, kill): record it as a failed answer without
     * asking the platform again, so its run still finishes (partial) instead of waiting for ever.
     */
    async abandonTask(payload: TaskPayload): Promise<void> {
      const found = await context(payload.runId);
      if (found?.status !== 'running') return;
      const prompt: PlannedPrompt = { ...payload.prompt, platforms: [payload.platform] };
      const error = new PlatformError(payload.platform, 'aborted', `${payload.platform}: the task stopped its worker on every attempt and was not run again`);
      await batcher.store(recordOf(found.run, payload.platform, prompt, { ok: false, error }, found.analyzer, fallbackOf(payload.platform)));
    },

    estimateInputs: {
      recentLatencies: (ids: string[]) => runs.recentLatencies(db, ids, 50),
      pendingTasks: () => runs.pendingTasksByPlatform(db, ScanTaskJob.name),
    },

    findRun: (runId: string) => runs.findRun(db, runId),
    findAccountRun: (accountId: string, runId: string) => runs.findAccountRun(db, accountId, runId),
    findByIdempotencyKey: (accountId: string, key: string) => runs.findByIdempotencyKey(db, accountId, key),
    lastFinishedRun: (brandId: string) => runs.lastFinishedRun(db, brandId),
    /** Finished runs per UTC day since `from` (the trend's run markers). */
    runsByDay: (brandId: string, from: string) => runs.finishedRunsByDay(db, brandId, from),
    answersOfRun: (runId: string) => answersOfRun(db, runId),
    /** Which analysis engine version(s) read the run's answers (re-analysis may have moved some). */
    engineVersionsOfRun: (runId: string) => engineVersionsOfRun(db, runId),
    /** The texts of a brand's recent successful answers (competitor candidates). */
    recentAnswerTexts: (brandId: string, since: Date, limit: number) => recentAnswerTexts(db, brandId, since, limit),
    /** An account's newest task outcomes per platform, oldest first (monitoring's polling back-off). */
    platformOutcomes: (accountId: string, since: Date, perPlatform: number) => platformOutcomes(db, accountId, since, perPlatform),
    /** When a brand last asked each platform. */
    lastAskedByPlatform: (brandId: string) => lastAskedByPlatform(db, brandId),
  };
}

export type ScanService = ReturnType<typeof createScanService>;
export type { TaskRecord } from './task.js';
export type { RunRow } from './runs.repo.js';
export type { AnswerRow } from './answers.repo.js';
export type { AnswerInput };
