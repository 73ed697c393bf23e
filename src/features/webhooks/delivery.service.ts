/**
 * One delivery attempt per job run (docs/webhooks.md "Delivery rules"):
 *
 *  1. take a slot of the per-webhook bulkhead (or put the delivery off, not counted as an attempt);
 *  2. load delivery + webhook + the stored body; a stale job (attempt recorded already, delivery
 *     finished or deleted) does nothing; a disabled webhook ends the delivery ("dead");
 *  3. robots: claim a send slot within the robot's rate limit, or come back when one frees up;
 *  4. send — signed envelope (the webhook's set decides the scheme) or robot message — with NO
 *     database transaction open, so a 10 s receiver holds nothing but its own job;
 *  5. in ONE transaction: the attempt log row, the delivery's new state, the webhook's counters,
 *     and the next job (retry, or the 24 h alert check). A crash anywhere before the commit
 *     re-runs the attempt (same eventId); after it, the unique (delivery, attempt) row makes a
 *     re-run a no-op.
 *
 * Retries are our own durable jobs, not the queue's retry: each attempt is a fresh job enqueued in
 * the same transaction that records the failed one, so the delivery row is the single truth about
 * attempts and a job crash, a deferral or robot pacing never eats one of the six attempts.
 */
import type { AgentOptions } from 'node:https';
import type { Logger } from 'pino';
import type { Db, Executor } from '../../db/client.js';
import { RetryJobLaterError } from '../../jobs/definition.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { LookupAll } from '../../lib/net-guard.js';
import type { EventName } from '../events/catalogue.js';
import { AlertCheckJob, DeliverJob } from './delivery.jobs.js';
import { deliverDedupeKey, type AlertCheckPayload, type DeliverPayload } from './delivery.schemas.js';
import * as repo from './delivery.repo.js';
import { InFlightLimiter } from './in-flight.js';
import { jittered, maxAttempts, retryDelayMs } from './retry-policy.js';
import { detectRobot, nextAllowedAt, robotRateLimit, sendRobotMessage, type RobotKind } from './robots.js';
import { signedWebhookHeaders } from './signing.js';
import { closeWebhookAgents, sendWebhook, type DeliveryResult } from './transport.js';
import { webhookDeliveries } from '../../lib/metrics.js';

/** How long a webhook must have failed every attempt before the manual alert (spec: 24 h). */
export const FAILING_ALERT_AFTER_MS = 24 * 3_600_000;
export const TEST_EVENT_HEADER = 'X-Service-Test';

/** Knobs of delivery; tests and the bench override them through the container options. */
export interface DeliveryRuntimeOptions {
  failingAlertAfterMs?: number;
  /** Per-attempt budget (default 10 s, the spec's). */
  timeoutMs?: number;
  /** Resolver for webhook hosts (tests map robot host names to 127.0.0.1). */
  lookup?: LookupAll;
  /** TLS options, e.g. the `ca` of a test receiver. */
  agentOptions?: AgentOptions;
  /** Bulkhead: worker slots one slow (or new) webhook may hold in this process (default 4)… */
  maxInFlightSlow?: number;
  /** …and one answering quickly (default 8). */
  maxInFlightFast?: number;
  random?: () => number;
}

export interface DeliveryDeps {
  db: Db;
  queue: JobQueue;
  log: Logger;
  now: () => number;
  retryDelaysMs: readonly number[];
  allowPrivateNetworks: boolean;
  options?: DeliveryRuntimeOptions;
  /**
   * Called inside the transaction that raised an account alert (the e-mail to owners and admins
   * is queued there, so it is sent exactly when the alert exists).
   */
  onAlert?: (alert: { alertId: string; accountId: string; brandId: string | null; message: string }, tx: Executor) => Promise<void>;
}

const SLOW_AFTER_MS = 250;

function describeDuration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}

export function createDeliveryService(deps: DeliveryDeps) {
  const { db, queue, log, now } = deps;
  const options = deps.options ?? {};
  const random = options.random ?? Math.random;
  const alertAfterMs = options.failingAlertAfterMs ?? FAILING_ALERT_AFTER_MS;
  const limiter = new InFlightLimiter({ maxSlow: options.maxInFlightSlow ?? 4, maxFast: options.maxInFlightFast ?? 8, slowAfterMs: SLOW_AFTER_MS });
  const attemptsAllowed = maxAttempts(deps.retryDelaysMs);
  const transport = {
    allowPrivateNetworks: deps.allowPrivateNetworks,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.lookup ? { lookup: options.lookup } : {}),
    ...(options.agentOptions ? { agentOptions: options.agentOptions } : {}),
  };

  /** A later job for the same attempt (deferral, robot pacing): not an attempt of its own. */
  async function requeue(payload: DeliverPayload, patch: Partial<DeliverPayload>, delayMs: number) {
    const next = { ...payload, ...patch, hop: payload.hop + 1 };
    await queue.enqueue(DeliverJob, next, { delayMs: Math.max(1, Math.round(delayMs)), dedupeKey: deliverDedupeKey(next) });
  }

  /** Claims a send slot for the robot now, or returns how long to wait for one. */
  async function robotWaitMs(kind: RobotKind, url: string): Promise<number> {
    const limit = robotRateLimit(kind);
    const longest = Math.max(...limit.map((w) => w.windowMs));
    const decision = await db.transaction((tx) =>
      repo.withRobotHistory(tx, url, (history) => {
        const t = Date.now(); // wall clock: the robot counts real time, whatever clock tests inject
        const allowed = nextAllowedAt(history, limit, t);
        if (allowed > t) return { waitUntil: allowed };
        return { store: [...history.filter((s) => s > t - longest), t] };
      }),
    );
    return 'waitUntil' in decision ? decision.waitUntil - Date.now() : 0;
  }

  function send(ctx: repo.DeliveryContext, robot: RobotKind | null): Promise<DeliveryResult> {
    const { webhook, event } = ctx;
    if (robot) {
      const envelope = JSON.parse(event.body) as { brandId: string; data: Record<string, unknown>; timestamp?: string; createdAt?: string };
      return sendRobotMessage({
        ...transport,
        url: webhook.url,
        event: {
          eventId: event.eventId,
          event: event.event as EventName,
          brandId: envelope.brandId,
          data: envelope.data,
          occurredAt: envelope.timestamp ?? envelope.createdAt ?? '',
        },
        ...(webhook.robotSigningSecret ? { signingSecret: webhook.robotSigningSecret } : {}),
      });
    }
    const headers = signedWebhookHeaders({ scheme: webhook.eventSet, secret: webhook.secret, body: event.body, eventId: event.eventId, event: event.event });
    if (event.test) headers[TEST_EVENT_HEADER] = 'true';
    return sendWebhook({ ...transport, url: webhook.url, body: event.body, headers });
  }

  async function record(ctx: repo.DeliveryContext, payload: DeliverPayload, result: DeliveryResult, jobLog: Logger) {
    const { webhook, delivery } = ctx;
    const at = new Date(now());
    const attempt = payload.attempt;
    const error = result.ok ? null : (result.error ?? 'delivery failed');
    const attemptRow = {
      deliveryId: delivery.id,
      webhookId: webhook.id,
      attempt,
      ok: result.ok,
      statusCode: result.status,
      latencyMs: result.latencyMs,
      errorKind: result.errorKind,
      error,
      responseSnippet: result.responseSnippet,
      at,
    };
    if (result.ok) {
      await repo.recordSuccess(db, attemptRow, webhook.failingSince !== null);
      webhookDeliveries.inc({ outcome: 'succeeded' });
      return;
    }
    await db.transaction(async (tx) => {
      if (!(await repo.insertAttempt(tx, attemptRow))) return;
      const base = { attempts: attempt, lastStatusCode: result.status, lastError: error };
      const delay = attempt < attemptsAllowed ? retryDelayMs(deps.retryDelaysMs, attempt, result.retryAfterMs, random) : null;
      if (delay === null) {
        await repo.updateDelivery(tx, delivery.id, { ...base, status: 'dead', nextAttemptAt: null, completedAt: at });
        webhookDeliveries.inc({ outcome: 'dead' });
        jobLog.warn({ webhookId: webhook.id, deliveryId: delivery.id, attempts: attempt, error }, 'webhook delivery gave up after its last attempt');
      } else {
        await repo.updateDelivery(tx, delivery.id, { ...base, status: 'failed', nextAttemptAt: new Date(at.getTime() + delay), completedAt: null });
        webhookDeliveries.inc({ outcome: 'retrying' });
        const next: DeliverPayload = { ...payload, attempt: attempt + 1, hop: payload.hop + 1, deferrals: 0 };
        await queue.enqueue(DeliverJob, next, { tx, delayMs: delay, dedupeKey: deliverDedupeKey(next) });
      }
      const failingSince = await repo.webhookFailed(tx, webhook.id, at, error ?? 'delivery failed');
      if (failingSince) {
        // One check per failing streak (the dedupe key), due when the streak reaches the threshold.
        const check: AlertCheckPayload = { webhookId: webhook.id, failingSince: failingSince.toISOString() };
        const delayMs = Math.max(1, failingSince.getTime() + alertAfterMs - at.getTime());
        await queue.enqueue(AlertCheckJob, check, { tx, delayMs, dedupeKey: `${webhook.id}:${failingSince.getTime()}` });
      }
    });
  }

  return {
    async deliver(payload: DeliverPayload, jobLog: Logger = log): Promise<void> {
      const release = limiter.tryEnter(payload.webhookId);
      if (!release) return requeue(payload, { deferrals: payload.deferrals + 1 }, jittered(limiter.deferMs(payload.webhookId), random));
      try {
        const ctx = await repo.loadDelivery(db, payload.deliveryId);
        if (!ctx) return; // the webhook (or its event) was deleted
        const { delivery, webhook, event } = ctx;
        if (delivery.status === 'succeeded' || delivery.status === 'dead' || delivery.attempts >= payload.attempt) return;
        if (!webhook.enabled && !event.test) {
          await repo.markDead(db, delivery.id, 'webhook disabled before the attempt', new Date(now()));
          return;
        }
        const robot = detectRobot(webhook.url);
        if (robot) {
          const waitMs = await robotWaitMs(robot, webhook.url);
          if (waitMs > 0) return requeue(payload, {}, waitMs); // delay, never drop or refuse
        }
        const result = await send(ctx, robot);
        jobLog.debug({ webhookId: webhook.id, deliveryId: delivery.id, attempt: payload.attempt, ok: result.ok, status: result.status, ms: result.latencyMs }, 'webhook attempt');
        await record(ctx, payload, result, jobLog);
      } finally {
        release();
      }
    },

    /** Raises the manual alert when the webhook is still in the same failing streak. */
    async checkAlert(payload: AlertCheckPayload, jobLog: Logger = log): Promise<void> {
      const webhook = await repo.findWebhookById(db, payload.webhookId);
      if (!webhook?.enabled || webhook.failingSince?.toISOString() !== payload.failingSince) return;
      const remaining = webhook.failingSince.getTime() + alertAfterMs - now();
      if (remaining > 0) throw new RetryJobLaterError('the failing streak is not old enough yet', remaining);
      const message =
        `Webhook "${webhook.name}" has failed every delivery for ${describeDuration(alertAfterMs)} or more ` +
        `(since ${payload.failingSince}; ${webhook.consecutiveFailures} consecutive failures; last error: ${webhook.lastError ?? 'unknown'}). ` +
        'Check the receiver, then send a test event.';
      const failingSince = webhook.failingSince;
      const created = await db.transaction(async (tx) => {
        const alertId = await repo.insertAlert(tx, {
          webhookId: webhook.id,
          accountId: webhook.accountId,
          brandId: webhook.brandId,
          failingSince,
          message,
          createdAt: new Date(now()),
        });
        if (alertId) await deps.onAlert?.({ alertId, accountId: webhook.accountId, brandId: webhook.brandId, message }, tx);
        return alertId !== undefined;
      });
      if (created) {
        jobLog.error({ alert: 'webhook_failing', webhookId: webhook.id, accountId: webhook.accountId, brandId: webhook.brandId, failingSince: payload.failingSince }, message);
      }
    },

    /** Drops idle keep-alive connections so a stopping worker exits at once. */
    async close(): Promise<void> {
      closeWebhookAgents();
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
