/**
 * Delivery through the real jobs, the real worker and a local HTTPS receiver, with the retry
 * schedule shortened through WEBHOOK_RETRY_DELAYS (100ms…300ms) and the 24 h alert threshold
 * shortened through the container options.
 */
import { verify as octokitVerify } from '@octokit/webhooks-methods';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Container } from '../../../src/container.js';
import { webhookAlerts, webhookDeliveries, webhookEvents } from '../../../src/db/schema/webhooks.js';
import { sampleEventData, type EventName } from '../../../src/features/events/catalogue.js';
import { closeWebhookAgents } from '../../../src/features/webhooks/transport.js';
import { countJobs } from '../../../src/jobs/queue.repo.js';
import { startWorker } from '../../../src/jobs/worker.js';
import { createLogger } from '../../../src/lib/logger.js';
import { waitFor } from '../../support/wait.js';
import { dbKinds } from '../../support/db.js';
import { startReceiver, type Receiver } from '../../support/webhook-receiver.js';
import { attemptsOf, createWebhook, createWebhookContext, deliveryOf, webhookRow, type WebhookTenant, type WebhookContext } from '../../support/webhooks.js';

async function emit(container: Container, tenant: WebhookTenant, event: EventName = 'sentinel.triggered') {
  const emitted = await container.db.transaction((tx) =>
    container.services.events.emit(tx, { event, accountId: tenant.accountId, brandId: tenant.brandId, data: sampleEventData(event, tenant.brandId) }),
  );
  const rows = await container.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, emitted.eventId));
  return { ...emitted, deliveryIds: rows.map((r) => r.id) };
}

describe.each(dbKinds)('webhook delivery jobs (%s)', (kind) => {
  let ctx: WebhookContext;
  const receivers: Receiver[] = [];
  const receiver = async (...args: Parameters<typeof startReceiver>) => {
    const r = await startReceiver(...args);
    receivers.push(r);
    return r;
  };

  beforeAll(async () => {
    ctx = await createWebhookContext(kind, { webhooks: { failingAlertAfterMs: 400 } });
    ctx.startWorker();
  });
  afterAll(async () => {
    await ctx.close();
    closeWebhookAgents();
    await Promise.all(receivers.map((r) => r.close()));
  });

  it('retries a receiver that fails 3 times, with the same eventId each time, then succeeds', async () => {
    let calls = 0;
    const r = await receiver((_req, res) => (++calls <= 3 ? res.writeHead(500).end('not yet') : res.writeHead(204).end()));
    const tenant = await ctx.tenant();
    const hook = await createWebhook(ctx, tenant, { url: r.url(), events: ['sentinel.triggered'] });
    const { eventId, deliveryIds } = await emit(ctx.container, tenant);
    expect(deliveryIds).toHaveLength(1);
    const done = await waitFor(async () => {
      const d = await deliveryOf(ctx.container, deliveryIds[0]!);
      return d?.status === 'succeeded' && d;
    }, 15_000, 'delivery to succeed');
    expect(done.attempts).toBe(4);
    expect(r.received).toHaveLength(4);
    for (const got of r.received) {
      expect(got.headers['x-service-event-id']).toBe(eventId);
      expect(JSON.parse(got.body.toString('utf8')).eventId).toBe(eventId);
    }
    // Byte-identical body on every attempt (serialised once).
    expect(new Set(r.received.map((g) => g.body.toString('utf8'))).size).toBe(1);
    const attempts = await attemptsOf(ctx.container, deliveryIds[0]!);
    expect(attempts.map((a) => [a.attempt, a.ok, a.statusCode])).toEqual([[1, false, 500], [2, false, 500], [3, false, 500], [4, true, 204]]);
    expect(attempts[0]!.responseSnippet).toBe('not yet');
    // The schedule was followed: each retry came no sooner than its delay minus 10 % jitter.
    const gaps = attempts.slice(1).map((a, i) => a.at.getTime() - attempts[i]!.at.getTime());
    for (const [i, delay] of [100, 150, 200].entries()) expect(gaps[i]).toBeGreaterThanOrEqual(delay * 0.9 - 5);
    const webhook = await webhookRow(ctx.container, hook.id);
    expect(webhook.consecutiveFailures).toBe(0);
    expect(webhook.failingSince).toBeNull();
    expect(webhook.lastError).toBe('HTTP 500');
    expect(webhook.lastTriggeredAt).not.toBeNull();
  });

  it('gives up after exactly 6 attempts on a receiver that always fails, and raises one alert', async () => {
    const r = await receiver((_req, res) => res.writeHead(503).end('down'));
    const tenant = await ctx.tenant();
    const hook = await createWebhook(ctx, tenant, { url: r.url(), events: ['sentinel.triggered'] });
    const { deliveryIds } = await emit(ctx.container, tenant);
    await waitFor(async () => (await deliveryOf(ctx.container, deliveryIds[0]!))?.status === 'dead', 15_000, 'delivery to die');
    const alerts = await waitFor(async () => {
      const rows = await ctx.container.db.select().from(webhookAlerts).where(eq(webhookAlerts.webhookId, hook.id));
      return rows.length > 0 && rows;
    }, 10_000, 'alert');
    expect(r.received).toHaveLength(6);
    expect((await attemptsOf(ctx.container, deliveryIds[0]!)).map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
    const webhook = await webhookRow(ctx.container, hook.id);
    expect(webhook.consecutiveFailures).toBe(6);
    expect(webhook.failingSince).not.toBeNull();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toContain('HTTP 503');
    expect(ctx.logText()).toMatch(/"level":50.*"alert":"webhook_failing"/);
    // Nothing else is pending for it: no more attempts will come.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(r.received).toHaveLength(6);
    // Dashboard shows the alert and the attempt log.
    const list = await ctx.app.inject({ url: `/api/alerts?brandId=${tenant.brandId}`, headers: { cookie: tenant.cookie } });
    expect(list.json().data).toHaveLength(1);
    const log = await ctx.app.inject({ url: `/api/webhooks/${hook.id}/deliveries`, headers: { cookie: tenant.cookie } });
    expect(log.json().data[0]).toMatchObject({ status: 'dead', attempts: 6 });
    expect(log.json().data[0].attemptLog).toHaveLength(6);
  });

  it('honours Retry-After when it asks for longer than the schedule', async () => {
    let calls = 0;
    const r = await receiver((_req, res) => (++calls === 1 ? res.writeHead(429, { 'Retry-After': '1' }).end() : res.writeHead(200).end()));
    const tenant = await ctx.tenant();
    await createWebhook(ctx, tenant, { url: r.url(), events: ['sentinel.triggered'] });
    const { deliveryIds } = await emit(ctx.container, tenant);
    await waitFor(async () => (await deliveryOf(ctx.container, deliveryIds[0]!))?.status === 'succeeded', 10_000, 'delivery');
    const [first, second] = await attemptsOf(ctx.container, deliveryIds[0]!);
    expect(second!.at.getTime() - first!.at.getTime()).toBeGreaterThanOrEqual(950);
  });

  it('signs legacy deliveries for stripe.webhooks.constructEvent and v1 deliveries for @octokit/webhooks-methods', async () => {
    const r = await receiver();
    const tenant = await ctx.tenant();
    const legacy = await createWebhook(ctx, tenant, { url: r.url('/legacy'), events: ['aeo.batch.completed'] });
    const v1 = await createWebhook(ctx, tenant, { url: r.url('/v1'), events: ['sentinel.triggered', 'citation.discovered'] });
    const a = await emit(ctx.container, tenant, 'aeo.batch.completed');
    const b = await emit(ctx.container, tenant, 'sentinel.triggered');
    await waitFor(async () => r.received.length >= 2, 10_000, 'both deliveries');
    const legacyGot = r.received.find((g) => g.url === '/legacy')!;
    const v1Got = r.received.find((g) => g.url === '/v1')!;
    const header = legacyGot.headers['x-service-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = Stripe.webhooks.constructEvent(legacyGot.body, header, legacy.secret) as unknown as Record<string, unknown>;
    expect(event).toMatchObject({ eventId: a.eventId, event: 'aeo.batch.completed', brandId: tenant.brandId });
    expect(() => Stripe.webhooks.constructEvent(legacyGot.body, header, v1.secret)).toThrow();
    const v1Header = v1Got.headers['x-service-signature'] as string;
    expect(v1Header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(await octokitVerify(v1.secret, v1Got.body.toString('utf8'), v1Header)).toBe(true);
    expect(await octokitVerify(legacy.secret, v1Got.body.toString('utf8'), v1Header)).toBe(false);
    expect(JSON.parse(v1Got.body.toString('utf8'))).toMatchObject({ eventId: b.eventId, event: 'sentinel.triggered', data: { brandId: tenant.brandId } });
    expect(v1Got.headers['x-service-event']).toBe('sentinel.triggered');
    expect(v1Got.headers['x-service-test']).toBeUndefined();
  });

  it('an event in a rolled-back transaction leaves no event, delivery or job', async () => {
    const r = await receiver();
    const tenant = await ctx.tenant();
    await createWebhook(ctx, tenant, { url: r.url(), events: ['sentinel.triggered'] });
    const before = await countJobs(ctx.container.db);
    let eventId = '';
    await expect(
      ctx.container.db.transaction(async (tx) => {
        eventId = (await ctx.container.services.events.emit(tx, { event: 'sentinel.triggered', accountId: tenant.accountId, brandId: tenant.brandId, data: sampleEventData('sentinel.triggered', tenant.brandId) })).eventId;
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(eventId).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(await ctx.container.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toHaveLength(0);
    const after = await countJobs(ctx.container.db);
    expect((after.queued ?? 0) + (after.active ?? 0)).toBeLessThanOrEqual((before.queued ?? 0) + (before.active ?? 0));
    expect(r.received).toHaveLength(0);
  });

  it('a slow receiver does not delay deliveries to others', async () => {
    const slow = await receiver(() => undefined); // never answers: each attempt runs into the 5 s test timeout
    const fast = await receiver();
    const slowTenant = await ctx.tenant();
    await createWebhook(ctx, slowTenant, { url: slow.url(), events: ['sentinel.triggered'] });
    const fastTenant = await ctx.tenant();
    await createWebhook(ctx, fastTenant, { url: fast.url(), events: ['sentinel.triggered'] });
    for (let i = 0; i < 20; i++) await emit(ctx.container, slowTenant);
    await waitFor(async () => slow.received.length >= 4, 5_000, 'slow receiver busy');
    const started = performance.now();
    for (let i = 0; i < 10; i++) await emit(ctx.container, fastTenant);
    await waitFor(async () => fast.received.length >= 10, 4_000, 'fast deliveries');
    expect(performance.now() - started).toBeLessThan(4_000); // well inside one slow attempt (5 s)
  });
});

describe.each(dbKinds)('a worker restart between attempts (%s)', (kind) => {
  it('loses nothing: the next worker makes the next attempt with the same eventId', async () => {
    const ctx = await createWebhookContext(kind, { env: { WEBHOOK_RETRY_DELAYS: '600ms,100ms,100ms,100ms,100ms' } });
    let calls = 0;
    const r = await startReceiver((_req, res) => (++calls === 1 ? res.writeHead(502).end() : res.writeHead(200).end()));
    try {
      const tenant = await ctx.tenant();
      await createWebhook(ctx, tenant, { url: r.url(), events: ['sentinel.triggered'] });
      const first = ctx.startWorker();
      const { eventId, deliveryIds } = await emit(ctx.container, tenant);
      await waitFor(async () => (await deliveryOf(ctx.container, deliveryIds[0]!))?.attempts === 1, 10_000, 'first attempt');
      await first.stop(2_000); // the process goes away while the retry waits in the queue
      expect((await deliveryOf(ctx.container, deliveryIds[0]!))!.status).toBe('failed');
      // A new "process": its own container (job registry, delivery service) on the same database.
      const restarted = await ctx.restartedContainer();
      const log = createLogger({ level: 'silent' });
      const second = startWorker({ db: restarted.db, queue: restarted.queue, log, pollMs: 20 });
      try {
        await waitFor(async () => (await deliveryOf(ctx.container, deliveryIds[0]!))?.status === 'succeeded', 10_000, 'retry after restart');
      } finally {
        await second.stop(2_000);
      }
      expect(r.received.map((g) => g.headers['x-service-event-id'])).toEqual([eventId, eventId]);
    } finally {
      await ctx.close();
      closeWebhookAgents();
      await r.close();
    }
  });
});
