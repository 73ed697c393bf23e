/**
 * Fair quota: a request that did nothing costs nothing. Refused by validation (400), by the
 * tier (403) or failed on every platform (502): the daily quota / rate window is given back
 * before the answer leaves; a partial scan (200 with errors) costs one. Real HTTP, both stores,
 * the platform simulator with kimi, doubao, qwen and deepseek refusing every call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../support/app.js';
import { dbKinds } from '../../support/db.js';
import { call, createTenant, type Tenant } from '../../support/tenant.js';

const FAILING = { always: { status: 401 } } as const;
const remainingOf = (res: { headers: Headers }) => Number(res.headers.get('x-ratelimit-remaining'));

describe.each(dbKinds)('fair quota over HTTP (%s)', (kind) => {
  let ctx: TestContext;
  let base: string;
  let tenant: Tenant;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { simulator: { faults: { kimi: FAILING, doubao: FAILING, qwen: FAILING, deepseek: FAILING } } });
    base = await ctx.listen();
    tenant = await createTenant(ctx, 'free');
  });
  afterAll(() => ctx?.close());

  it('free check (anonymous, 5 per IP per day): a 400 and an all-failed 502 cost nothing', async () => {
    const check = (body: unknown) => call(base, 'POST', '/api/check/run', { body, headers: { 'x-forwarded-for': '' } });
    const bad = await check({ brand_name: 'Acme\u0000', industry: 'tools' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('brand_name');
    const failed = await check({ brand_name: 'Acme', industry: 'tools' });
    expect(failed.status).toBe(502); // deepseek, kimi, doubao all refuse
    expect(remainingOf(failed)).toBe(5); // given back: the full budget remains
    for (let i = 0; i < 6; i++) {
      const again = await check({ brand_name: 'Acme', industry: 'tools' });
      expect(again.status).toBe(502); // still never refused with 429: nothing is spent
    }
  });

  it('full query: 400 and 502 refunded, a partial scan costs one', async () => {
    const query = (body: unknown) => call(base, 'POST', '/api/query', { key: tenant.legacy, body });
    const first = await query({ brand: 'Acme', category: 'tools', platforms: ['no-such-platform'] });
    expect(first.status).toBe(400);
    expect(remainingOf(first)).toBe(30);
    const failed = await query({ brand: 'Acme', category: 'tools', platforms: ['kimi', 'doubao'] });
    expect(failed.status).toBe(502);
    expect(remainingOf(failed)).toBe(30);
    const partial = await query({ brand: 'Acme', category: 'tools', platforms: ['chatgpt', 'kimi'] });
    expect(partial.status).toBe(200);
    expect(partial.body.errors.length).toBeGreaterThan(0);
    expect(remainingOf(partial)).toBe(29);
    const next = await query({ brand: 'Acme', category: 'tools', platforms: ['kimi'] });
    expect(next.status).toBe(502);
    expect(remainingOf(next)).toBe(29); // the partial scan stays charged; the failure does not
  });

  it('AEO rewrite: a 400 and a failed platform are refunded, a rewrite costs one', async () => {
    const rewrite = (body: unknown) => call(base, 'POST', '/api/aeo/rewrite', { key: tenant.legacy, body });
    expect(remainingOf(await rewrite({ text: '', brand: 'Acme' }))).toBe(30);
    const failed = await rewrite({ text: 'Acme makes tools.', brand: 'Acme', platform: 'kimi' });
    expect(failed.status).toBe(502);
    expect(remainingOf(failed)).toBe(30);
    const ok = await rewrite({ text: 'Acme makes sturdy tools for builders.', brand: 'Acme', platform: 'chatgpt' });
    expect(ok.status).toBe(200);
    expect(remainingOf(ok)).toBe(29);
  });

  it('v1 probes: a refused trigger (400) costs nothing against the v1 windows; a queued one costs one', async () => {
    const brand = await call(base, 'POST', '/api/v1/brands', { key: tenant.write, body: { name: 'Acme', category: 'tools' } });
    expect(brand.status).toBe(201);
    const before = remainingOf(brand);
    const bad = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { brandId: brand.body.brand.id, platforms: [] } });
    expect(bad.status).toBe(400);
    expect(remainingOf(bad)).toBe(before);
    const forbidden = await call(base, 'POST', '/api/v1/probes', { key: tenant.read, body: { brandId: brand.body.brand.id } });
    expect(forbidden.status).toBe(403); // refused before any charge
    const queued = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { brandId: brand.body.brand.id, platforms: ['chatgpt'] } });
    expect(queued.status).toBe(202);
    expect(remainingOf(queued)).toBe(before - 1);
  });
});
