/**
 * What intelligence needs from the events outbox (src/features/events/events.service.ts): emit an
 * event inside the transaction that made the change. A port, so detectors and tests depend on
 * this one method, not on webhook delivery.
 */
import type { EventsService } from './events.service.js';

export type EventSink = Pick<EventsService, 'emit'>;
