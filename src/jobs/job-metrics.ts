/** Job outcomes and durations for GET /metrics, kept out of worker.ts's control flow. */
import { jobDuration, jobOutcomes } from '../lib/metrics.js';

export type JobOutcome = 'completed' | 'retry' | 'failed';

/** One finished attempt of a job of type `type` that started at `startedAt` (performance.now()). */
export function recordJob(type: string, outcome: JobOutcome, startedAt: number): void {
  jobOutcomes.inc({ type, outcome });
  jobDuration.observe({ type, outcome }, (performance.now() - startedAt) / 1000);
}
