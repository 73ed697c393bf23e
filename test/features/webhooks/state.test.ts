/**
 * What the dashboard shows of a webhook, over real HTTP: a state that says "failing" while
 * deliveries fail (never just "enabled"), the next retry's time, "working" after a success,
 * "unused" before anything was sent, "disabled"; the account-wide list (the main menu's page)
 * without a brandId; bad input 400 naming the field; another account's webhook and brand 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWebhookAgents } from '../../../src/features/webhooks/transport.js';
import { waitFor } from '../../support/wait.js';
import { dbKinds } from '../../support/db.js';
import { createWebhook, createWebhookContext, type WebhookTenant, type WebhookContext } from '../../support/webhooks.js';
import { startReceiver, type Receiver } from '../../support/webhook-receiver.js';

const HOUR = 3_600_000;

/** What these tests read of a webhook and of one of its deliveries. */
interface Webhook {
  name: string;
  state: string;
  failingSince: string | null;
  nextRetryAt: string | null;
}
interface Delivery {
  id: string;
  attempts: number;
  nextAttemptAt: string | null;
}

describe.each(dbKinds)('webhook state and the account-wide list (%s)', (kind) => {
  let ctx: WebhookContext;
  let base: string;
  let failing: Receiver;
  let healthy: Receiver;
  let alice: WebhookTenant;
  let bob: WebhookTenant;

  /** `Body`: what the caller reads of the answer (unknown when it only compares the whole). */
  const get = async <Body = unknown>(tenant: WebhookTenant, path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { cookie: tenant.cookie, accept: 'application/json' } });
    return { status: res.status, body: (await res.json()) as Body };
  };
  const post = async <Body = unknown>(tenant: WebhookTenant, path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { cookie: tenant.cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Body };
  };

  beforeAll(async () => {
    // Retries an hour apart: a failed delivery stays waiting, so its next retry can be read.
    ctx = await createWebhookContext(kind, { env: { WEBHOOK_RETRY_DELAYS: '1h,2h' } });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    failing = await startReceiver((_req, res) => {
      res.statusCode = 500;
      res.end('down for maintenance');
    });
    healthy = await startReceiver();
    alice = await ctx.tenant();
    bob = await ctx.tenant();
    ctx.startWorker();
  });
  afterAll(async () => {
    await ctx.close();
    closeWebhookAgents();
    await failing.close();
    await healthy.close();
  });

  it('is "unused" before anything is sent, with no retry waiting', async () => {
    const { id } = await createWebhook(ctx, alice, { url: healthy.url('/new'), events: ['sentinel.triggered'], name: 'New' });
    const { status, body } = await get(alice, `/api/webhooks/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ enabled: true, state: 'unused', nextRetryAt: null, failingSince: null });
  });

  it('a failing test delivery makes the webhook "failing" with the time of its next retry', async () => {
    const { id } = await createWebhook(ctx, alice, { url: failing.url('/hook'), events: ['sentinel.triggered'], name: 'Broken' });
    const sent = await post<{ deliveryId: string }>(alice, `/api/webhooks/${id}/test`, {});
    expect(sent.status).toBe(202);
    const before = Date.now();
    const delivery = await waitFor(async () => {
      const log = await get<{ data: Delivery[] }>(alice, `/api/webhooks/${id}/deliveries`);
      const found = log.body.data.find((d) => d.id === sent.body.deliveryId);
      return found?.attempts === 1 && found;
    }, 15_000, 'first attempt recorded');
    expect(delivery).toMatchObject({ status: 'failed', lastStatusCode: 500, test: true });
    const hook = (await get<Webhook>(alice, `/api/webhooks/${id}`)).body;
    // Enabled, and still shown as failing: the state is the receiver's side, not the switch.
    expect(hook).toMatchObject({ enabled: true, status: 'enabled', state: 'failing', consecutiveFailures: 1 });
    expect(hook.failingSince).not.toBeNull();
    expect(hook.nextRetryAt).toBe(delivery.nextAttemptAt);
    const due = Date.parse(hook.nextRetryAt ?? '') - before;
    expect(due).toBeGreaterThan(0.85 * HOUR); // 1 h ± 10 % jitter
    expect(due).toBeLessThan(1.15 * HOUR);
  });

  it('a successful test makes it "working"; disabling makes it "disabled"', async () => {
    const { id } = await createWebhook(ctx, alice, { url: healthy.url('/ok'), events: ['sentinel.triggered'], name: 'Fine' });
    expect((await post(alice, `/api/webhooks/${id}/test`, {})).status).toBe(202);
    const hook = await waitFor(async () => {
      const h = (await get<Webhook>(alice, `/api/webhooks/${id}`)).body;
      return h.state === 'working' && h;
    }, 15_000, 'webhook working');
    expect(hook).toMatchObject({ nextRetryAt: null, consecutiveFailures: 0, failingSince: null });
    const res = await fetch(`${base}/api/webhooks/${id}`, { method: 'PATCH', headers: { cookie: alice.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ enabled: false }) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { state: string }).state).toBe('disabled');
  });

  it('without brandId lists every webhook of the account, and only that account', async () => {
    const mine = await get<{ data: Webhook[] }>(alice, '/api/webhooks');
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((w) => w.name).sort()).toEqual(['Broken', 'Fine', 'New']);
    expect(mine.body.data.find((w) => w.name === 'Broken')?.state).toBe('failing');
    const theirs = await get(bob, '/api/webhooks');
    expect(theirs).toEqual({ status: 200, body: { data: [] } });
  });

  it("another account's webhook and brand are 404", async () => {
    const { id } = await createWebhook(ctx, alice, { url: healthy.url('/private'), events: ['citation.discovered'], name: 'Private' });
    expect((await get(bob, `/api/webhooks/${id}`)).status).toBe(404);
    expect((await get(bob, `/api/webhooks?brandId=${alice.brandId}`)).status).toBe(404);
    expect((await post(bob, `/api/webhooks/${id}/test`, {})).status).toBe(404);
  });

  it.each([
    ['an empty brandId', '/api/webhooks?brandId=', 'brandId'],
    ['an unknown parameter', '/api/webhooks?brand=x', 'brand'],
  ])('refuses %s with 400 naming the field', async (_label, path, field) => {
    const { status, body } = await get<{ error: unknown }>(alice, path);
    expect(status).toBe(400);
    expect(JSON.stringify(body.error)).toContain(field);
  });

  it('needs a signed-in user', async () => {
    const res = await fetch(`${base}/api/webhooks`);
    expect(res.status).toBe(401);
  });
});
