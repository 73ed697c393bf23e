/**
 * Turns due cron schedules into jobs (each slot exactly once, even with several schedulers)
 * and does the queue's housekeeping. A slot missed while everything was down fires once,
 * not once per missed slot.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { classifyDependencyError } from '../lib/dependency-errors.js';
import type { DependencyMonitor } from '../lib/dependency-monitor.js';
import type { JobQueue } from './queue.js';
import { nextCronRun } from './queue.js';
import { deleteFinishedJobs, failJob, leaseAbandonedJobs } from './queue.repo.js';
import { fireDueSchedules } from './schedules.repo.js';

export interface SchedulerOptions {
  db: Db;
  queue: JobQueue;
  log: Logger;
  tickMs?: number;
  /** How long finished jobs stay for inspection (default 7 days). */
  keepFinishedMs?: number;
  /** Database reachability: failures go to it (one log line per outage, not one per tick). */
  monitor?: DependencyMonitor;
}

/**
 * After an outage every lease may have lapsed while its worker lives; ending "abandoned" jobs
 * waits this long so their holders renew first (the worker's grace is shorter than this).
 */
const ABANDON_GRACE_AFTER_RECOVERY_MS = 30_000;

export interface Scheduler {
  tick(): Promise<number>;
  stop(): Promise<void>;
}

const HOUSEKEEPING_EVERY_MS = 60_000;

export function startScheduler(options: SchedulerOptions): Scheduler {
  const { db, queue, log } = options;
  const tickMs = options.tickMs ?? 1_000;
  const keepFinishedMs = options.keepFinishedMs ?? 7 * 86_400_000;
  let lastHousekeeping = 0;
  let current: Promise<unknown> = Promise.resolve();

  /**
   * A job whose worker died on its last attempt: its definition records the give-up
   * (onAbandoned), then the job is failed. If recording fails, the lease lapses and the next
   * housekeeping tries again.
   */
  async function endAbandonedJobs(): Promise<number> {
    let ended = 0;
    for (const job of await leaseAbandonedJobs(db, 100, 'housekeeping', HOUSEKEEPING_EVERY_MS)) {
      try {
        await queue.get(job.queue)?.abandon(job.payload);
        await failJob(db, job.id, job.attempts, 'its worker stopped during the last attempt (crash or kill); not run again');
        ended++;
      } catch (error) {
        log.error({ err: error, jobId: job.id, job: job.queue }, 'could not record an abandoned job; will retry');
      }
    }
    return ended;
  }

  async function tick(): Promise<number> {
    const fired = await fireDueSchedules(db, async (tx, due) => {
      await queue.enqueueStored(due.queue, due.payload, {
        tx,
        dedupeKey: `${due.name}@${due.nextRunAt.toISOString()}`,
      });
      return nextCronRun(due.cron, new Date(Math.max(Date.now(), due.nextRunAt.getTime())));
    });
    if (fired > 0) queue.wake();
    const settled = !options.monitor || options.monitor.upForMs() >= ABANDON_GRACE_AFTER_RECOVERY_MS;
    if (settled && Date.now() - lastHousekeeping > HOUSEKEEPING_EVERY_MS) {
      lastHousekeeping = Date.now();
      const abandoned = await endAbandonedJobs();
      const removed = await deleteFinishedJobs(db, keepFinishedMs);
      if (abandoned + removed > 0) log.info({ abandoned, removed }, 'job housekeeping');
    }
    return fired;
  }

  let ticking = false;
  const timer = setInterval(() => {
    if (ticking) return; // a stalled database must not pile up ticks behind one another
    ticking = true;
    current = tick()
      .catch((error: unknown) => {
        if (classifyDependencyError(error)) options.monitor?.reportFailure(error);
        else log.error({ err: error }, 'scheduler tick failed');
      })
      .finally(() => (ticking = false));
  }, tickMs);
  timer.unref();

  return {
    tick,
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
