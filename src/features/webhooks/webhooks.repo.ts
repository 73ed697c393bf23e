/** All SQL of managing webhooks: CRUD, the delivery log and the alerts list. */
import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { findOwned, insertReturning, ownedBy } from '../../db/rows.repo.js';
import { webhookAlerts, webhookDeliveries, webhookDeliveryAttempts, webhookEvents, webhooks } from '../../db/schema/webhooks.js';

export type WebhookRow = typeof webhooks.$inferSelect;
export type NewWebhookRow = typeof webhooks.$inferInsert;
export type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;
export type AlertRow = typeof webhookAlerts.$inferSelect;

/** Webhooks of one brand, or the account-wide ones when brandId is null. */
export async function countWebhooks(tx: Executor, accountId: string, brandId: string | null): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(webhooks)
    .where(and(eq(webhooks.accountId, accountId), brandId === null ? isNull(webhooks.brandId) : eq(webhooks.brandId, brandId)));
  return Number(row?.n ?? 0);
}

export const insertWebhook = (tx: Executor, row: NewWebhookRow) => insertReturning(tx, webhooks, row);
export const findWebhook = (db: Executor, accountId: string, id: string) => findOwned(db, webhooks, accountId, id);

/**
 * `brand`: a brand's webhooks plus the account-wide ones (they receive that brand's events too);
 * `all`: every webhook of the account.
 */
export async function listWebhooks(db: Executor, accountId: string, scope: { brandId: string } | 'all'): Promise<WebhookRow[]> {
  const where: SQL | undefined =
    scope === 'all'
      ? eq(webhooks.accountId, accountId)
      : and(eq(webhooks.accountId, accountId), or(eq(webhooks.brandId, scope.brandId), isNull(webhooks.brandId)));
  return db.select().from(webhooks).where(where).orderBy(webhooks.createdAt, webhooks.id);
}

/**
 * When each webhook's next retry is due: the earliest `next_attempt_at` of its deliveries that
 * failed and wait for another attempt. Webhooks with nothing waiting are absent.
 */
export async function nextRetries(db: Executor, webhookIds: readonly string[]): Promise<Map<string, Date>> {
  if (webhookIds.length === 0) return new Map();
  const rows = await db
    .select({ webhookId: webhookDeliveries.webhookId, at: sql<Date | string>`min(${webhookDeliveries.nextAttemptAt})` })
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.webhookId, [...webhookIds]), eq(webhookDeliveries.status, 'failed'), isNotNull(webhookDeliveries.nextAttemptAt)))
    .groupBy(webhookDeliveries.webhookId);
  return new Map(rows.filter((r) => r.at !== null).map((r) => [r.webhookId, new Date(r.at)]));
}

export async function updateWebhook(
  db: Executor,
  accountId: string,
  id: string,
  patch: Partial<Pick<NewWebhookRow, 'name' | 'url' | 'events' | 'eventSet' | 'enabled' | 'robotSigningSecret' | 'description'>>,
  at: Date,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set({ ...patch, updatedAt: at })
    .where(ownedBy(webhooks, accountId, id))
    .returning();
  return row;
}

export async function deleteWebhook(db: Executor, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(ownedBy(webhooks, accountId, id))
    .returning({ id: webhooks.id });
  return rows.length === 1;
}

/** The newest deliveries of a webhook, with their attempts (oldest attempt first). */
export async function listDeliveries(db: Executor, webhookId: string, limit: number) {
  const deliveries = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      event: webhookEvents.event,
      test: webhookEvents.test,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastError: webhookDeliveries.lastError,
      createdAt: webhookDeliveries.createdAt,
      completedAt: webhookDeliveries.completedAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.eventId, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  const ids = deliveries.map((d) => d.id);
  const attempts: AttemptRow[] =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(webhookDeliveryAttempts)
          .where(inArray(webhookDeliveryAttempts.deliveryId, ids))
          .orderBy(webhookDeliveryAttempts.deliveryId, webhookDeliveryAttempts.attempt);
  return { deliveries, attempts };
}
export type DeliveryLogRow = Awaited<ReturnType<typeof listDeliveries>>['deliveries'][number];

/** `open`: not acknowledged yet (what the dashboard's notice shows); `acknowledged`; `all`. */
export type AlertState = 'open' | 'acknowledged' | 'all';

/** An alert with its webhook's name (a name is no credential: every role may read it). */
export type AlertWithWebhook = AlertRow & { webhookName: string };

const alertColumns = { ...getTableColumns(webhookAlerts), webhookName: webhooks.name };
const STATE_FILTERS: Record<AlertState, SQL | undefined> = {
  open: isNull(webhookAlerts.acknowledgedAt),
  acknowledged: isNotNull(webhookAlerts.acknowledgedAt),
  all: undefined,
};

export async function listAlerts(
  db: Executor,
  accountId: string,
  filter: { brandId?: string | undefined; state: AlertState },
  limit: number,
): Promise<AlertWithWebhook[]> {
  return db
    .select(alertColumns)
    .from(webhookAlerts)
    .innerJoin(webhooks, eq(webhooks.id, webhookAlerts.webhookId))
    .where(
      and(
        eq(webhookAlerts.accountId, accountId),
        filter.brandId === undefined ? undefined : eq(webhookAlerts.brandId, filter.brandId),
        STATE_FILTERS[filter.state],
      ),
    )
    .orderBy(desc(webhookAlerts.createdAt), desc(webhookAlerts.id))
    .limit(limit);
}

/**
 * Marks the account's alert acknowledged by `userId` at `at`, unless it already was: the first
 * acknowledgement stands (one UPDATE reads the old values on both sides, so a repeat or a race
 * changes nothing). Undefined when the account has no such alert.
 */
export async function acknowledgeAlert(db: Executor, accountId: string, id: string, userId: string, at: Date): Promise<AlertWithWebhook | undefined> {
  const updated = await db
    .update(webhookAlerts)
    .set({
      acknowledgedAt: sql`coalesce(${webhookAlerts.acknowledgedAt}, ${at.toISOString()}::timestamptz)`,
      acknowledgedBy: sql`case when ${webhookAlerts.acknowledgedAt} is null then ${userId}::uuid else ${webhookAlerts.acknowledgedBy} end`,
    })
    .where(and(eq(webhookAlerts.accountId, accountId), eq(webhookAlerts.id, id)))
    .returning({ id: webhookAlerts.id });
  if (updated.length === 0) return undefined;
  const [row] = await db
    .select(alertColumns)
    .from(webhookAlerts)
    .innerJoin(webhooks, eq(webhooks.id, webhookAlerts.webhookId))
    .where(eq(webhookAlerts.id, id));
  return row;
}
