/** All SQL of delivering: load one delivery, record an attempt and its effects, alerts, robot pacing. */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  webhookAlerts,
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookEvents,
  webhookRobotPacing,
  webhooks,
  type DeliveryStatus,
} from '../../db/schema/webhooks.js';
import type { WebhookRow } from './webhooks.repo.js';

export interface DeliveryContext {
  delivery: { id: string; status: DeliveryStatus; attempts: number };
  event: { eventId: string; event: string; body: string; test: boolean };
  webhook: WebhookRow;
}

/** The delivery, its event body and its webhook in one read; undefined once any was deleted. */
export async function loadDelivery(db: Executor, deliveryId: string): Promise<DeliveryContext | undefined> {
  const [row] = await db
    .select({
      delivery: { id: webhookDeliveries.id, status: webhookDeliveries.status, attempts: webhookDeliveries.attempts },
      event: { eventId: webhookEvents.eventId, event: webhookEvents.event, body: webhookEvents.body, test: webhookEvents.test },
      webhook: webhooks,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.eventId, webhookDeliveries.eventId))
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

export async function findWebhookById(db: Executor, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row;
}

export type AttemptRecord = Omit<typeof webhookDeliveryAttempts.$inferInsert, 'id'>;

/** False when this attempt was recorded already (a re-run after a lost lease): record nothing more. */
export async function insertAttempt(tx: Executor, record: AttemptRecord): Promise<boolean> {
  const rows = await tx.insert(webhookDeliveryAttempts).values(record).onConflictDoNothing().returning({ id: webhookDeliveryAttempts.id });
  return rows.length === 1;
}

export async function updateDelivery(
  tx: Executor,
  id: string,
  state: { status: DeliveryStatus; attempts: number; nextAttemptAt: Date | null; lastStatusCode: number | null; lastError: string | null; completedAt: Date | null },
): Promise<void> {
  await tx.update(webhookDeliveries).set(state).where(eq(webhookDeliveries.id, id));
}

/** A delivery that will not be attempted (its webhook was disabled meanwhile). */
export async function markDead(db: Executor, id: string, reason: string, at: Date): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'dead', lastError: reason, nextAttemptAt: null, completedAt: at })
    .where(and(eq(webhookDeliveries.id, id), sql`${webhookDeliveries.status} in ('pending', 'failed')`));
}

/**
 * A successful attempt in ONE statement (data-modifying CTEs are atomic): the attempt row, the
 * delivery, the webhook's counters and its open alerts. The common path costs one round trip
 * instead of a five-statement transaction (measured: the database, not HTTP, bounds throughput).
 * A busy healthy webhook's row is rewritten at most once a second (last trigger time may lag
 * by up to 1 s) instead of on every delivery. False when the attempt was recorded already.
 */
export async function recordSuccess(db: Executor, record: AttemptRecord, wasFailing: boolean): Promise<boolean> {
  const at = record.at.toISOString();
  const result = await db.execute(sql`
    with attempt as (
      insert into webhook_delivery_attempts (delivery_id, webhook_id, attempt, ok, status_code, latency_ms, error_kind, error, response_snippet, at)
      values (${record.deliveryId}, ${record.webhookId}, ${record.attempt}, true, ${record.statusCode}, ${record.latencyMs}, null, null, ${record.responseSnippet}, ${at}::timestamptz)
      on conflict do nothing
      returning delivery_id, webhook_id
    ), delivery as (
      update webhook_deliveries
      set status = 'succeeded', attempts = ${record.attempt}, next_attempt_at = null, last_status_code = ${record.statusCode},
          last_error = null, completed_at = ${at}::timestamptz
      where id in (select delivery_id from attempt)
      returning webhook_id
    ), hook as (
      update webhooks set consecutive_failures = 0, failing_since = null, last_triggered_at = ${at}::timestamptz
      where id in (select webhook_id from attempt)
        and (consecutive_failures > 0 or failing_since is not null or last_triggered_at is null
             or last_triggered_at < ${at}::timestamptz - interval '1 second')
      returning id
    ), resolved as (
      update webhook_alerts set resolved_at = ${at}::timestamptz
      where ${wasFailing} and webhook_id in (select webhook_id from attempt) and resolved_at is null
      returning id
    )
    select (select count(*) from attempt)::int as recorded, (select count(*) from delivery)::int as d,
           (select count(*) from hook)::int as h, (select count(*) from resolved)::int as r`);
  const row = (result as unknown as { rows: Array<{ recorded: number }> }).rows[0];
  return Number(row?.recorded ?? 0) === 1;
}

/** Failure: one more consecutive failure; the streak starts now unless it already runs. Returns its start. */
export async function webhookFailed(tx: Executor, webhookId: string, at: Date, error: string): Promise<Date | null> {
  const [row] = await tx
    .update(webhooks)
    .set({
      consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1`,
      lastError: error,
      lastTriggeredAt: at,
      failingSince: sql`coalesce(${webhooks.failingSince}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(webhooks.id, webhookId))
    .returning({ failingSince: webhooks.failingSince });
  return row?.failingSince ?? null;
}

/** The new alert's id when this call created it (once per failing streak, whoever gets there first). */
export async function insertAlert(
  db: Executor,
  alert: { webhookId: string; accountId: string; brandId: string | null; failingSince: Date; message: string; createdAt: Date },
): Promise<string | undefined> {
  const rows = await db
    .insert(webhookAlerts)
    .values({ ...alert, kind: 'failing_24h' })
    .onConflictDoNothing()
    .returning({ id: webhookAlerts.id });
  return rows[0]?.id;
}

/**
 * Robot pacing: under a row lock on the robot, `decide` sees the recent send times and either
 * claims a send slot now (returns the new history to store) or says when to come back.
 */
export async function withRobotHistory(
  tx: Executor,
  robot: string,
  decide: (history: number[]) => { store: number[] } | { waitUntil: number },
): Promise<{ store: number[] } | { waitUntil: number }> {
  await tx.insert(webhookRobotPacing).values({ robot, sentAt: [] }).onConflictDoNothing();
  const [row] = await tx.select({ sentAt: webhookRobotPacing.sentAt }).from(webhookRobotPacing).where(eq(webhookRobotPacing.robot, robot)).for('update');
  const decision = decide(row?.sentAt ?? []);
  if ('store' in decision) {
    await tx.update(webhookRobotPacing).set({ sentAt: decision.store, updatedAt: sql`now()` }).where(eq(webhookRobotPacing.robot, robot));
  }
  return decision;
}
