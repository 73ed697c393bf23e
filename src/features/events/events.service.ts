/**
 * The events outbox: how every feature raises an event (docs/webhooks.md "Raising events").
 *
 *   await db.transaction(async (tx) => {
 *     ...the change itself...
 *     await services.events.emit(tx, { event: 'sentinel.triggered', accountId, brandId, data });
 *   });
 *
 * `emit` writes, IN THE CALLER'S TRANSACTION, the event row (its body serialised once, with its
 * eventId) and one delivery row + one durable delivery job per enabled webhook subscribed to the
 * event. So an event exists exactly when the change that caused it committed: a rollback leaves
 * no event and no job, a commit leaves both, and a crash right after commit loses nothing (the
 * worker picks the jobs up). No HTTP happens here.
 */
import type { Executor } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import { DeliverJob } from '../webhooks/delivery.jobs.js';
import { deliverDedupeKey, type DeliverPayload } from '../webhooks/delivery.schemas.js';
import { buildEventBody, sampleEventData, type EventName } from './catalogue.js';
import * as repo from './events.repo.js';

export { EventDataError, type EventName } from './catalogue.js';

export interface EmitInput {
  event: EventName;
  accountId: string;
  brandId: string;
  /** Exactly the catalogue's fields for this event (docs/webhooks.md); `brandId` may be left out. */
  data: Readonly<Record<string, unknown>>;
  /** When it happened (default: now). */
  occurredAt?: Date;
}

export interface EmittedEvent {
  eventId: string;
  /** Webhooks the event will be delivered to (0 when nobody subscribed; the event is kept anyway). */
  deliveries: number;
}

export interface TestEventInput {
  accountId: string;
  /** The webhook's brand; null for an account-wide webhook (the body then says "brand_test"). */
  brandId: string | null;
  webhookId: string;
  event: EventName;
}

export interface EventsService {
  /** Record an event and queue its deliveries in `tx`. Throws EventDataError on data that does not match the catalogue. */
  emit(tx: Executor, input: EmitInput): Promise<EmittedEvent>;
  /** A test event with sample data, delivered to one webhook only (enabled or not), through the same path. */
  emitTest(tx: Executor, input: TestEventInput): Promise<EmittedEvent & { deliveryId: string }>;
}

export const TEST_BRAND_ID = 'brand_test';

export function createEventsService(deps: { queue: JobQueue; now: () => number }): EventsService {
  const { queue, now } = deps;

  async function record(
    tx: Executor,
    input: { event: EventName; accountId: string; brandId: string | null; data: Readonly<Record<string, unknown>>; occurredAt: Date; test: boolean },
    webhookIds: (eventId: string) => Promise<string[]>,
  ) {
    const built = buildEventBody({ event: input.event, brandId: input.brandId ?? TEST_BRAND_ID, data: input.data, occurredAt: input.occurredAt });
    await repo.insertEvent(tx, {
      eventId: built.eventId,
      accountId: input.accountId,
      brandId: input.brandId,
      event: input.event,
      body: built.body,
      test: input.test,
      createdAt: new Date(now()),
    });
    const deliveries = await repo.insertDeliveries(tx, built.eventId, await webhookIds(built.eventId), new Date(now()));
    const payloads: DeliverPayload[] = deliveries.map((d) => ({ deliveryId: d.id, webhookId: d.webhookId, attempt: 1, hop: 0, deferrals: 0 }));
    if (payloads.length > 0) await queue.enqueueMany(DeliverJob, payloads, { tx, dedupeKeys: payloads.map(deliverDedupeKey) });
    return { eventId: built.eventId, deliveries };
  }

  return {
    async emit(tx, input) {
      const occurredAt = input.occurredAt ?? new Date(now());
      const { eventId, deliveries } = await record(tx, { ...input, occurredAt, test: false }, () =>
        repo.subscribedWebhookIds(tx, input.accountId, input.brandId, input.event),
      );
      return { eventId, deliveries: deliveries.length };
    },

    async emitTest(tx, input) {
      const occurredAt = new Date(now());
      const data = sampleEventData(input.event, input.brandId ?? TEST_BRAND_ID, occurredAt);
      const { eventId, deliveries } = await record(tx, { ...input, data, occurredAt, test: true }, async () => [input.webhookId]);
      return { eventId, deliveries: 1, deliveryId: deliveries[0]!.id };
    },
  };
}
