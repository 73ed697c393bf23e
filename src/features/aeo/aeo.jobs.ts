/** The durable job behind AEO batches: one per item. */
import { Type, type Static } from 'typebox';
import { defineItemJobType, handleItemJob } from '../../jobs/definition.js';
import type { AeoBatchService } from './aeo-batch.service.js';
import { MAX_BATCH_ITEMS } from './aeo.service.js';

export const AeoItemPayload = Type.Object({
  batchId: Type.String({ format: 'uuid' }),
  index: Type.Integer({ minimum: 0, maximum: MAX_BATCH_ITEMS - 1 }),
});
export type AeoItemPayload = Static<typeof AeoItemPayload>;

/** The last attempt records the item as failed instead of failing the job, so the batch always completes. */
export const AeoItemJob = defineItemJobType('aeo.batch-item', AeoItemPayload);

export const aeoBatchItemJob = (batches: AeoBatchService) =>
  handleItemJob(AeoItemJob, { run: (payload, ctx) => batches.runItem(payload, ctx), abandon: (payload) => batches.abandonItem(payload) });
