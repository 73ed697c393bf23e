/**
 * Account alerts over real HTTP (the app listening on loopback, fetch with cookies), on PGlite
 * and PostgreSQL: two webhooks fail long enough to raise their alerts through the real delivery
 * path (a short "failing for" threshold); GET /api/alerts lists them with `acknowledgedAt` and
 * filters by `state`; POST /api/alerts/:id/acknowledge answers 200 for a member, the same first
 * acknowledgement again for anyone after, 403 for a viewer, 404 for another account's alert or an
 * unknown one, 400 naming the field for a malformed id or state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWebhookAgents } from '../../../src/features/webhooks/transport.js';
import { waitFor } from '../../support/wait.js';
import { dbKinds } from '../../support/db.js';
import { login, seedUser } from '../../support/identity.js';
import { startReceiver, type Receiver } from '../../support/webhook-receiver.js';
import { createWebhook, createWebhookContext, type WebhookTenant, type WebhookContext } from '../../support/webhooks.js';

interface Alert {
  id: string;
  webhookId: string;
  webhookName: string;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
  resolvedAt: string | null;
}

/** What these tests read of an /api/alerts answer: the list, one alert or an error. */
interface AlertsBody extends Partial<Alert> {
  data: Alert[];
  error: { code: string; field: string; message: string };
}

describe.each(dbKinds)('account alerts and their acknowledgement over HTTP (%s)', (kind) => {
  let ctx: WebhookContext;
  let down: Receiver;
  let base: string;
  let owner: WebhookTenant;
  let other: WebhookTenant;
  let memberCookie: string;
  let memberId: string;
  let viewerCookie: string;
  let alerts: Alert[];

  async function http(method: 'GET' | 'POST', path: string, cookie?: string): Promise<{ status: number; body: AlertsBody }> {
    const res = await fetch(base + path, { method, headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  const list = async (query = '', cookie = owner.cookie) => {
    const res = await http('GET', `/api/alerts${query}`, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Alert[];
  };
  const acknowledge = (id: string, cookie: string) => http('POST', `/api/alerts/${encodeURIComponent(id)}/acknowledge`, cookie);

  beforeAll(async () => {
    down = await startReceiver((_req, res) => res.writeHead(503).end('down'));
    ctx = await createWebhookContext(kind, { webhooks: { failingAlertAfterMs: 400 } });
    ctx.startWorker();
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await ctx.tenant();
    other = await ctx.tenant();
    const member = await seedUser(ctx.container, owner.accountId, { role: 'member' });
    const viewer = await seedUser(ctx.container, owner.accountId, { role: 'viewer' });
    memberId = member.userId;
    [memberCookie, viewerCookie] = await Promise.all([login(ctx.app, member.email), login(ctx.app, viewer.email)]);
    // Two webhooks that always fail: one event raises both alerts through the delivery path.
    await createWebhook(ctx, owner, { url: down.url('/ops'), events: ['sentinel.triggered'], name: 'Ops channel' });
    await createWebhook(ctx, owner, { url: down.url('/crm'), events: ['sentinel.triggered'], name: 'CRM' });
    const { sampleEventData } = await import('../../../src/features/events/catalogue.js');
    await ctx.container.db.transaction((tx) =>
      ctx.container.services.events.emit(tx, {
        event: 'sentinel.triggered',
        accountId: owner.accountId,
        brandId: owner.brandId,
        data: sampleEventData('sentinel.triggered', owner.brandId),
      }),
    );
    alerts = await waitFor(
      async () => {
        const found = await list();
        return found.length === 2 && found;
      },
      20_000,
      'two alerts',
    );
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    closeWebhookAgents();
    await down?.close();
  });

  it('lists the alerts open, with the webhook name, to every role (viewers included)', async () => {
    expect(alerts.map((a) => a.webhookName).sort()).toEqual(['CRM', 'Ops channel']);
    for (const a of alerts) expect(a).toMatchObject({ acknowledgedAt: null, acknowledgedBy: null, resolvedAt: null });
    expect((await list('?state=open', viewerCookie)).map((a) => a.id).sort()).toEqual(alerts.map((a) => a.id).sort());
    expect(await list('?state=acknowledged')).toEqual([]);
  });

  it('refuses a viewer with 403 naming the role, and changes nothing', async () => {
    const res = await acknowledge(alerts[0]!.id, viewerCookie);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect(res.body.error.message).toMatch(/member/);
    expect(await list('?state=open')).toHaveLength(2);
  });

  it('acknowledges for a member; again (by anyone) answers the same first acknowledgement', async () => {
    const [first, second] = alerts as [Alert, Alert];
    const before = Date.now();
    const acked = await acknowledge(first.id, memberCookie);
    expect(acked.status).toBe(200);
    expect(acked.body).toMatchObject({ id: first.id, webhookName: first.webhookName, acknowledgedBy: memberId });
    const at = Date.parse(acked.body.acknowledgedAt ?? '');
    expect(at).toBeGreaterThanOrEqual(before - 1_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1_000);

    const again = await acknowledge(first.id, owner.cookie);
    expect(again.status).toBe(200);
    expect(again.body.acknowledgedAt).toBe(acked.body.acknowledgedAt);
    expect(again.body.acknowledgedBy).toBe(memberId);

    expect((await list('?state=open')).map((a) => a.id)).toEqual([second.id]);
    expect((await list('?state=acknowledged')).map((a) => a.id)).toEqual([first.id]);
    const all = await list();
    expect(all.find((a) => a.id === first.id)?.acknowledgedAt).toBe(acked.body.acknowledgedAt);
    expect(all.find((a) => a.id === second.id)?.acknowledgedAt).toBeNull();
    expect(await list('?state=all')).toEqual(all);
  });

  it("answers 404 for another account's alert (and leaves it open) and for an unknown id", async () => {
    const target = (await list('?state=open'))[0]!;
    const foreign = await acknowledge(target.id, other.cookie);
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect(await list('', other.cookie)).toEqual([]);
    expect((await list('?state=open')).map((a) => a.id)).toEqual([target.id]);
    const unknown = await acknowledge('0f0e0d0c-0b0a-4908-8706-050403020100', owner.cookie);
    expect(unknown.status).toBe(404);
  });

  it('answers 400 naming the field for a malformed id or state, and 401 without a session', async () => {
    const badId = await acknowledge('not-an-id', owner.cookie);
    expect([badId.status, badId.body.error.code, badId.body.error.field]).toEqual([400, 'VALIDATION_ERROR', 'id']);
    const badState = await http('GET', '/api/alerts?state=closed', owner.cookie);
    expect([badState.status, badState.body.error.field]).toEqual([400, 'state']);
    const anonymous = await acknowledge(alerts[0]!.id, '');
    expect(anonymous.status).toBe(401);
  });
});
