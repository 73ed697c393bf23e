/**
 * The two webhook jobs. `webhook.deliver` makes ONE attempt per run; its retries are new jobs
 * enqueued by the delivery service (see delivery.service.ts for why), so the queue's own retry
 * is only a safety net for infrastructure errors (the database was unreachable while recording):
 * such a run is retried a few times, re-sending at worst an event the receiver de-duplicates.
 */
import { defineJobType, handleJob } from '../../jobs/definition.js';
import { AlertCheckPayloadSchema, DeliverPayloadSchema } from './delivery.schemas.js';
import type { DeliveryService } from './delivery.service.js';

export const DeliverJob = defineJobType({ name: 'webhook.deliver', schema: DeliverPayloadSchema, maxAttempts: 5 });
export const AlertCheckJob = defineJobType({ name: 'webhook.alert-check', schema: AlertCheckPayloadSchema, maxAttempts: 10 });

export function webhookJobs(delivery: DeliveryService) {
  return {
    // A 10 s attempt plus the bookkeeping around it: the worker extends the lease meanwhile.
    deliver: handleJob(DeliverJob, { handler: (payload, ctx) => delivery.deliver(payload, ctx.log) }),
    alertCheck: handleJob(AlertCheckJob, { handler: (payload, ctx) => delivery.checkAlert(payload, ctx.log) }),
  };
}
