/**
 * The dashboard webhooks API (session cookie) and the v1 webhooks API (Beta): validation,
 * the secret shown once, isolation across brands and accounts, enable/disable, test events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWebhookAgents } from '../../src/features/webhooks/transport.js';
import { waitFor } from '../support/wait.js';
import { createKey, bearer } from '../support/identity.js';
import { dbKinds } from '../support/db.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { createWebhookContext, type WebhookTenant, type WebhookContext } from '../support/webhooks.js';
import { sampleEventData } from '../../src/features/events/catalogue.js';

describe.each(dbKinds)('webhooks API (%s)', (kind) => {
  let ctx: WebhookContext;
  let receiver: Receiver;
  let alice: WebhookTenant;
  let bob: WebhookTenant;

  const post = (tenant: WebhookTenant, payload: unknown, url = '/api/webhooks') =>
    ctx.app.inject({ method: 'POST', url, headers: { cookie: tenant.cookie }, payload: payload as object });
  const valid = (tenant: WebhookTenant, extra: Record<string, unknown> = {}) => ({
    brandId: tenant.brandId,
    name: 'Ops receiver',
    url: receiver.url(),
    events: ['sentinel.triggered'],
    ...extra,
  });

  beforeAll(async () => {
    ctx = await createWebhookContext(kind);
    receiver = await startReceiver();
    alice = await ctx.tenant();
    bob = await ctx.tenant();
  });
  afterAll(async () => {
    await ctx.close();
    closeWebhookAgents();
    await receiver.close();
  });

  it('creates a webhook, returns the secret once, and lists it without the secret', async () => {
    const res = await post(alice, valid(alice, { events: ['citation.discovered', 'sentinel.triggered'] }));
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { webhook, secret } = res.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({ name: 'Ops receiver', url: receiver.url(), eventSet: 'v1', eventCount: 2, enabled: true, status: 'enabled', consecutiveFailures: 0, lastError: null, lastTriggeredAt: null, robot: null });
    const list = await ctx.app.inject({ url: `/api/webhooks?brandId=${alice.brandId}`, headers: { cookie: alice.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain('whsec_');
    expect(list.json().data.map((w: { id: string }) => w.id)).toContain(webhook.id);
    const one = await ctx.app.inject({ url: `/api/webhooks/${webhook.id}`, headers: { cookie: alice.cookie } });
    expect(one.body).not.toContain('whsec_');
  });

  it('adds https:// to a bare domain', async () => {
    const res = await post(alice, valid(alice, { url: `localhost:${receiver.port}/bare` }));
    expect(res.statusCode).toBe(201);
    expect(res.json().webhook.url).toBe(`https://localhost:${receiver.port}/bare`);
  });

  it.each([
    ['http:// URL', { url: 'http://hooks.example.com/x' }, 'url'],
    ['unparsable URL', { url: 'https://exa mple.com/x' }, 'url'],
    ['javascript: URL', { url: 'javascript:alert(1)' }, 'url'],
    ['name over 64 characters', { name: 'n'.repeat(65) }, 'name'],
    ['blank name', { name: '   ' }, 'name'],
    ['event not in the catalogue', { events: ['sentinel.triggered', 'payment.succeeded'] }, 'events'],
    ['events of both sets', { events: ['sentinel.triggered', 'aeo.batch.completed'] }, 'events'],
    ['no events', { events: [] }, 'events'],
    ['events as a string', { events: 'sentinel.triggered' }, 'events'],
    ['10 000-character name', { name: 'x'.repeat(10_000) }, 'name'],
    ['10 000-character URL', { url: `https://hooks.example.com/${'a'.repeat(10_000)}` }, 'url'],
    ['10 000-character event', { events: ['e'.repeat(10_000)] }, 'events.0'],
    ['unknown field', { admin: true }, 'admin'],
    ['signing secret on a non-robot URL', { signingSecret: 'SEC' }, 'signingSecret'],
  ])('refuses %s with 400', async (_label, extra, field) => {
    const res = await post(alice, valid(alice, extra));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field });
  });

  it('refuses hostile JSON with 400, never 500', async () => {
    for (const payload of ['{"brandId":', '{"__proto__":{"admin":true},"name":"x"}', '[1,2,3]', '"just a string"', '{"brandId":{"$ne":null},"name":"x","url":"https://a.example","events":["sentinel.triggered"]}']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: { cookie: alice.cookie, 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
    }
  });

  it('isolates brands and accounts: another account gets 404 for the brand and the webhook', async () => {
    const created = (await post(alice, valid(alice))).json().webhook;
    const foreignBrand = await post(bob, valid(bob, { brandId: alice.brandId }));
    expect(foreignBrand.statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/webhooks?brandId=${alice.brandId}`, headers: { cookie: bob.cookie } })).statusCode).toBe(404);
    for (const [method, url] of [['GET', `/api/webhooks/${created.id}`], ['PATCH', `/api/webhooks/${created.id}`], ['DELETE', `/api/webhooks/${created.id}`], ['POST', `/api/webhooks/${created.id}/test`], ['GET', `/api/webhooks/${created.id}/deliveries`]] as const) {
      const res = await ctx.app.inject({ method, url, headers: { cookie: bob.cookie }, ...(method === 'PATCH' ? { payload: { enabled: false } } : method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // A second brand of the same account does not see the first brand's webhooks.
    const other = await ctx.container.services.brands.create({ accountId: alice.accountId, userId: alice.userId, tier: 'growth' }, { name: 'Second', category: 'tea' });
    const list = await ctx.app.inject({ url: `/api/webhooks?brandId=${other.id}`, headers: { cookie: alice.cookie } });
    expect(list.json().data).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/webhooks/not-a-uuid', headers: { cookie: alice.cookie } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/webhooks?brandId=${alice.brandId}` })).statusCode).toBe(401);
  });

  it('updates name, url and events; refuses mixed sets on update', async () => {
    const created = (await post(alice, valid(alice))).json().webhook;
    const patch = (payload: object) => ctx.app.inject({ method: 'PATCH', url: `/api/webhooks/${created.id}`, headers: { cookie: alice.cookie }, payload });
    const res = await patch({ name: 'Renamed', url: `localhost:${receiver.port}/new`, events: ['aeo.batch.completed', 'wiki.page.created'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', url: `https://localhost:${receiver.port}/new`, eventSet: 'legacy', eventCount: 2 });
    expect((await patch({ events: ['aeo.batch.completed', 'uplift.measured'] })).statusCode).toBe(400);
    expect((await patch({ url: 'http://insecure.example.com' })).statusCode).toBe(400);
    expect((await patch({})).statusCode).toBe(400);
  });

  it('limits webhooks per brand to 10', async () => {
    const tenant = await ctx.tenant();
    for (let i = 0; i < 10; i++) expect((await post(tenant, valid(tenant))).statusCode).toBe(201);
    const res = await post(tenant, valid(tenant));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('WEBHOOK_LIMIT_REACHED');
  });

  it('disable stops deliveries; enable resumes them; delete removes the webhook', async () => {
    const tenant = await ctx.tenant();
    const r = await startReceiver();
    const worker = ctx.startWorker();
    try {
      const created = (await post(tenant, valid(tenant, { url: r.url() }))).json().webhook;
      const setEnabled = (enabled: boolean) => ctx.app.inject({ method: 'PATCH', url: `/api/webhooks/${created.id}`, headers: { cookie: tenant.cookie }, payload: { enabled } });
      const emit = () => ctx.container.db.transaction((tx) => ctx.container.services.events.emit(tx, { event: 'sentinel.triggered', accountId: tenant.accountId, brandId: tenant.brandId, data: sampleEventData('sentinel.triggered', tenant.brandId) }));
      expect((await setEnabled(false)).json()).toMatchObject({ enabled: false, status: 'disabled' });
      expect((await emit()).deliveries).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(r.received).toHaveLength(0);
      expect((await setEnabled(true)).json().status).toBe('enabled');
      const sent = await emit();
      expect(sent.deliveries).toBe(1);
      await waitFor(async () => r.received.length === 1, 10_000, 'delivery after enable');
      expect(r.received[0]!.headers['x-service-event-id']).toBe(sent.eventId);
      const del = await ctx.app.inject({ method: 'DELETE', url: `/api/webhooks/${created.id}`, headers: { cookie: tenant.cookie } });
      expect(del.statusCode).toBe(204);
      expect((await emit()).deliveries).toBe(0);
      expect((await ctx.app.inject({ url: `/api/webhooks/${created.id}`, headers: { cookie: tenant.cookie } })).statusCode).toBe(404);
    } finally {
      await worker.stop(2_000);
      await r.close();
    }
  });

  it('sends a test event through the real delivery path, marked as a test, and logs it', async () => {
    const tenant = await ctx.tenant();
    const r = await startReceiver();
    const worker = ctx.startWorker();
    try {
      const { webhook, secret } = (await post(tenant, valid(tenant, { url: r.url(), events: ['aeo.batch.completed'] }))).json();
      const res = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${webhook.id}/test`, headers: { cookie: tenant.cookie }, payload: {} });
      expect(res.statusCode).toBe(202);
      const { eventId } = res.json();
      await waitFor(async () => r.received.length === 1, 10_000, 'test delivery');
      const got = r.received[0]!;
      expect(got.headers['x-service-test']).toBe('true');
      expect(got.headers['x-service-event-id']).toBe(eventId);
      expect(got.headers['x-service-signature']).toMatch(/^t=\d+,v1=/);
      expect(JSON.parse(got.body.toString('utf8'))).toMatchObject({ eventId, event: 'aeo.batch.completed', brandId: tenant.brandId });
      expect(secret).toMatch(/^whsec_/);
      const log = await waitFor(async () => {
        const l = await ctx.app.inject({ url: `/api/webhooks/${webhook.id}/deliveries`, headers: { cookie: tenant.cookie } });
        return l.json().data[0]?.status === 'succeeded' && l.json().data;
      }, 10_000, 'delivery log');
      expect(log[0]).toMatchObject({ eventId, test: true, attempts: 1, lastStatusCode: 200 });
      expect(log[0].attemptLog[0]).toMatchObject({ attempt: 1, ok: true, statusCode: 200 });
      const listed = (await ctx.app.inject({ url: `/api/webhooks/${webhook.id}`, headers: { cookie: tenant.cookie } })).json();
      expect(listed.lastTriggeredAt).not.toBeNull();
      const wrongEvent = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${webhook.id}/test`, headers: { cookie: tenant.cookie }, payload: { event: 'sentinel.triggered' } });
      expect(wrongEvent.statusCode).toBe(400);
    } finally {
      await worker.stop(2_000);
      await r.close();
    }
  });

  it('v1: registers (Beta, admin scope), lists without secrets, deletes; v1 events only', async () => {
    const admin = await createKey(ctx.container, alice, 'v1', { scopes: ['admin'] });
    const writer = await createKey(ctx.container, alice, 'v1', { scopes: ['write'] });
    const foreign = await createKey(ctx.container, bob, 'v1', { scopes: ['admin'] });
    const register = (key: string, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/v1/webhooks', headers: bearer(key), payload });
    const res = await register(admin.key, { url: `localhost:${receiver.port}/v1`, events: ['citation.discovered'], description: 'Data team' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['brandId', 'createdAt', 'description', 'events', 'secret', 'url', 'webhookId'].sort());
    expect(body).toMatchObject({ url: `https://localhost:${receiver.port}/v1`, events: ['citation.discovered'], brandId: null, description: 'Data team' });
    expect(body.secret).toMatch(/^whsec_/);
    expect((await register(writer.key, { url: 'https://a.example.com', events: ['citation.discovered'] })).statusCode).toBe(403);
    expect((await register(admin.key, { url: 'https://a.example.com', events: ['aeo.batch.completed'] })).statusCode).toBe(400);
    expect((await register(admin.key, { url: 'http://a.example.com', events: ['citation.discovered'] })).statusCode).toBe(400);
    expect((await register(admin.key, { url: 'https://a.example.com', events: ['citation.discovered'], brandId: bob.brandId })).statusCode).toBe(404);
    const scoped = await register(admin.key, { url: 'https://a.example.com', events: ['citation.discovered'], brandId: alice.brandId });
    expect(scoped.json().brandId).toBe(alice.brandId);
    const list = await ctx.app.inject({ url: '/api/v1/webhooks', headers: bearer(admin.key) });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('whsec_');
    expect(list.json().webhooks.map((w: { webhookId: string }) => w.webhookId)).toContain(body.webhookId);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${body.webhookId}`, headers: bearer(foreign.key) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${body.webhookId}`, headers: bearer(admin.key) })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${body.webhookId}`, headers: bearer(admin.key) })).statusCode).toBe(404);
    const doc = (await ctx.app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/api/v1/webhooks'].post['x-stability']).toBe('Beta');
    expect(doc.paths['/api/v1/webhooks'].post['x-required-scope']).toBe('admin');
  });
});
