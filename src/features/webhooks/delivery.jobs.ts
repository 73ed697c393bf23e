/**
 * The two webhook jobs. `webhook.deliver` makes ONE attempt per run; its retries are new jobs
 * enqueued by the delivery service (see delivery.service.ts for why), so the queue's own retry
 * is only a safety net for infrastructure errors (the database was unreachable while recording):
 * such a run is retried a few times, re-sending at worst an event the receiver de-duplicates.
 */
import { defineJob } from '../../jobs/definition.js';
import { ALERT_CHECK_JOB, AlertCheckPayloadSchema, DELIVER_JOB, DeliverPayloadSchema } from './delivery.schemas.js';
import type { DeliveryService } from './delivery.service.js';

export function webhookJobs(delivery: DeliveryService) {
  return {
    deliver: defineJob({
      name: DELIVER_JOB,
      schema: DeliverPayloadSchema,
      maxAttempts: 5,
      // A 10 s attempt plus the bookkeeping around it: the worker extends the lease meanwhile.
      handler: (payload, ctx) => delivery.deliver(payload, ctx.log),
    }),
    alertCheck: defineJob({
      name: ALERT_CHECK_JOB,
      schema: AlertCheckPayloadSchema,
      maxAttempts: 10,
      handler: (payload, ctx) => delivery.checkAlert(payload, ctx.log),
    }),
  };
}
