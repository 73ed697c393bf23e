/** Job payloads of webhook delivery (the job types are in delivery.jobs.ts). */
import { Type, type Static } from 'typebox';

export const DeliverPayloadSchema = Type.Object({
  deliveryId: Type.String({ format: 'uuid' }),
  webhookId: Type.String({ format: 'uuid' }),
  /** The attempt this job makes (1-based). A job whose attempt was recorded already does nothing. */
  attempt: Type.Integer({ minimum: 1 }),
  /** Counts every job of this delivery (retries, deferrals, pacing): the dedupe key's suffix. */
  hop: Type.Integer({ minimum: 0 }),
  /** Times this attempt was put off because its receiver had too many deliveries in flight. */
  deferrals: Type.Integer({ minimum: 0 }),
});
export type DeliverPayload = Static<typeof DeliverPayloadSchema>;

export const AlertCheckPayloadSchema = Type.Object({
  webhookId: Type.String({ format: 'uuid' }),
  /** ISO time the failing streak began; the alert is raised only if it is still this streak. */
  failingSince: Type.String(),
});
export type AlertCheckPayload = Static<typeof AlertCheckPayloadSchema>;

/** At most one job per delivery and hop, even when a crashed run enqueues its successor twice. */
export const deliverDedupeKey = (p: DeliverPayload): string => `${p.deliveryId}:${p.hop}`;
