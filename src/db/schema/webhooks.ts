/**
 * Outbound events and their webhook deliveries (docs/webhooks.md).
 *
 *  webhooks                    where to send, which events, the signing secret, health counters
 *  webhook_events              the outbox: one row per event, body serialised ONCE (signed + sent as is)
 *  webhook_deliveries          event × webhook, with its retry state
 *  webhook_delivery_attempts   every HTTP attempt (status, latency, error, 1 KB of the reply)
 *  webhook_alerts              "failing for 24 h" records shown in the dashboard
 *  webhook_robot_pacing        send times per chat-group robot, to stay within its rate limit
 *
 * The signing secret is stored as issued: HMAC signing needs the secret itself (a hash would not
 * do), and an encryption key kept beside the database would protect little. Database access is
 * therefore access to the secrets; see docs/webhooks.md "Secrets at rest".
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './identity.js';
import { brands } from './scanning.js';

export const EVENT_SETS = ['legacy', 'v1'] as const;
export type EventSet = (typeof EVENT_SETS)[number];
export const WEBHOOK_SOURCES = ['dashboard', 'api'] as const;
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** null: an account-wide webhook (v1 registration without brandId) receiving every brand's events. */
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
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
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastError: text('last_error'),
    lastTriggeredAt: timestamp('last_triggered_at', { withTimezone: true }),
    /** Start of the current run of failed attempts; null once an attempt succeeds. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The serialised body: signed and sent byte for byte, never rebuilt. */
    body: text('body').notNull(),
    /** A "send test event" from the dashboard, delivered to one webhook only. */
    test: boolean('test').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_account_time_idx').on(t.accountId, t.createdAt)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.eventId, { onDelete: 'cascade' }),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    /** Attempts made so far (the first included). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
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
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    ok: boolean('ok').notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    errorKind: text('error_kind'),
    error: text('error'),
    responseSnippet: text('response_snippet').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id'),
    kind: text('kind', { enum: ['failing_24h'] }).notNull(),
    failingSince: timestamp('failing_since', { withTimezone: true }).notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the webhook succeeds again. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
