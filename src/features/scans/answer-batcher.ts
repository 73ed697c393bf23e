/**
 * Group commit for task answers. Concurrent task jobs hand their answer to the batcher and wait;
 * whatever arrived while the previous batch was being written goes out as the next batch, in one
 * statement (answers + citations + mentions + rollups + the runs' task counters), which also says
 * which runs it completed. Under load this turns several statements per answer into a few per batch;
 * with a single task in flight it behaves like a direct write.
 *
 * Each waiter resolves only after its answer committed and its run's finish check ran, so a job
 * is marked done only when its effect is durable. A failing batch is retried row by row, so one
 * bad answer cannot fail the others.
 */
import type { Db } from '../../db/client.js';
import { retryWhileUnavailable } from '../../lib/dependency-errors.js';
import { insertAnswers, type AnswerInput } from './answers.repo.js';

/**
 * How long a batch keeps trying while the database is away: the platforms were asked already,
 * and failing here would make the queue ask them again (a duplicate execution).
 */
const OUTAGE_PATIENCE_MS = 60_000;

interface Waiter {
  record: AnswerInput;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface AnswerBatcherOptions {
  db: Db;
  /** Finishes a run found complete (status, totals, charge); called at most once per run per batch. */
  finish: (runId: string) => Promise<void>;
  maxBatch?: number;
  /** Batches written at once (PostgreSQL can use more than one connection). */
  parallel?: number;
}

export function createAnswerBatcher(options: AnswerBatcherOptions) {
  const { db, finish } = options;
  const maxBatch = options.maxBatch ?? 100;
  const parallel = options.parallel ?? 1;
  const queue: Waiter[] = [];
  let active = 0;

  async function write(batch: Waiter[]): Promise<void> {
    const ready = new Set<string>();
    try {
      const records = batch.map((w) => w.record);
      const { readyRunIds } = await retryWhileUnavailable(() => insertAnswers(db, records), OUTAGE_PATIENCE_MS);
      for (const id of readyRunIds) ready.add(id);
    } catch {
      // Isolate the culprit: write each answer alone and fail only the ones that fail.
      const alone = await Promise.allSettled(batch.map((w) => insertAnswers(db, [w.record])));
      const stored: Waiter[] = [];
      for (const [i, result] of alone.entries()) {
        if (result.status === 'rejected') {
          batch[i]!.reject(result.reason);
          continue;
        }
        stored.push(batch[i]!);
        for (const id of result.value.readyRunIds) ready.add(id);
      }
      batch = stored;
    }
    try {
      for (const runId of ready) await retryWhileUnavailable(() => finish(runId), OUTAGE_PATIENCE_MS);
      for (const w of batch) w.resolve();
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }

  async function drain(): Promise<void> {
    active += 1;
    try {
      while (queue.length > 0) {
        // Let I/O that is already due (other tasks' platform answers) run and join this batch:
        // PGlite executes on this thread, so nothing else can arrive while a write runs.
        await new Promise<void>((resolve) => setImmediate(resolve));
        await write(queue.splice(0, maxBatch));
      }
    } finally {
      active -= 1;
    }
  }

  return {
    /** Stores one answer (with the run's finish check); resolves when durable. */
    store(record: AnswerInput): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queue.push({ record, resolve, reject });
        if (active < parallel) void drain();
      });
    },
  };
}
