/** The durable job behind probe and monitoring runs: one per platform × prompt. */
import { Type } from 'typebox';
import { PLATFORM_IDS } from '../../config.js';
import { AIDA_STAGES, PROMPT_INTENTS, PROMPT_LOCALES } from '../../db/schema/scanning.js';
import { defineJob } from '../../jobs/definition.js';
import { SCAN_TASK_JOB, type ScanService } from './scans.service.js';

export const ScanTaskPayload = Type.Object({
  runId: Type.String({ format: 'uuid' }),
  platform: Type.Union(PLATFORM_IDS.map((id) => Type.Literal(id))),
  prompt: Type.Object({
    id: Type.Union([Type.String(), Type.Null()]),
    text: Type.String({ minLength: 1 }),
    hash: Type.String({ minLength: 64, maxLength: 64 }),
    stage: Type.Union(AIDA_STAGES.map((s) => Type.Literal(s))),
    intent: Type.Union(PROMPT_INTENTS.map((s) => Type.Literal(s))),
    locale: Type.Union(PROMPT_LOCALES.map((s) => Type.Literal(s))),
  }),
});

export function scanTaskJob(scans: ScanService) {
  return defineJob({
    name: SCAN_TASK_JOB,
    schema: ScanTaskPayload,
    // Platform calls retry inside the adapter first; the job retries transient failures twice
    // more, minutes apart, before recording the task as failed.
    maxAttempts: 3,
    // Longer than the slowest platform timeout with its retries; extended while running anyway.
    handler: (payload, ctx) => scans.runTask(payload, ctx),
    onAbandoned: (payload) => scans.abandonTask(payload),
  });
}
