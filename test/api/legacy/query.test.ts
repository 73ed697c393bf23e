import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PLATFORM_IDS } from '../../../src/platforms/index.js';
import { call, createTenant, type Tenant } from '../../support/tenant.js';
import { createTestContext, type TestContext } from '../../support/app.js';
import { dbKinds, rowsOf } from '../../support/db.js';

const ledgerOf = async (ctx: TestContext, accountId: string) =>
  rowsOf<{ kind: string; cost_usd: string; reference: string; quantity: string }>(
    await ctx.container.db.execute(sql`select kind, cost_usd::text, reference, quantity from usage_ledger where account_id = ${accountId} order by kind`),
  );

describe.each(dbKinds)('full query over HTTP (%s)', (kind) => {
  let ctx: TestContext;
  let base: string;
  let tenant: Tenant;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    base = await ctx.listen();
    tenant = await createTenant(ctx, 'scale');
  });
  afterAll(() => ctx.close());

  const query = (body: unknown, path = '/api/query', key = tenant.legacy) => call(base, 'POST', path, { key, body });

  it('scans the chosen platforms, returns every answer with its analysis, stores and charges the scan', async () => {
    const res = await query({ brand: '石头', category: '扫地机器人', platforms: ['deepseek', 'glm', 'chatgpt'] });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.status).toBe('completed');
    expect(body.platforms).toEqual(['deepseek', 'zhipu', 'chatgpt']);
    expect(body.runs.length).toBeGreaterThan(0);
    const results = body.runs.flatMap((r: { results: unknown[] }) => r.results);
    // 3 questions per locale: Chinese ones on deepseek and zhipu, English ones on chatgpt.
    expect(results).toHaveLength(9);
    for (const r of results) {
      expect(typeof r.text).toBe('string');
      expect(r.text.length).toBeGreaterThan(0);
      expect(typeof r.analysis.mentioned).toBe('boolean');
      if (r.analysis.mentioned) {
        expect(typeof r.analysis.position).toBe('number');
        expect(r.text.slice(r.analysis.position).length).toBeGreaterThan(0);
      } else expect(r.analysis.position).toBeNull();
      expect(r.analysis).toHaveProperty('rank');
      expect(r.analysis).toHaveProperty('sentiment');
      expect(Array.isArray(r.analysis.citations)).toBe(true);
      expect(r.simulated).toBe(true);
    }
    const chatgpt = results.filter((r: { platform: string }) => r.platform === 'chatgpt');
    expect(chatgpt.every((r: { text: string }) => !/[\u4e00-\u9fff]{6}/.test(r.text))).toBe(true);
    expect(body.errors).toEqual([]);
    expect(body.chargedUsd).toBeCloseTo(0.005 + body.costUsd, 6);

    const ledger = await ledgerOf(ctx, tenant.accountId);
    expect(ledger.map((l) => [l.kind, l.reference])).toEqual([
      ['platform_tokens', body.runId],
      ['scan', body.runId],
    ]);
    expect(Number(ledger.find((l) => l.kind === 'scan')!.cost_usd)).toBe(0.005);
    const stored = rowsOf<{ n: number }>(await ctx.container.db.execute(sql`select count(*)::int as n from answers where run_id = ${body.runId}`));
    expect(stored[0]!.n).toBe(9);
  });

  it('mode=all scans all 8 platforms; no platforms means every configured one', async () => {
    const all = await query({ brand: 'Roborock', category: 'robot vacuum' }, '/api/query?mode=all');
    expect(all.status).toBe(200);
    expect(all.body.platforms).toEqual([...PLATFORM_IDS]);
    const configured = await query({ brand: 'Roborock', category: 'robot vacuum' });
    expect(configured.body.platforms).toEqual([...PLATFORM_IDS]); // simulate mode: all are configured
  });

  it('links a query to the account brand of that name', async () => {
    const created = await call(base, 'POST', '/api/v1/brands', { key: tenant.write, body: { name: 'Roborock', category: 'robot vacuum', aliases: ['石头'] } });
    expect(created.status).toBe(201);
    const res = await query({ brand: 'roborock', category: 'robot vacuum', platforms: ['chatgpt'] });
    expect(res.body.brandId).toBe(created.body.brand.id);
  });

  it.each([
    ['no body fields', {}, '', 'brand'],
    ['missing category', { brand: '石头' }, '', 'category'],
    ['brand of the wrong type', { brand: ['石头'], category: 'x' }, '', 'brand'],
    ['a 10 000-character brand', { brand: 'b'.repeat(10_000), category: 'x' }, '', 'brand'],
    ['an unknown platform id', { brand: '石头', category: 'x', platforms: ['deepseek', 'altavista'] }, '', 'platforms.1'],
    ['an empty platforms array', { brand: '石头', category: 'x', platforms: [] }, '', 'platforms'],
    ['platforms as a string', { brand: '石头', category: 'x', platforms: 'kimi' }, '', 'platforms'],
    ['an unknown mode', { brand: '石头', category: 'x' }, '?mode=most', 'mode'],
  ])('answers 400 naming the field for %s', async (_label, body, qs, field) => {
    const res = await query(body, `/api/query${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe(field);
  });

  it('needs a credential', async () => {
    const res = await call(base, 'POST', '/api/query', { body: { brand: '石头', category: 'x' } });
    expect(res.status).toBe(401);
  });
});

describe.each(dbKinds)('full query when platforms fail (%s)', (kind) => {
  let ctx: TestContext;
  let base: string;
  let tenant: Tenant;
  beforeAll(async () => {
    // kimi refuses every call (a 401 is not retried, so the test is quick); the rest answer.
    ctx = await createTestContext(kind, {
      simulator: { faults: { kimi: { always: { status: 401 } }, doubao: { always: { status: 401 } }, qwen: { always: { status: 401 } } } },
    });
    base = await ctx.listen();
    tenant = await createTenant(ctx, 'scale');
  });
  afterAll(() => ctx.close());

  it('answers the other platforms, lists the failed one, stores the run as partial and charges only what was seen', async () => {
    const res = await call(base, 'POST', '/api/query', { key: tenant.legacy, body: { brand: '石头', category: '扫地机器人', platforms: ['deepseek', 'kimi'] } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('partial');
    const results = res.body.runs.flatMap((r: { results: Array<{ platform: string }> }) => r.results);
    expect(results).toHaveLength(3);
    expect(results.every((r: { platform: string }) => r.platform === 'deepseek')).toBe(true);
    expect(res.body.errors).toHaveLength(3);
    expect(res.body.errors[0]).toMatchObject({ platform: 'kimi', kind: 'auth_failed' });
    expect(res.body.summary.find((s: { platform: string }) => s.platform === 'kimi')).toMatchObject({ total: 0, failed: 3 });
    // Half the tasks answered: half the scan fee, plus the platform cost of the answers seen.
    expect(res.body.chargedUsd).toBeCloseTo(0.0025 + res.body.costUsd, 6);
    const failed = rowsOf<{ error_kind: string; raw_text: string | null }>(
      await ctx.container.db.execute(sql`select error_kind, raw_text from answers where run_id = ${res.body.runId} and platform = 'kimi'`),
    );
    expect(failed).toHaveLength(3);
    expect(failed.every((f) => f.error_kind === 'auth_failed' && f.raw_text === null)).toBe(true);
  });

  it('answers 502 with the envelope when every platform failed, and charges nothing', async () => {
    const before = await ledgerOf(ctx, tenant.accountId);
    const res = await call(base, 'POST', '/api/query', { key: tenant.legacy, body: { brand: '石头', category: '扫地机器人', platforms: ['kimi', 'doubao', 'qwen'] } });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(res.body.error.message).toMatch(/kimi/);
    const runId = res.body.error.runId;
    const run = rowsOf<{ status: string; charged_usd: string }>(await ctx.container.db.execute(sql`select status, charged_usd from scan_runs where id = ${runId}`));
    expect(run[0]).toMatchObject({ status: 'failed' });
    expect(Number(run[0]!.charged_usd)).toBe(0);
    expect(await ledgerOf(ctx, tenant.accountId)).toEqual(before);
  });
});
