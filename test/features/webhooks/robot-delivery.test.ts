/**
 * A DingTalk group robot through the real delivery job, against a local HTTPS server mimicking
 * its replies (the robot host name is answered with 127.0.0.1 by the stub resolver): Markdown
 * message, signature in the query, "HTTP 200 with an error code" counted as a failed attempt
 * and retried, and pacing that delays (never drops) a message beyond the robot's limit.
 */
import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../src/db/schema/jobs.js';
import { webhookDeliveries, webhookRobotPacing } from '../../../src/db/schema/webhooks.js';
import { sampleEventData } from '../../../src/features/events/catalogue.js';
import { DeliverJob } from '../../../src/features/webhooks/delivery.jobs.js';
import { closeWebhookAgents } from '../../../src/features/webhooks/transport.js';
import { waitFor } from '../../support/wait.js';
import { dbKinds } from '../../support/db.js';
import { startReceiver, type Receiver } from '../../support/webhook-receiver.js';
import { attemptsOf, createWebhook, createWebhookContext, deliveryOf, webhookRow, type WebhookTenant, type WebhookContext } from '../../support/webhooks.js';

describe.each(dbKinds)('chat-group robot delivery (%s)', (kind) => {
  let ctx: WebhookContext;
  let mimic: Receiver;
  const replies: string[] = [];

  beforeAll(async () => {
    ctx = await createWebhookContext(kind);
    // Answers HTTP 200 always, like the real robots; the body's errcode tells success from refusal.
    mimic = await startReceiver((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(replies.shift() ?? '{"errcode":0,"errmsg":"ok"}'));
    ctx.startWorker();
  });
  afterAll(async () => {
    await ctx.close();
    closeWebhookAgents();
    await mimic.close();
  });

  async function emit(tenant: WebhookTenant) {
    const sent = await ctx.container.db.transaction((tx) =>
      ctx.container.services.events.emit(tx, { event: 'sentinel.triggered', accountId: tenant.accountId, brandId: tenant.brandId, data: sampleEventData('sentinel.triggered', tenant.brandId) }),
    );
    const [delivery] = await ctx.container.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, sent.eventId));
    return { eventId: sent.eventId, deliveryId: delivery!.id };
  }

  it('sends a signed Markdown message; "HTTP 200 with an error code" is a failure and is retried', async () => {
    const tenant = await ctx.tenant();
    const url = `https://oapi.dingtalk.com:${mimic.port}/robot/send?access_token=tok-${tenant.brandId.slice(0, 8)}`;
    const hook = await createWebhook(ctx, tenant, { url, events: ['sentinel.triggered'], signingSecret: 'SECdemo' });
    replies.push('{"errcode":310000,"errmsg":"sign not match"}');
    const { eventId, deliveryId } = await emit(tenant);
    await waitFor(async () => (await deliveryOf(ctx.container, deliveryId))?.status === 'succeeded', 10_000, 'robot delivery');
    const attempts = await attemptsOf(ctx.container, deliveryId);
    expect(attempts.map((a) => [a.attempt, a.ok, a.statusCode, a.errorKind])).toEqual([
      [1, false, 200, 'robot_error'],
      [2, true, 200, null],
    ]);
    expect(attempts[0]!.error).toContain('310000');
    const got = mimic.received.slice(-2);
    for (const request of got) {
      const query = new URL(request.url, 'https://x').searchParams;
      const timestamp = query.get('timestamp')!;
      expect(query.get('sign')).toBe(createHmac('sha256', 'SECdemo').update(`${timestamp}\nSECdemo`).digest('base64'));
      const body = JSON.parse(request.body.toString('utf8'));
      expect(body.msgtype).toBe('markdown');
      expect(body.markdown.text).toContain('sentinel.triggered');
      expect(body.markdown.text).toContain(eventId);
      // A robot gets its own format, not the signed envelope.
      expect(request.headers['x-service-signature']).toBeUndefined();
    }
    const webhook = await webhookRow(ctx.container, hook.id);
    expect(webhook.consecutiveFailures).toBe(0);
    expect(webhook.lastError).toContain('dingtalk error 310000');
  });

  it('delays (does not drop) a message beyond the robot limit of 20 per minute', async () => {
    const tenant = await ctx.tenant();
    const url = `https://oapi.dingtalk.com:${mimic.port}/robot/send?access_token=busy-${tenant.brandId.slice(0, 8)}`;
    const hook = await createWebhook(ctx, tenant, { url, events: ['sentinel.triggered'] });
    const stored = (await webhookRow(ctx.container, hook.id)).url;
    const now = Date.now();
    await ctx.container.db.insert(webhookRobotPacing).values({ robot: stored, sentAt: Array.from({ length: 20 }, (_, i) => now - 30_000 + i * 100) });
    const before = mimic.received.length;
    const { deliveryId } = await emit(tenant);
    const deferred = await waitFor(async () => {
      const rows = await ctx.container.db
        .select({ runAt: jobs.runAt })
        .from(jobs)
        .where(and(eq(jobs.queue, DeliverJob.name), eq(jobs.status, 'queued'), sql`${jobs.payload}->>'deliveryId' = ${deliveryId}`, sql`(${jobs.payload}->>'hop')::int > 0`));
      return rows.length === 1 && rows[0];
    }, 10_000, 'a deferred job');
    // The oldest of the 20 sends leaves the one-minute window about 30 s from now.
    expect(deferred.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(deferred.runAt.getTime()).toBeLessThan(now + 31_000);
    const delivery = await deliveryOf(ctx.container, deliveryId);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0 });
    expect(mimic.received.length).toBe(before);
  });
});
