/** Durable jobs of monitoring: the per-minute tick and the after-run hooks of one run. */
import { Type } from 'typebox';
import { defineJobType, handleJob } from '../../jobs/definition.js';
import type { JobQueue } from '../../jobs/queue.js';
import { MONITOR_TICK_CRON } from './cadence.js';
import type { MonitoringService } from './monitoring.service.js';

export const MonitorTickJob = defineJobType({
  name: 'monitoring.tick',
  schema: Type.Object({}),
  maxAttempts: 1, // the next tick is a minute away: no retry needed
});

export const AfterRunJob = defineJobType({
  name: 'intelligence.after-run',
  schema: Type.Object({ runId: Type.String({ format: 'uuid' }) }),
  maxAttempts: 5,
  // Background analysis of a finished run yields to the probe tasks people are waiting for.
  priority: -10,
});

export function monitoringJobs(monitoring: MonitoringService) {
  return {
    tick: handleJob(MonitorTickJob, {
      handler: async () => {
        await monitoring.tick();
      },
    }),
    afterRun: handleJob(AfterRunJob, { handler: (payload) => monitoring.afterRun(payload.runId) }),
  };
}

/** Registers the cron schedule of the tick (call once at startup, after the jobs are registered). */
export async function scheduleMonitoring(queue: JobQueue): Promise<void> {
  await queue.schedule('monitoring', MONITOR_TICK_CRON, MonitorTickJob, {});
}
