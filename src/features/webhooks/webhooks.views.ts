/** What the APIs show of webhooks, deliveries and alerts. Never the signing secrets. */
import type { EventSet } from '../../db/schema/webhooks.js';
import { detectRobot, type RobotKind } from './robots.js';
import type { AlertRow, AttemptRow, DeliveryLogRow, WebhookRow } from './webhooks.repo.js';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export interface WebhookView {
  id: string;
  brandId: string | null;
  name: string;
  url: string;
  eventSet: EventSet;
  events: string[];
  eventCount: number;
  description: string | null;
  enabled: boolean;
  status: 'enabled' | 'disabled';
  /**
   * What the receiver's side looks like, for people: `disabled`; `failing` (the latest attempts
   * failed, `failingSince` says since when); `working` (the latest attempt succeeded); `unused`
   * (nothing sent yet). An enabled webhook that fails is `failing`, never just "enabled".
   */
  state: WebhookState;
  /** When the next retry of a failed delivery is due (null: nothing waits for a retry). */
  nextRetryAt: string | null;
  /** The chat-group robot the URL points at, or null for a signed JSON receiver. */
  robot: RobotKind | null;
  hasSigningSecret: boolean;
  consecutiveFailures: number;
  lastError: string | null;
  lastTriggeredAt: string | null;
  failingSince: string | null;
  source: 'dashboard' | 'api';
  createdAt: string;
}

export type WebhookState = 'disabled' | 'failing' | 'working' | 'unused';

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

export interface AttemptView {
  attempt: number;
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  errorKind: string | null;
  error: string | null;
  responseSnippet: string;
  at: string;
}

export interface DeliveryView {
  id: string;
  eventId: string;
  event: string;
  test: boolean;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  completedAt: string | null;
  attemptLog: AttemptView[];
}

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

export interface AlertView {
  id: string;
  webhookId: string;
  brandId: string | null;
  kind: string;
  message: string;
  failingSince: string;
  createdAt: string;
  resolvedAt: string | null;
}

export function toAlertView(row: AlertRow): AlertView {
  return {
    id: row.id,
    webhookId: row.webhookId,
    brandId: row.brandId,
    kind: row.kind,
    message: row.message,
    failingSince: row.failingSince.toISOString(),
    createdAt: row.createdAt.toISOString(),
    resolvedAt: iso(row.resolvedAt),
  };
}
