import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call } from '../../support/tenant.js';
import { createTestContext, type TestContext } from '../../support/app.js';
import { dbKinds, rowsOf } from '../../support/db.js';

// TRUST_PROXY lets each test speak from its own client address (X-Forwarded-For), so the
// 5-per-IP-per-day budget of one test does not leak into the next.
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

describe.each(dbKinds)('free check over HTTP (%s)', (kind) => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { TRUST_PROXY: 'true' } });
    base = await ctx.listen();
  });
  afterAll(() => ctx.close());

  const check = (body: unknown, ip = freshIp()) => call(base, 'POST', '/api/check/run', { body, headers: { 'x-forwarded-for': ip } });

  it('scans deepseek, kimi and doubao with 3 questions each and stores the run', async () => {
    const res = await check({ brand_name: '石头', industry: '扫地机器人', competitors: ['科沃斯', '追觅'] });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.runId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(body.platforms).toEqual(['deepseek', 'kimi', 'doubao']);
    expect(body.summary.map((s: { platform: string }) => s.platform)).toEqual(['deepseek', 'kimi', 'doubao']);
    for (const s of body.summary) {
      expect(s.total).toBe(3);
      expect(s.mentions).toBeGreaterThanOrEqual(s.positive);
      expect(s.total).toBeGreaterThanOrEqual(s.mentions);
    }
    // 石头 is a leading robot-vacuum brand in the simulator's world: it shows up somewhere.
    expect(body.summary.reduce((n: number, s: { mentions: number }) => n + s.mentions, 0)).toBeGreaterThan(0);
    expect(body.rateLimitRemaining).toBe(4);
    expect(body.simulated).toBe(true);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('4');

    const run = rowsOf<Record<string, unknown>>(
      await ctx.container.db.execute(sql`select kind, status, tasks_total, tasks_succeeded, account_id, charged_usd from scan_runs where id = ${body.runId}`),
    )[0]!;
    expect(run).toMatchObject({ kind: 'free_check', status: 'completed', tasks_total: 9, tasks_succeeded: 9, account_id: null });
    expect(Number(run.charged_usd)).toBe(0);
    const answers = rowsOf<Record<string, unknown>>(
      await ctx.container.db.execute(sql`select platform, raw_text, model, prompt_text, prompt_hash, latency_ms, total_tokens, cost_usd, simulated, analysis, stage from answers where run_id = ${body.runId}`),
    );
    expect(answers).toHaveLength(9);
    for (const a of answers) {
      expect(String(a.raw_text).length).toBeGreaterThan(20);
      expect(a.model).toBeTruthy();
      expect(String(a.prompt_text)).toMatch(/扫地机器人/);
      expect(a.prompt_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(Number(a.total_tokens)).toBeGreaterThan(0);
      expect(Number(a.cost_usd)).toBeGreaterThan(0);
      expect(a.simulated).toBe(true);
      expect(a.analysis).toHaveProperty('mentioned');
    }
  });

  it('counts down rateLimitRemaining and refuses the sixth check of the day with 429', async () => {
    const ip = freshIp();
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await check({ brand_name: 'Roborock', industry: 'robot vacuum' }, ip);
      expect(res.status).toBe(200);
      remaining.push(res.body.rateLimitRemaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const sixth = await check({ brand_name: 'Roborock' }, ip);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('works without an industry (asks about the brand by name)', async () => {
    const res = await check({ brand_name: '石头' });
    expect(res.status).toBe(200);
    expect(res.body.summary.every((s: { total: number }) => s.total === 3)).toBe(true);
  });

  it.each([
    ['missing brand_name', { industry: '扫地机器人' }, 'brand_name'],
    ['brand_name of the wrong type', { brand_name: 123 }, 'brand_name'],
    ['an empty brand_name', { brand_name: '' }, 'brand_name'],
    ['a blank brand_name', { brand_name: '   ' }, 'brand_name'],
    ['a 10 000-character brand_name', { brand_name: 'x'.repeat(10_000) }, 'brand_name'],
    ['an industry over 100 characters', { brand_name: '石头', industry: 'y'.repeat(101) }, 'industry'],
    ['competitors that are not an array', { brand_name: '石头', competitors: '科沃斯' }, 'competitors'],
    ['more than 10 competitors', { brand_name: '石头', competitors: Array.from({ length: 11 }, (_, i) => `c${i}`) }, 'competitors'],
    ['a competitor that is not a string', { brand_name: '石头', competitors: ['科沃斯', 7] }, 'competitors.1'],
    ['a body that is an array', [{ brand_name: '石头' }], 'body'],
  ])('answers 400 naming the field for %s', async (_label, body, field) => {
    const res = await check(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.field).toBe(field);
    expect(res.body.error.message).toContain(field === 'body' ? 'body' : field);
  });

  it('refuses hostile JSON without a 500', async () => {
    const cases = [
      '{"brand_name": "x", "__proto__": {"admin": true}}',
      '{"brand_name": "x", "constructor": {"prototype": {"admin": true}}}',
      '{"brand_name": ',
      `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
      '"just a string"',
    ];
    for (const raw of cases) {
      const res = await call(base, 'POST', '/api/check/run', { raw, headers: { 'x-forwarded-for': freshIp() } });
      expect(res.status, raw.slice(0, 40)).toBe(400);
      expect(res.body.error.code).toMatch(/VALIDATION_ERROR|MALFORMED_JSON/);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
