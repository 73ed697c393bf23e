/** Durable jobs of monitoring: the per-minute tick and the after-run hooks of one run. */
import { Type } from 'typebox';
import { defineJob } from '../../jobs/definition.js';
import type { JobQueue } from '../../jobs/queue.js';
import { MONITOR_TICK_CRON } from './cadence.js';
import { AFTER_RUN_JOB, MONITOR_TICK_JOB, type MonitoringService } from './monitoring.service.js';

export function monitoringJobs(monitoring: MonitoringService) {
  return [
    defineJob({
      name: MONITOR_TICK_JOB,
      schema: Type.Object({}),
      maxAttempts: 1, // the next tick is a minute away: no retry needed
      handler: async () => {
        await monitoring.tick();
      },
    }),
    defineJob({
      name: AFTER_RUN_JOB,
      schema: Type.Object({ runId: Type.String({ format: 'uuid' }) }),
      maxAttempts: 5,
      // Background analysis of a finished run yields to the probe tasks people are waiting for.
      priority: -10,
      handler: (payload) => monitoring.afterRun(payload.runId),
    }),
  ];
}

/** Registers the cron schedule of the tick (call once at startup, after the jobs are registered). */
export async function scheduleMonitoring(queue: JobQueue): Promise<void> {
  await queue.schedule('monitoring', MONITOR_TICK_CRON, MONITOR_TICK_JOB);
}
