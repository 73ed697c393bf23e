/**
 * Runs jobs: leases due jobs in batches, runs up to `concurrency` at once, renews the leases of
 * everything it holds in one statement per heartbeat, retries failures on their schedule, and on
 * stop waits a bounded time for what it holds, then hands the rest back to the queue.
 *
 * Surviving the database going away (docs/operations.md):
 * - bookkeeping (claims, heartbeats, completions) can use its own small pool (`controlDb`), so
 *   job work filling the main pool cannot starve the heartbeats that keep leases alive;
 * - a completion (or retry/fail) write that fails for a dependency reason is retried within a
 *   second or two until it lands, instead of leaving the job to run again after its lease;
 * - a heartbeat that finds a job is no longer ours aborts it, and completion is fenced by
 *   (id, attempt) anyway: a late writer changes nothing;
 * - just after an outage, lapsed leases are not taken over for a grace period, so their live
 *   holders can renew them first (a 20 s outage must not run 40 probes' tasks twice);
 * - during an outage the claim loop backs off (up to 5 s) instead of spinning.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { classifyDependencyError } from '../lib/dependency-errors.js';
import type { DependencyMonitor } from '../lib/dependency-monitor.js';
import { sleep } from '../lib/time.js';
import { recordJob } from './job-metrics.js';
import { fullJitterBackoff, PermanentJobError, RetryJobLaterError } from './definition.js';
import type { JobQueue } from './queue.js';
import { claimJobs, completeJobs, extendLeases, failJob, releaseJobs, retryJob, type JobRow } from './queue.repo.js';

export interface WorkerOptions {
  db: Db;
  /** Claims, heartbeats and completions (default: db). A separate pool keeps them from queueing behind job work. */
  controlDb?: Db;
  queue: JobQueue;
  log: Logger;
  /** Reachability of the database: failures are reported to it, and recovery starts its grace period. */
  monitor?: DependencyMonitor;
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  /** Only these job names (default: every registered job). */
  only?: string[];
}

export interface Worker {
  readonly id: string;
  /** Stop leasing; wait up to graceMs for running jobs, then abort them and release them to the queue. */
  stop(graceMs?: number): Promise<void>;
  /** Resolves when nothing is running and nothing was found due on the last poll. */
  drained(): Promise<void>;
}

const defaultRetryDelay = fullJitterBackoff();
const MAX_ERROR_LENGTH = 2_000;
/** Claim back-off during an outage: doubles from pollMs up to this. */
const MAX_CLAIM_BACKOFF_MS = 5_000;
/** Bookkeeping writes retried while the database is away: this often at most. */
const WRITE_RETRY_MS = [100, 250, 500, 1_000];

interface Held {
  job: JobRow;
  done: Promise<void>;
  abort: AbortController;
}

export function startWorker(options: WorkerOptions): Worker {
  const { db, queue, log, monitor } = options;
  const control = options.controlDb ?? db;
  const concurrency = options.concurrency ?? 16;
  const pollMs = options.pollMs ?? 250;
  const leaseMs = options.leaseMs ?? 15_000;
  const heartbeatMs = Math.max(50, Math.floor(leaseMs / 3));
  // Long enough for every live holder to renew once after the database comes back.
  const recoveryGraceMs = heartbeatMs + 2_000;
  const refillAt = Math.max(1, Math.ceil(concurrency / 4));
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const running = new Map<number, Held>();
  let stopping = false;
  let idle = false;
  let wakeUp: (() => void) | undefined;
  const drainWaiters: Array<() => void> = [];
  const unsubscribe = queue.onWake(() => wakeUp?.());
  /** Jobs handed back to the queue at shutdown: nothing more is written for them. */
  const released = new Set<number>();

  /** A dependency failure is the monitor's to count and log (once per outage); anything else is logged here. */
  function noteFailure(error: unknown, what: string, fields: Record<string, unknown> = {}): boolean {
    if (classifyDependencyError(error)) {
      monitor?.reportFailure(error);
      return true;
    }
    log.error({ err: error, ...fields }, what);
    return false;
  }

  /**
   * A bookkeeping write that must land: retried promptly while the failure is the database's,
   * until it succeeds or the job is no longer ours to write (the worker released it at stop).
   */
  async function persist<T>(write: () => Promise<T>, jobId: number): Promise<T | undefined> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await write();
      } catch (error) {
        if (!classifyDependencyError(error)) throw error;
        monitor?.reportFailure(error);
        if (released.has(jobId)) return undefined;
        await sleep(WRITE_RETRY_MS[Math.min(attempt, WRITE_RETRY_MS.length - 1)]!);
      }
    }
  }

  // Completions finishing together are written in one statement (group commit): one round trip
  // per batch instead of one per job. A job counts as completed only once its batch is written.
  let completing: Array<{ id: number; attempt: number; done: (completed: boolean) => void; fail: (e: unknown) => void }> = [];
  let flushing = false;
  async function flushCompletions() {
    flushing = true;
    try {
      let attempt = 0;
      while (completing.length > 0) {
        await new Promise<void>((resolve) => setImmediate(resolve)); // let due completions join
        const batch = completing.filter((c) => !released.has(c.id));
        for (const c of completing) if (released.has(c.id)) c.done(false);
        completing = [];
        try {
          const completed = await completeJobs(control, batch);
          for (const c of batch) c.done(completed.has(c.id));
          attempt = 0;
        } catch (error) {
          if (!classifyDependencyError(error)) {
            for (const c of batch) c.fail(error);
            continue;
          }
          // The database is away: keep the batch and write it again shortly (not after the lease).
          monitor?.reportFailure(error);
          completing.unshift(...batch);
          await sleep(WRITE_RETRY_MS[Math.min(attempt++, WRITE_RETRY_MS.length - 1)]!);
        }
      }
    } finally {
      flushing = false;
    }
  }
  const completeJob = (jobId: number, attempt: number) =>
    new Promise<boolean>((done, fail) => {
      completing.push({ id: jobId, attempt, done, fail });
      if (!flushing) void flushCompletions();
    });

  async function runJob(job: JobRow, abort: AbortController): Promise<void> {
    const entry = queue.get(job.queue);
    // The job's child logger is made only when something is logged: most jobs log nothing, and a
    // pino child serialises its bindings up front (a probe run is one job per answer).
    let childLog: Logger | undefined;
    const jobLog = (): Logger => (childLog ??= log.child({ job: job.queue, jobId: job.id, attempt: job.attempts }));
    if (!entry) {
      await persist(() => failJob(control, job.id, job.attempts, `no handler registered for ${job.queue}`), job.id);
      return;
    }
    const problem = entry.check(job.payload);
    if (problem) {
      await persist(() => failJob(control, job.id, job.attempts, `invalid payload: ${problem}`), job.id);
      return;
    }
    const started = performance.now();
    try {
      await entry.run(job.payload, {
        jobId: job.id,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        signal: abort.signal,
        get log() {
          return jobLog();
        },
      });
      const completed = await completeJob(job.id, job.attempts);
      if (!completed && !released.has(job.id)) jobLog().warn('completion fenced: the job is no longer ours (its lease was taken over)');
      recordJob(job.queue, 'completed', started);
    } catch (error) {
      if (abort.signal.aborted && released.has(job.id)) return; // stopped at shutdown and handed back
      const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, MAX_ERROR_LENGTH);
      const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      if (final) {
        jobLog().warn({ err: error }, 'job failed for good');
        await persist(() => failJob(control, job.id, job.attempts, message), job.id);
        recordJob(job.queue, 'failed', started);
      } else {
        const delay =
          error instanceof RetryJobLaterError
            ? error.delayMs
            : (entry.type.retryDelayMs ?? defaultRetryDelay)(job.attempts, error);
        if (classifyDependencyError(error)) monitor?.reportFailure(error);
        else jobLog().info({ err: error, retryInMs: delay }, 'job failed, will retry');
        await persist(() => retryJob(control, job.id, job.attempts, delay, message), job.id);
        recordJob(job.queue, 'retry', started);
      }
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
    running.set(job.id, { job, done, abort });
  }

  // One heartbeat for every job held: renews all leases in one statement. A job the database no
  // longer gives us is aborted. While the database is away it retries every second.
  let heartbeatTimer: NodeJS.Timeout | undefined;
  let heartbeating = false;
  async function heartbeat() {
    heartbeating = true;
    let nextMs = heartbeatMs;
    try {
      const held = [...running.values()].filter((h) => !released.has(h.job.id)).map((h) => ({ id: h.job.id, attempt: h.job.attempts }));
      if (held.length > 0) {
        const renewed = await extendLeases(control, held, leaseMs);
        for (const { id: jobId } of held) {
          const entry = running.get(jobId);
          if (!renewed.has(jobId) && entry && !entry.abort.signal.aborted) {
            log.warn({ jobId, job: entry.job.queue, attempt: entry.job.attempts }, 'lease lost (another worker took the job over); stopping this run');
            entry.abort.abort();
          }
        }
      }
    } catch (error) {
      noteFailure(error, 'lease heartbeat failed');
      nextMs = Math.min(heartbeatMs, 1_000);
    } finally {
      heartbeating = false;
      if (!heartbeatsStopped) {
        heartbeatTimer = setTimeout(() => void heartbeat(), nextMs);
        heartbeatTimer.unref();
      }
    }
  }
  let heartbeatsStopped = false;
  heartbeatTimer = setTimeout(() => void heartbeat(), heartbeatMs);
  heartbeatTimer.unref();

  async function loop() {
    const names = options.only ?? queue.names();
    let backoffMs = pollMs;
    while (!stopping) {
      const free = concurrency - running.size;
      let claimed: JobRow[] = [];
      let failed = false;
      if (free > 0 && names.length > 0) {
        try {
          const takeLapsed = !monitor || monitor.upForMs() >= recoveryGraceMs;
          claimed = await claimJobs(control, names, free, id, leaseMs, takeLapsed);
        } catch (error) {
          if (stopping) break;
          failed = true;
          noteFailure(error, 'could not lease jobs; retrying');
        }
      }
      backoffMs = failed ? Math.min(MAX_CLAIM_BACKOFF_MS, backoffMs * 2) : pollMs;
      for (const job of claimed) start(job);
      idle = !failed && claimed.length === 0 && running.size === 0;
      if (idle) for (const resolve of drainWaiters.splice(0)) resolve();
      if (claimed.length > 0 && claimed.length === free) continue; // more may be waiting
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, backoffMs);
        function done() {
          clearTimeout(timer);
          wakeUp = undefined;
          resolve();
        }
        // While backing off, a local enqueue must not restart the spin.
        wakeUp = failed ? () => (stopping ? done() : undefined) : done;
      });
    }
  }

  const looping = loop();

  /** Hands back what is still held: due now, the attempt not spent. Retried briefly if the database is away. */
  async function releaseHeld(deadline: number): Promise<void> {
    const held = [...running.values()].map((h) => ({ id: h.job.id, attempt: h.job.attempts }));
    if (held.length === 0) return;
    for (const h of held) released.add(h.id);
    for (let attempt = 0; ; attempt++) {
      try {
        const n = await releaseJobs(control, held);
        log.info({ jobs: n }, 'released unfinished jobs to the queue');
        return;
      } catch (error) {
        if (Date.now() >= deadline) {
          log.warn({ err: error, jobs: held.length }, 'could not release jobs at shutdown; they run again when their lease expires');
          return;
        }
        await sleep(WRITE_RETRY_MS[Math.min(attempt, WRITE_RETRY_MS.length - 1)]!);
      }
    }
  }

  return {
    id,
    async stop(graceMs = 10_000) {
      const deadline = Date.now() + graceMs;
      stopping = true;
      wakeUp?.();
      unsubscribe();
      await Promise.race([looping, sleep(graceMs)]);
      const finished = Promise.all([...running.values()].map((r) => r.done));
      // Most of the bound for the jobs to finish; the rest to hand back what did not.
      const releaseReserve = Math.min(2_000, Math.floor(graceMs / 4));
      const timedOut = await Promise.race([finished.then(() => false), sleep(Math.max(0, deadline - releaseReserve - Date.now())).then(() => true)]);
      if (timedOut) {
        log.warn({ jobs: running.size }, 'jobs still running at the shutdown bound; aborting and releasing them');
        await releaseHeld(deadline);
        for (const r of running.values()) r.abort.abort();
        await Promise.race([finished, sleep(Math.max(0, deadline - Date.now()))]);
      }
      heartbeatsStopped = true;
      if (heartbeatTimer) clearTimeout(heartbeatTimer);
      while (heartbeating && Date.now() < deadline) await sleep(10);
    },
    drained() {
      if (idle && running.size === 0) return Promise.resolve();
      return new Promise((resolve) => drainWaiters.push(resolve));
    },
  };
}
