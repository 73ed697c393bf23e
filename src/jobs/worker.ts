/**
 * Runs jobs: leases due jobs in batches, runs up to `concurrency` at once, extends leases while
 * they run, retries failures on their schedule, and on stop finishes what it holds.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { sleep } from '../lib/time.js';
import { fullJitterBackoff, PermanentJobError, RetryJobLaterError } from './definition.js';
import type { JobQueue } from './queue.js';
import { claimJobs, completeJobs, extendLease, failJob, retryJob, type JobRow } from './queue.repo.js';

export interface WorkerOptions {
  db: Db;
  queue: JobQueue;
  log: Logger;
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  /** Only these job names (default: every registered job). */
  only?: string[];
}

export interface Worker {
  readonly id: string;
  /** Stop leasing; wait up to graceMs for running jobs, then abort them. */
  stop(graceMs?: number): Promise<void>;
  /** Resolves when nothing is running and nothing was found due on the last poll. */
  drained(): Promise<void>;
}

const defaultRetryDelay = fullJitterBackoff();
const MAX_ERROR_LENGTH = 2_000;

export function startWorker(options: WorkerOptions): Worker {
  const { db, queue, log } = options;
  const concurrency = options.concurrency ?? 16;
  const pollMs = options.pollMs ?? 250;
  const leaseMs = options.leaseMs ?? 60_000;
  const refillAt = Math.max(1, Math.ceil(concurrency / 4));
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const running = new Map<number, { done: Promise<void>; abort: AbortController }>();
  let stopping = false;
  let idle = false;
  let wakeUp: (() => void) | undefined;
  const drainWaiters: Array<() => void> = [];
  const unsubscribe = queue.onWake(() => wakeUp?.());

  // Completions finishing together are written in one statement (group commit): one round trip
  // per batch instead of one per job. A job counts as completed only once its batch is written.
  let completing: Array<{ id: number; attempt: number; done: () => void; fail: (e: unknown) => void }> = [];
  let flushing = false;
  async function flushCompletions() {
    flushing = true;
    try {
      while (completing.length > 0) {
        await new Promise<void>((resolve) => setImmediate(resolve)); // let due completions join
        const batch = completing;
        completing = [];
        try {
          await completeJobs(db, batch);
          batch.forEach((c) => c.done());
        } catch (error) {
          batch.forEach((c) => c.fail(error));
        }
      }
    } finally {
      flushing = false;
    }
  }
  const completeJob = (_db: Db, id: number, attempt: number) =>
    new Promise<void>((done, fail) => {
      completing.push({ id, attempt, done, fail });
      if (!flushing) void flushCompletions();
    });

  async function runJob(job: JobRow, abort: AbortController): Promise<void> {
    const entry = queue.get(job.queue);
    const jobLog = log.child({ job: job.queue, jobId: job.id, attempt: job.attempts });
    if (!entry) {
      await failJob(db, job.id, job.attempts, `no handler registered for ${job.queue}`);
      return;
    }
    const problem = entry.check(job.payload);
    if (problem) {
      await failJob(db, job.id, job.attempts, `invalid payload: ${problem}`);
      return;
    }
    const heartbeat = setInterval(() => {
      extendLease(db, job.id, job.attempts, leaseMs).catch((e: unknown) => jobLog.warn({ err: e }, 'lease extension failed'));
    }, Math.max(50, Math.floor(leaseMs / 3)));
    try {
      await entry.definition.handler(job.payload as never, {
        jobId: job.id,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        signal: abort.signal,
        log: jobLog,
      });
      await completeJob(db, job.id, job.attempts);
    } catch (error) {
      const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, MAX_ERROR_LENGTH);
      const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      if (final) {
        jobLog.warn({ err: error }, 'job failed for good');
        await failJob(db, job.id, job.attempts, message);
      } else {
        const delay =
          error instanceof RetryJobLaterError
            ? error.delayMs
            : (entry.definition.retryDelayMs ?? defaultRetryDelay)(job.attempts, error);
        jobLog.info({ err: error, retryInMs: delay }, 'job failed, will retry');
        await retryJob(db, job.id, job.attempts, delay, message);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  function start(job: JobRow) {
    const abort = new AbortController();
    const done = runJob(job, abort)
      .catch((e: unknown) => log.error({ err: e, jobId: job.id }, 'job bookkeeping failed; the lease will expire and it runs again'))
      .finally(() => {
        running.delete(job.id);
        // Refill in batches: one lease query per quarter of the slots freed, not one per job
        // finished (the poll timer still picks up anything left in between).
        if (running.size === 0 || concurrency - running.size >= refillAt) wakeUp?.();
      });
    running.set(job.id, { done, abort });
  }

  async function loop() {
    const names = options.only ?? queue.names();
    while (!stopping) {
      const free = concurrency - running.size;
      let claimed: JobRow[] = [];
      if (free > 0 && names.length > 0) {
        try {
          claimed = await claimJobs(db, names, free, id, leaseMs);
        } catch (error) {
          if (stopping) break;
          log.error({ err: error }, 'could not lease jobs; retrying');
        }
      }
      for (const job of claimed) start(job);
      idle = claimed.length === 0 && running.size === 0;
      if (idle) drainWaiters.splice(0).forEach((resolve) => resolve());
      if (claimed.length > 0 && claimed.length === free) continue; // more may be waiting
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          wakeUp = undefined;
          resolve();
        }
        wakeUp = done;
      });
    }
  }

  const looping = loop();

  return {
    id,
    async stop(graceMs = 10_000) {
      stopping = true;
      wakeUp?.();
      unsubscribe();
      await looping;
      const all = [...running.values()];
      const finished = Promise.all(all.map((r) => r.done));
      const timedOut = await Promise.race([finished.then(() => false), sleep(graceMs).then(() => true)]);
      if (timedOut) {
        log.warn({ jobs: running.size }, 'jobs still running after the grace period; aborting them');
        for (const r of running.values()) r.abort.abort();
        await Promise.race([finished, sleep(2_000)]);
      }
    },
    drained() {
      if (idle && running.size === 0) return Promise.resolve();
      return new Promise((resolve) => drainWaiters.push(resolve));
    },
  };
}
