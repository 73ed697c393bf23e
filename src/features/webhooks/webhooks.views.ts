/** What the APIs show of webhooks, deliveries and alerts. Never the signing secrets. */
import type { Static } from 'typebox';
import { detectRobot } from './robots.js';
import type { AlertWithWebhook, AttemptRow, DeliveryLogRow, WebhookRow } from './webhooks.repo.js';
import type { AlertListSchema, DeliveryListSchema, WebhookSchema } from './webhooks.schemas.js';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export type WebhookView = Static<typeof WebhookSchema>;

/** disabled, failing (the latest attempts failed), working (the latest succeeded) or unused (nothing sent yet). */
export type WebhookState = WebhookView['state'];

export function webhookState(row: Pick<WebhookRow, 'enabled' | 'consecutiveFailures' | 'lastTriggeredAt'>): WebhookState {
  if (!row.enabled) return 'disabled';
  if (row.consecutiveFailures > 0) return 'failing';
  return row.lastTriggeredAt ? 'working' : 'unused';
}

export function toWebhookView(row: WebhookRow, nextRetryAt: Date | null = null): WebhookView {
  return {
    id: row.id,
    brandId: row.brandId,
    name: row.name,
    url: row.url,
    eventSet: row.eventSet,
    events: row.events,
    eventCount: row.events.length,
    description: row.description,
    enabled: row.enabled,
    status: row.enabled ? 'enabled' : 'disabled',
    state: webhookState(row),
    nextRetryAt: iso(nextRetryAt),
    robot: detectRobot(row.url),
    hasSigningSecret: row.robotSigningSecret !== null,
    consecutiveFailures: row.consecutiveFailures,
    lastError: row.lastError,
    lastTriggeredAt: iso(row.lastTriggeredAt),
    failingSince: iso(row.failingSince),
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

export type AttemptView = DeliveryView['attemptLog'][number];

export type DeliveryView = Static<typeof DeliveryListSchema>['data'][number];

export function toDeliveryViews(deliveries: DeliveryLogRow[], attempts: AttemptRow[]): DeliveryView[] {
  const byDelivery = new Map<string, AttemptView[]>();
  for (const a of attempts) {
    const list = byDelivery.get(a.deliveryId) ?? [];
    list.push({
      attempt: a.attempt,
      ok: a.ok,
      statusCode: a.statusCode,
      latencyMs: a.latencyMs,
      errorKind: a.errorKind,
      error: a.error,
      responseSnippet: a.responseSnippet,
      at: a.at.toISOString(),
    });
    byDelivery.set(a.deliveryId, list);
  }
  return deliveries.map((d) => ({
    ...d,
    nextAttemptAt: iso(d.nextAttemptAt),
    createdAt: d.createdAt.toISOString(),
    completedAt: iso(d.completedAt),
    attemptLog: byDelivery.get(d.id) ?? [],
  }));
}

export type AlertView = Static<typeof AlertListSchema>['data'][number];

export function toAlertView(row: AlertWithWebhook): AlertView {
  return {
    id: row.id,
    webhookId: row.webhookId,
    webhookName: row.webhookName,
    brandId: row.brandId,
    kind: row.kind,
    message: row.message,
    failingSince: row.failingSince.toISOString(),
    createdAt: row.createdAt.toISOString(),
    resolvedAt: iso(row.resolvedAt),
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgedBy: row.acknowledgedBy,
  };
}
