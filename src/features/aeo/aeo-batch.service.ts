/**
 * AEO batches as durable work. Submitting stores the batch and its items and enqueues one job per
 * item in the same transaction (the outbox), so a batch accepted with 202 survives a restart and
 * a crash mid-batch re-runs only the unfinished items. Each item ends `succeeded` or `failed`
 * (transient platform failures are retried by the queue, a permanent one fails the item at once);
 * the transaction that ends the last item completes the batch, raises `aeo.batch.completed` and
 * charges the succeeded rewrites — exactly once, because items of a batch end one at a time under
 * the batch row's lock and a completed batch is never completed again.
 */
import type { Static } from 'typebox';
import { isRetryableLater, type PlatformId } from '../../platforms/index.js';
import type { Db } from '../../db/client.js';
import { DomainError, notFound } from '../../lib/errors.js';
import { fullJitterBackoff, RetryJobLaterError, type JobContext } from '../../jobs/definition.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Logger } from '../../lib/logger.js';
import { isUuid } from '../../lib/uuid.js';
import type { BrandService } from '../brands/brands.service.js';
import type { EventSink } from '../events/event-sink.js';
import type { UsageService } from '../usage/usage.service.js';
import * as repo from './aeo.repo.js';
import { RewritePlatformError, type RewriteResult, type Rewriter } from './aeo.service.js';
import { scoreOriginal } from './score.js';
import { AeoItemJob, type AeoItemPayload } from './aeo.jobs.js';
import type { AeoBatchSchema } from './aeo.schemas.js';


/** Platform failures worth another attempt later (the adapter has retried briefly already). */
const retryBackoff = fullJitterBackoff(5_000, 120_000);

export interface BatchInput {
  brandId: string;
  audience?: string | undefined;
  platform?: string | undefined;
  items: Array<{ text: string; audience?: string | undefined }>;
}

export type BatchView = Static<typeof AeoBatchSchema>;
export type BatchItemView = BatchView['results'][number];

export const batchStatusUrl = (id: string) => `/api/aeo/batch/${id}`;

/** Mean predicted structure gain of the succeeded items, 4 decimals; 0 with none. */
function meanGain(items: readonly repo.ItemRow[]): number {
  const gains = items.filter((i) => i.status === 'succeeded' && i.gain !== null).map((i) => i.gain!);
  return gains.length > 0 ? Math.round((gains.reduce((s, g) => s + g, 0) / gains.length) * 10_000) / 10_000 : 0;
}

function toView(batch: repo.BatchRow, items: readonly repo.ItemRow[]): BatchView {
  const succeeded = items.filter((i) => i.status === 'succeeded').length;
  const failed = items.filter((i) => i.status === 'failed').length;
  return {
    batchId: batch.id,
    brandId: batch.brandId,
    status: batch.status,
    statusUrl: batchStatusUrl(batch.id),
    createdAt: batch.createdAt.toISOString(),
    completedAt: batch.completedAt ? batch.completedAt.toISOString() : null,
    progress: { total: batch.itemsTotal, done: succeeded + failed, succeeded, failed },
    successCount: succeeded,
    failureCount: failed,
    citationGain: meanGain(items),
    results: items.map((i) => ({
      index: i.position,
      status: i.status,
      ok: i.status === 'succeeded' ? true : i.status === 'failed' ? false : null,
      ...(i.result ? { rewrite: i.result as unknown as RewriteResult } : {}),
      ...(i.errorCode ? { error: { code: i.errorCode, message: i.errorMessage ?? '' } } : {}),
    })),
  };
}

export function createAeoBatchService(deps: {
  db: Db;
  queue: JobQueue;
  rewriter: Rewriter;
  brands: BrandService;
  usage: Pick<UsageService, 'record'>;
  events: EventSink;
  log: Logger;
  now: () => number;
}) {
  const { db, queue, rewriter, brands, usage, events, log, now } = deps;

  type Outcome =
    | { status: 'succeeded'; rewrite: RewriteResult; gain: number }
    | { status: 'failed'; code: string; message: string };

  /** Records one item's outcome and, when it was the last, completes the batch: one transaction. */
  async function finish(batchId: string, position: number, outcome: Outcome): Promise<void> {
    const at = new Date(now());
    await db.transaction(async (tx) => {
      const batch = await repo.lockBatch(tx, batchId);
      if (!batch) return;
      const recorded = await repo.finishItem(tx, batchId, position, {
        status: outcome.status,
        result: outcome.status === 'succeeded' ? (outcome.rewrite as unknown as Record<string, unknown>) : null,
        errorCode: outcome.status === 'failed' ? outcome.code : null,
        errorMessage: outcome.status === 'failed' ? outcome.message.slice(0, 1000) : null,
        costUsd: outcome.status === 'succeeded' ? outcome.rewrite.cost_usd : 0,
        gain: outcome.status === 'succeeded' ? outcome.gain : null,
        at,
      });
      if (!recorded) return; // a duplicate delivery of an item that had ended already
      const items = await repo.listItems(tx, batchId);
      if (items.some((i) => i.status === 'queued' || i.status === 'running')) return;
      const ok = items.filter((i) => i.status === 'succeeded');
      const citationGain = meanGain(items);
      const done = await repo.completeBatch(tx, batchId, { successCount: ok.length, failureCount: items.length - ok.length, citationGain, at });
      if (!done) return;
      await events.emit(tx, {
        event: 'aeo.batch.completed',
        accountId: done.accountId,
        brandId: done.brandId,
        data: { batchId: done.id, successCount: done.successCount, failureCount: done.failureCount, rewritten: done.successCount, citationGain },
        occurredAt: at,
      });
      if (ok.length > 0) {
        const cost = Math.round(ok.reduce((s, i) => s + i.costUsd, 0) * 1e6) / 1e6;
        await usage.record(done.accountId, 'aeo_rewrite', ok.length, cost.toFixed(6), done.id, tx);
      }
    });
  }

  return {
    /**
     * Validates (brand owned, platform usable), then stores the batch with its items and one job
     * per item in one transaction. Answers the queued batch.
     */
    async submit(accountId: string, input: BatchInput): Promise<BatchView> {
      const brand = await brands.owned(accountId, input.brandId);
      const platform = rewriter.choosePlatform(input.platform);
      const { batch, items } = await db.transaction(async (tx) => {
        const batch = await repo.insertBatch(tx, {
          accountId,
          brandId: brand.id,
          brandName: brand.name,
          platform,
          audience: input.audience ?? null,
          itemsTotal: input.items.length,
          createdAt: new Date(now()),
        });
        const items = input.items.map((item, position) => ({ batchId: batch.id, position, text: item.text, audience: item.audience ?? null }));
        await repo.insertItems(tx, items);
        await queue.enqueueMany(AeoItemJob, items.map((i) => ({ batchId: batch.id, index: i.position })), {
          tx,
          dedupeKeys: items.map((i) => `${batch.id}:${i.position}`),
        });
        return { batch, items: await repo.listItems(tx, batch.id) };
      });
      return toView(batch, items);
    },

    /** The batch's status and per-item results; another account's batch is not found. */
    async status(accountId: string, id: string): Promise<BatchView> {
      const batch = isUuid(id) ? await repo.findBatch(db, accountId, id) : undefined;
      if (!batch) throw notFound('Batch');
      return toView(batch, await repo.listItems(db, batch.id));
    },

    /** The job handler of one item. Safe to run twice: an ended item is not run again. */
    async runItem(payload: AeoItemPayload, job: Pick<JobContext, 'attempt' | 'maxAttempts' | 'signal'>): Promise<void> {
      const work = await repo.findWork(db, payload.batchId, payload.index);
      if (!work || work.item.status === 'succeeded' || work.item.status === 'failed') return;
      const { batch, item } = work;
      await repo.markRunning(db, batch.id, item.position, new Date(now()));
      const last = job.attempt >= job.maxAttempts;
      let outcome: Outcome;
      try {
        const platform = rewriter.choosePlatform(batch.platform as PlatformId | null);
        const rewrite = await rewriter.generate({ text: item.text, brand: batch.brandName, audience: item.audience ?? batch.audience ?? undefined }, platform, job.signal);
        outcome = { status: 'succeeded', rewrite, gain: (rewrite.score_aviv - scoreOriginal(item.text, batch.brandName)) / 100 };
      } catch (error) {
        if (error instanceof RewritePlatformError && isRetryableLater(error.platformError) && !last) {
          throw new RetryJobLaterError(error.message, error.platformError.retryAfterMs ?? retryBackoff(job.attempt));
        }
        if (error instanceof DomainError) outcome = { status: 'failed', code: error.code, message: error.message };
        else if (last) {
          log.error({ err: error, batchId: batch.id, index: item.position }, 'AEO batch item failed unexpectedly');
          outcome = { status: 'failed', code: 'INTERNAL_ERROR', message: 'The rewrite failed unexpectedly; submit this text again.' };
        } else throw error;
      }
      await finish(batch.id, item.position, outcome);
    },

    /** The item's last attempt lost its worker (crash, kill): fail it so the batch completes. */
    async abandonItem(payload: AeoItemPayload): Promise<void> {
      const work = await repo.findWork(db, payload.batchId, payload.index);
      if (!work || work.item.status === 'succeeded' || work.item.status === 'failed') return;
      await finish(work.batch.id, work.item.position, { status: 'failed', code: 'INTERNAL_ERROR', message: 'The rewrite stopped its worker on every attempt; submit this text again.' });
    },
  };
}

export type AeoBatchService = ReturnType<typeof createAeoBatchService>;
