/** The durable job behind AEO batches: one per item. */
import { Type, type Static } from 'typebox';
import { defineJobType, handleJob } from '../../jobs/definition.js';
import type { AeoBatchService } from './aeo-batch.service.js';
import { MAX_BATCH_ITEMS } from './aeo.service.js';

export const AeoItemPayload = Type.Object({
  batchId: Type.String({ format: 'uuid' }),
  index: Type.Integer({ minimum: 0, maximum: MAX_BATCH_ITEMS - 1 }),
});
export type AeoItemPayload = Static<typeof AeoItemPayload>;

export const AeoItemJob = defineJobType({
  name: 'aeo.batch-item',
  schema: AeoItemPayload,
  // Transient platform failures get two more tries, minutes apart; the last one records the
  // item as failed instead of failing the job, so the batch always completes.
  maxAttempts: 3,
});

export function aeoBatchItemJob(batches: AeoBatchService) {
  return handleJob(AeoItemJob, {
    handler: (payload, ctx) => batches.runItem(payload, ctx),
    onAbandoned: (payload) => batches.abandonItem(payload),
  });
}
