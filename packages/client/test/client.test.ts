/**
 * @sightline/client against a running Sightline over real HTTP: every operation once, the typed
 * errors of 400/401/403/404 with no retry, and an idempotent POST retried after a dropped
 * connection creating one run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createSightline, AuthenticationError, BadRequestError, NotFoundError, PermissionError, RateLimitError, type Sightline } from '@sightline/client';
import { createTestContext, type TestContext } from '../../../test/support/app.js';
import { createTenant, type Tenant } from '../../../test/support/tenant.js';

let ctx: TestContext;
let base: string;
let tenant: Tenant;
let client: Sightline;
let calls = 0;
const countingFetch: typeof fetch = (input, init) => {
  calls += 1;
  return fetch(input, init);
};

beforeAll(async () => {
  ctx = await createTestContext('pglite', { afterRunDelayMs: 0 });
  ctx.startWorker();
  base = await ctx.listen();
  tenant = await createTenant(ctx);
  client = createSightline({ baseUrl: base, apiKey: tenant.write, polling: { tiersMs: [50, 200] } });
});
afterAll(() => ctx.close());

describe('@sightline/client against a running service', () => {
  it('every v1 operation once', async () => {
    expect((await client.health()).status).toBeDefined();
    const { brand } = await client.brands.create({ name: 'Acme Robots', category: 'robot vacuum', competitors: ['Roborock'] });
    expect(brand).toMatchObject({ name: 'Acme Robots', category: 'robot vacuum' });
    expect((await client.brands.list()).brands.map((b) => b.id)).toContain(brand.id);
    expect((await client.brands.get(brand.id)).brand.id).toBe(brand.id);

    const trigger = await client.probes.run({ brandId: brand.id, platforms: ['deepseek', 'kimi'] });
    expect(trigger).toMatchObject({ status: 'queued', brandId: brand.id });
    const progress: string[] = [];
    const done = await client.probes.waitFor(trigger.runId, { onProgress: (run) => progress.push(run?.status ?? '429'), timeoutMs: 30_000 });
    expect(['completed', 'partial']).toContain(done.status);
    expect(done.sampleSize).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(done.status);
    expect((await client.probes.get(trigger.runId)).runId).toBe(trigger.runId);

    expect(await client.citations({ brandId: brand.id })).toMatchObject({ windowDays: 7 });
    expect(await client.authority(brand.id)).toMatchObject({ brandId: brand.id });
    expect((await client.picker({ brandId: brand.id })).brandId).toBe(brand.id);
    const trend = await client.visibility({ brandId: brand.id, days: 7 });
    expect(trend.rows).toHaveLength(7);
    expect((await client.competitors({ brandId: brand.id })).rows.length).toBeGreaterThan(0);
    expect(await client.sentinel.incidents({ brandId: brand.id })).toMatchObject({ total: expect.any(Number) });
    const suggestion = await client.suggest.create({ brandId: brand.id, content: 'Acme Robots vacuums map every room and empty themselves.', intent: 'faq' });
    expect(suggestion.brandId).toBe(brand.id);
    expect((await client.suggest.apply(suggestion.suggestionId)).status).toBe('applied');

    const pack = await client.promptPacks.create({ name: 'Client pack', prompts: [{ text: 'Best robot vacuum for pet hair?', stage: 'desire', intent: 'recommendation' }] });
    expect((await client.promptPacks.list()).packs.map((p) => p.id)).toContain(pack.id);
    expect((await client.promptPacks.get(pack.id)).id).toBe(pack.id);
    expect((await client.promptPacks.bind(pack.id)).id).toBe(pack.id);

    const admin = await ctx.container.services.keys.create({ accountId: tenant.accountId, userId: tenant.userId, type: 'v1', scopes: ['admin'] });
    const adminClient = createSightline({ baseUrl: base, apiKey: admin.key });
    const hook = await adminClient.webhooks.create({ url: 'https://hooks.example.com/sightline', events: ['citation.discovered'] });
    expect((await adminClient.webhooks.list()).webhooks.map((w) => w.webhookId)).toContain(hook.webhookId);
    await adminClient.webhooks.delete(hook.webhookId);
    expect((await adminClient.webhooks.list()).webhooks.map((w) => w.webhookId)).not.toContain(hook.webhookId);
  }, 120_000);

  it('the legacy surface: free check, full query, AEO rewrite, dashboard data as JSON and CSV', { timeout: 90_000 }, async () => {
    const anonymous = createSightline({ baseUrl: base });
    const check = await anonymous.legacy.freeCheck({ brand_name: 'Acme Robots', industry: 'robot vacuum' });
    expect(check.summary.length).toBeGreaterThan(0);
    const legacy = createSightline({ baseUrl: base, apiKey: tenant.legacy });
    const query = await legacy.legacy.query({ brand: 'Acme Robots', category: 'robot vacuum', platforms: ['deepseek'] });
    expect(query.platforms).toHaveLength(1);
    expect(query.summary.length).toBe(1);
    const rewrite = await legacy.legacy.aeoRewrite({ text: 'Acme Robots vacuums map every room.', brand: 'Acme Robots' });
    expect(rewrite.score_aviv).toBeGreaterThanOrEqual(0);

    const brandId = (await client.brands.create({ name: 'Legacy Co', category: 'kettles' })).brand.id;
    const d = legacy.legacy.dashboard;
    expect((await d.timeseries.json({ brand_id: brandId, days: 7 })).rows).toHaveLength(7);
    expect(await d.timeseries.csv({ brand_id: brandId, days: 7 })).toMatch(/^day,/);
    expect((await d.competitors.json({ brand_id: brandId })).rows.length).toBeGreaterThan(0);
    expect(await d.competitors.csv({ brand_id: brandId })).toContain('platform');
    expect(Array.isArray((await d.prompts.json({ brand_id: brandId })).rows)).toBe(true);
    expect((await d.aida.json({ brand_id: brandId })).rows).toHaveLength(4);
    expect((await d.compare.json()).rows.length).toBeGreaterThan(0);
    expect(await d.compare.csv({ days: 7 })).toMatch(/^brandId,name/);
  });

  it('400, 401, 403 and 404 throw typed errors with the envelope and are sent once', async () => {
    const counted = (apiKey: string) => createSightline({ baseUrl: base, apiKey, fetch: countingFetch });
    const cases: Array<[() => Promise<unknown>, unknown, string]> = [
      [() => counted(tenant.write).brands.create({ name: 'No category' } as never), BadRequestError, 'category'],
      [() => counted('sk_test_not_a_real_key').brands.list(), AuthenticationError, 'key'],
      [() => counted(tenant.read).brands.create({ name: 'X', category: 'Y' }), PermissionError, 'write'],
      [() => counted(tenant.write).brands.get('00000000-0000-4000-8000-000000000000'), NotFoundError, 'not found'],
    ];
    for (const [call, type, text] of cases) {
      calls = 0;
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(type);
      expect((error as Error).message).toContain(text);
      expect((error as { requestId?: string }).requestId).toBeTruthy();
      expect((error as { code?: string }).code).toMatch(/^[A-Z_]+$/);
      expect(calls).toBe(1);
    }
  });

  it('a 429 from the real limits carries the limit headers', async () => {
    const anonymous = createSightline({ baseUrl: base, retry: { maxRetries: 0 } });
    let error: unknown;
    for (let i = 0; i < 10 && !error; i++) error = await anonymous.legacy.freeCheck({ brand_name: `Flood ${i}` }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    const { rateLimit } = error as RateLimitError;
    expect(rateLimit.retryAfterSeconds).toBeGreaterThan(0);
    expect(rateLimit.remaining).toBe(0);
    expect(rateLimit.limit).toBeGreaterThan(0);
  });

  it('an idempotent POST retried after a dropped connection creates one run', { timeout: 60_000 }, async () => {
    const { brand } = await client.brands.create({ name: 'Dropped Co', category: 'kettles' });
    // A proxy that forwards the first POST /api/v1/probes, lets the service create the run, then drops the connection.
    let dropped = 0;
    const proxy = createServer((req, res) => {
      const upstream = httpRequest(`${base}${req.url}`, { method: req.method, headers: req.headers }, (up) => {
        if (req.method === 'POST' && req.url === '/api/v1/probes' && dropped === 0) {
          dropped += 1;
          up.resume();
          up.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const viaProxy = createSightline({ baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, apiKey: tenant.write, retry: { baseDelayMs: 10 } });
      const trigger = await viaProxy.probes.run({ brandId: brand.id, platforms: ['deepseek'] });
      expect(dropped).toBe(1);
      const runs = await ctx.container.db.execute(sql`select id from scan_runs where brand_id = ${brand.id}`);
      const ids = ((runs as { rows?: Array<{ id: string }> }).rows ?? (runs as unknown as Array<{ id: string }>)).map((r) => r.id);
      expect(ids).toEqual([trigger.runId]);
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
