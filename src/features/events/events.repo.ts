/** All SQL of the events outbox: the event row, and one delivery row per subscribed webhook. */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { webhookDeliveries, webhookEvents, webhooks } from '../../db/schema/webhooks.js';

export type NewEventRow = typeof webhookEvents.$inferInsert;

export async function insertEvent(tx: Executor, row: NewEventRow): Promise<void> {
  await tx.insert(webhookEvents).values(row);
}

/**
 * Enabled webhooks of the brand (and the account's account-wide ones) subscribed to `event`.
 * The event name decides the set too: a webhook subscribes to events of one set only.
 */
export async function subscribedWebhookIds(tx: Executor, accountId: string, brandId: string, event: string): Promise<string[]> {
  const rows = await tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.accountId, accountId),
        or(eq(webhooks.brandId, brandId), isNull(webhooks.brandId)),
        eq(webhooks.enabled, true),
        sql`${event} = any(${webhooks.events})`,
      ),
    );
  return rows.map((r) => r.id);
}

/** One pending delivery per webhook; returns their ids in the same order. */
export async function insertDeliveries(tx: Executor, eventId: string, webhookIds: string[], createdAt: Date) {
  if (webhookIds.length === 0) return [];
  return tx
    .insert(webhookDeliveries)
    .values(webhookIds.map((webhookId) => ({ eventId, webhookId, createdAt })))
    .returning({ id: webhookDeliveries.id, webhookId: webhookDeliveries.webhookId });
}
