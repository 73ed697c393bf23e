/**
 * Outbound events and their webhook deliveries (docs/webhooks.md).
 *
 *  webhooks                    where to send, which events, the signing secret, health counters
 *  webhook_events              the outbox: one row per event, body serialised ONCE (signed + sent as is)
 *  webhook_deliveries          event × webhook, with its retry state
 *  webhook_delivery_attempts   every HTTP attempt (status, latency, error, 1 KB of the reply)
 *  webhook_alerts              "failing for 24 h" records shown in the dashboard until acknowledged
 *  webhook_robot_pacing        send times per chat-group robot, to stay within its rate limit
 *
 * The signing secret is stored as issued: HMAC signing needs the secret itself (a hash would not
 * do), and an encryption key kept beside the database would protect little. Database access is
 * therefore access to the secrets; see docs/webhooks.md "Secrets at rest".
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, counter, createdAt, timestamptz, updatedAt, uuidPk } from './columns.js';
import { accountRef, users } from './identity.js';
import { brandRef } from './scanning.js';

export const EVENT_SETS = ['legacy', 'v1'] as const;
export type EventSet = (typeof EVENT_SETS)[number];
export const WEBHOOK_SOURCES = ['dashboard', 'api'] as const;
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const webhooks = pgTable(
  'webhooks',
  {
    id: uuidPk(),
    accountId: accountRef().notNull(),
    /** null: an account-wide webhook (v1 registration without brandId) receiving every brand's events. */
    brandId: brandRef(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    eventSet: text('event_set', { enum: EVENT_SETS }).notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    /** DingTalk / Feishu robot signing secret (robot URLs only). */
    robotSigningSecret: text('robot_signing_secret'),
    description: text('description'),
    source: text('source', { enum: WEBHOOK_SOURCES }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    consecutiveFailures: counter('consecutive_failures'),
    lastError: text('last_error'),
    lastTriggeredAt: timestamptz('last_triggered_at'),
    /** Start of the current run of failed attempts; null once an attempt succeeds. */
    failingSince: timestamptz('failing_since'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhooks_account_brand_idx').on(t.accountId, t.brandId),
    check('webhooks_name_length_check', sql`char_length(${t.name}) between 1 and 64`),
  ],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** `evt_` + 32 hex: the eventId of the body, kept on every retry. */
    eventId: text('event_id').primaryKey(),
    accountId: accountRef().notNull(),
    brandId: brandRef(),
    event: text('event').notNull(),
    /** The serialised body: signed and sent byte for byte, never rebuilt. */
    body: text('body').notNull(),
    /** A "send test event" from the dashboard, delivered to one webhook only. */
    test: boolean('test').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_account_time_idx').on(t.accountId, t.createdAt)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuidPk(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.eventId, { onDelete: 'cascade' }),
    webhookId: cascadeRef('webhook_id', () => webhooks.id).notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    /** Attempts made so far (the first included). */
    attempts: counter('attempts'),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_webhook_idx').on(t.eventId, t.webhookId),
    index('webhook_deliveries_webhook_time_idx').on(t.webhookId, t.createdAt),
  ],
);

export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: cascadeRef('delivery_id', () => webhookDeliveries.id).notNull(),
    webhookId: cascadeRef('webhook_id', () => webhooks.id).notNull(),
    attempt: integer('attempt').notNull(),
    ok: boolean('ok').notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    errorKind: text('error_kind'),
    error: text('error'),
    responseSnippet: text('response_snippet').notNull().default(''),
    at: timestamptz('at').notNull(),
  },
  (t) => [
    // A job re-run after a lost lease cannot record the same attempt twice.
    uniqueIndex('webhook_attempts_delivery_attempt_idx').on(t.deliveryId, t.attempt),
    index('webhook_attempts_webhook_time_idx').on(t.webhookId, t.at),
  ],
);

export const webhookAlerts = pgTable(
  'webhook_alerts',
  {
    id: uuidPk(),
    webhookId: cascadeRef('webhook_id', () => webhooks.id).notNull(),
    accountId: accountRef().notNull(),
    brandId: uuid('brand_id'),
    kind: text('kind', { enum: ['failing_24h'] }).notNull(),
    failingSince: timestamptz('failing_since').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    /** Set when the webhook succeeds again. */
    resolvedAt: timestamptz('resolved_at'),
    /**
     * Set once, by the first team member who acknowledged it: the dashboard's notice shows the
     * alert on every page until then (for the whole account, not per person).
     */
    acknowledgedAt: timestamptz('acknowledged_at'),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One alert per failing streak, however many workers notice it.
    uniqueIndex('webhook_alerts_streak_idx').on(t.webhookId, t.failingSince),
    index('webhook_alerts_account_time_idx').on(t.accountId, t.createdAt),
  ],
);

export const webhookRobotPacing = pgTable('webhook_robot_pacing', {
  /** The robot's URL (it names one robot: its token is in it). */
  robot: text('robot').primaryKey(),
  /** Epoch ms of recent sends, within the robot's longest rate window. */
  sentAt: jsonb('sent_at').$type<number[]>().notNull().default([]),
  updatedAt: updatedAt(),
});
