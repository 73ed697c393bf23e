/** The durable job behind AEO batches: one per item. */
import { Type } from 'typebox';
import { defineJob } from '../../jobs/definition.js';
import { AEO_ITEM_JOB, type AeoBatchService } from './aeo-batch.service.js';
import { MAX_BATCH_ITEMS } from './aeo.service.js';

export function aeoBatchItemJob(batches: AeoBatchService) {
  return defineJob({
    name: AEO_ITEM_JOB,
    schema: Type.Object({ batchId: Type.String({ format: 'uuid' }), index: Type.Integer({ minimum: 0, maximum: MAX_BATCH_ITEMS - 1 }) }),
    // Transient platform failures get two more tries, minutes apart; the last one records the
    // item as failed instead of failing the job, so the batch always completes.
    maxAttempts: 3,
    handler: (payload, ctx) => batches.runItem(payload, ctx),
    onAbandoned: (payload) => batches.abandonItem(payload),
  });
}
