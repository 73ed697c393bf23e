/** The durable jobs of scanning: a run's tasks (one per platform × prompt) and re-analysis batches. */
import { Type, type Static } from 'typebox';
import { AIDA_STAGES, PROMPT_INTENTS, PROMPT_LOCALES } from '../../db/schema/scanning.js';
import { defineItemJobType, defineJobType, handleItemJob, handleJob } from '../../jobs/definition.js';
import { PLATFORM_IDS } from '../../platforms/index.js';
import type { ReanalysisService } from './reanalysis.service.js';
import type { ScanService } from './scans.service.js';

export const ScanTaskPayload = Type.Object({
  runId: Type.String({ format: 'uuid' }),
  platform: Type.Enum(PLATFORM_IDS),
  prompt: Type.Object({
    id: Type.Union([Type.String(), Type.Null()]),
    text: Type.String({ minLength: 1 }),
    hash: Type.String({ minLength: 64, maxLength: 64 }),
    stage: Type.Enum(AIDA_STAGES),
    intent: Type.Enum(PROMPT_INTENTS),
    locale: Type.Enum(PROMPT_LOCALES),
  }),
});
export type TaskPayload = Static<typeof ScanTaskPayload>;

/** Platform calls retry inside the adapter first; the last attempt records the task as a failed answer. */
export const ScanTaskJob = defineItemJobType('scan.task', ScanTaskPayload);

export const scanTaskJob = (scans: ScanService) =>
  handleItemJob(ScanTaskJob, { run: (payload, ctx) => scans.runTask(payload, ctx), abandon: (payload) => scans.abandonTask(payload) });

export const ReanalyzeBatchPayload = Type.Object({
  passId: Type.String({ format: 'uuid' }),
  /** The batch within its pass (reanalysis_batches.seq). */
  seq: Type.Integer({ minimum: 0 }),
});
export type ReanalyzeBatchPayload = Static<typeof ReanalyzeBatchPayload>;

/** One batch of a `sightline reanalyze` pass (reanalysis.service.ts). */
export const ReanalyzeBatchJob = defineJobType({
  name: 'scan.reanalyze',
  schema: ReanalyzeBatchPayload,
  // A failed batch rolled back whole (a deadlock, the database away): run it again.
  maxAttempts: 5,
  // Bulk background work: scan tasks and after-run work sharing the workers go first.
  priority: -20,
});

export function reanalyzeBatchJob(reanalysis: ReanalysisService) {
  return handleJob(ReanalyzeBatchJob, {
    handler: (payload, ctx) => reanalysis.runBatch(payload, ctx),
    onAbandoned: (payload) => reanalysis.abandonBatch(payload),
  });
}
