/**
 * The usage ledger and GET /api/me: charges recorded once per reference, exact decimal costs,
 * a calendar-month (UTC) period, and /api/me showing account, tier, role, limits and usage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_COST_USD } from '../../../src/features/usage/usage.service.js';
import { tierLimits } from '../../../src/features/limits/tiers.js';
import { dbKinds } from '../../support/db.js';
import { bearer, createIdentityContext, createKey, login, seedAccount, T0, type IdentityContext } from '../../support/identity.js';

describe.each(dbKinds)('usage ledger and /api/me on %s', (kind) => {
  let ctx: IdentityContext;
  beforeAll(async () => {
    ctx = await createIdentityContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('records each charge once per reference and sums exact decimals for the month', async () => {
    const { usage } = ctx.container.services;
    const who = await seedAccount(ctx.container);
    expect(await usage.record(who.accountId, 'scan', 1, SCAN_COST_USD, 'run-1')).toBe(true);
    expect(await usage.record(who.accountId, 'scan', 1, SCAN_COST_USD, 'run-1')).toBe(false); // a retried job
    expect(await usage.record(who.accountId, 'scan', 1, 0.005, 'run-2')).toBe(true);
    for (let i = 0; i < 10; i++) await usage.record(who.accountId, 'platform_tokens', 1_000, 0.0001, `run-2:p${i}`);
    await usage.record(who.accountId, 'scan', 1, '5', 'big-run');
    // Another account's charges and next month's do not count.
    const other = await seedAccount(ctx.container);
    await usage.record(other.accountId, 'scan', 1, SCAN_COST_USD, 'run-1');
    ctx.clock.set(Date.UTC(2030, 1, 3)); // February
    await usage.record(who.accountId, 'scan', 1, SCAN_COST_USD, 'feb');
    ctx.clock.set(T0);

    const summary = await usage.summary(who.accountId);
    expect(summary.periodStart).toBe('2030-01-01T00:00:00.000Z');
    expect(summary.periodEnd).toBe('2030-02-01T00:00:00.000Z');
    expect(summary.items).toEqual([
      { kind: 'platform_tokens', quantity: 10_000, costUsd: 0.001 },
      { kind: 'scan', quantity: 3, costUsd: 5.01 },
    ]);
    expect(summary.totalCostUsd).toBe(5.011); // no float noise (0.1 + 0.2 style)
  });

  it('refuses nonsense amounts instead of recording them', async () => {
    const who = await seedAccount(ctx.container);
    await expect(ctx.container.services.usage.record(who.accountId, 'scan', -1, 0.005)).rejects.toThrow(/quantity/);
    await expect(ctx.container.services.usage.record(who.accountId, 'scan', 1, Number.NaN)).rejects.toThrow(/costUsd/);
  });

  it('records inside the caller transaction, so a rolled-back run charges nothing', async () => {
    const who = await seedAccount(ctx.container);
    await expect(
      ctx.container.db.transaction(async (tx) => {
        await ctx.container.services.usage.record(who.accountId, 'scan', 1, SCAN_COST_USD, 'failed-run', tx);
        throw new Error('the scan failed');
      }),
    ).rejects.toThrow('the scan failed');
    expect((await ctx.container.services.usage.summary(who.accountId)).items).toEqual([]);
  });

  it('GET /api/me shows account, tier, role, limits and usage, by cookie or legacy key', async () => {
    const who = await seedAccount(ctx.container, { tier: 'growth' });
    await ctx.container.services.usage.record(who.accountId, 'scan', 1, SCAN_COST_USD, 'me-run');
    const cookie = await login(ctx.app, who.email);
    const { key } = await createKey(ctx.container, who, 'legacy');
    for (const headers of [{ cookie }, bearer(key)]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers });
      expect(res.statusCode).toBe(200);
      const body = res.json() as Record<string, unknown>;
      expect(body).toMatchObject({
        account: { id: who.accountId, tier: 'growth' },
        user: { id: who.userId, email: who.email, role: 'owner' },
        tier: 'growth',
        role: 'owner',
        limits: { brands: tierLimits('growth').brands, v1: tierLimits('growth').v1, legacy: { perDay: tierLimits('growth').legacyDaily } },
        usage: { totalCostUsd: 0.005, items: [{ kind: 'scan', quantity: 1, costUsd: 0.005 }] },
      });
      expect(body.via).toBe('cookie' in headers ? 'session' : 'legacy_key');
    }
  });
});
