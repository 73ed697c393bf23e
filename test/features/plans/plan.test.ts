/**
 * GET /api/plan over real HTTP: the tier, each quota used and left from the rate limiter's own
 * counters (so the page and a 429 agree), what the next tier gives; per account (another
 * account's usage never shows), any team role, cookie only; unknown parameters 400 naming them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checksFor } from '../../../src/features/limits/limits.service.js';
import { dbKinds } from '../../support/db.js';
import { bearer, createIdentityContext, createKey, login, seedAccount, seedUser, T0, type IdentityContext, type Seeded } from '../../support/identity.js';

/** What these tests read of GET /api/plan's answer. */
interface Quota {
  limit: number | null;
  used: number;
  left: number | null;
  resetsAt: string | null;
}
interface PlanBody {
  tier: string;
  quotas: { brands: Quota; checksPerDay: Quota; apiPerHour: Quota; apiPerDay: Quota };
  next: Record<string, unknown> | null;
  tiers: { tier: string }[];
  fixed: { webhooksPerBrand: number };
  error?: { code: string; message: string };
}

describe.each(dbKinds)('GET /api/plan (%s)', (kind) => {
  let ctx: IdentityContext;
  let base: string;
  const plan = async (cookie: string, query = '') => {
    const res = await fetch(`${base}/api/plan${query}`, { headers: { cookie } });
    return { status: res.status, body: (await res.json()) as PlanBody };
  };
  const owner = (who: Seeded, tier: 'free' | 'growth') => ({ accountId: who.accountId, userId: who.userId, tier });

  beforeAll(async () => {
    ctx = await createIdentityContext(kind);
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('a new free account: its tier, nothing used, and what Starter adds', async () => {
    const who = await seedAccount(ctx.container, { tier: 'free' });
    const { status, body } = await plan(await login(ctx.app, who.email));
    expect(status).toBe(200);
    expect(body.tier).toBe('free');
    expect(body.quotas.brands).toEqual({ limit: 1, used: 0, left: 1, resetsAt: null });
    expect(body.quotas.checksPerDay).toEqual({ limit: 10, used: 0, left: 10, resetsAt: null });
    expect(body.quotas.apiPerHour).toEqual({ limit: 100, used: 0, left: 100, resetsAt: null });
    expect(body.next).toMatchObject({ tier: 'starter', checksPerDay: 50, apiPerHour: 1_000, brands: 1 });
    expect(body.tiers.map((t) => t.tier)).toEqual(['free', 'starter', 'growth', 'scale', 'enterprise']);
    expect(body.fixed.webhooksPerBrand).toBe(10);
  });

  it('counts brands, daily checks and API calls as the limiter does, with when they are free again', async () => {
    const who = await seedAccount(ctx.container, { tier: 'free' });
    const cookie = await login(ctx.app, who.email);
    await ctx.container.services.brands.create(owner(who, 'free'), { name: 'Plan Coffee', category: 'coffee' });
    // Two signed-in free checks, charged to the same counters the route charges.
    const principal = { accountId: who.accountId, userId: who.userId, tier: 'free' as const, role: 'owner' as const, via: 'session' as const, keyId: null, scopes: [], mode: null, customLimits: null };
    for (let i = 0; i < 2; i++) expect((await ctx.container.services.limits.take(checksFor('legacy.check', { principal, ip: '127.0.0.1' })))?.allowed).toBe(true);
    // Three real v1 calls with a key of the account.
    const key = await createKey(ctx.container, who, 'v1', { scopes: ['read'] });
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/api/v1/brands`, { headers: bearer(key.key) })).status).toBe(200);

    const { body } = await plan(cookie);
    expect(body.quotas.brands).toEqual({ limit: 1, used: 1, left: 0, resetsAt: null });
    expect(body.quotas.checksPerDay).toMatchObject({ limit: 10, used: 2, left: 8 });
    expect(Date.parse(body.quotas.checksPerDay.resetsAt ?? '')).toBeGreaterThan(T0);
    expect(Date.parse(body.quotas.checksPerDay.resetsAt ?? '')).toBeLessThanOrEqual(T0 + 25 * 3_600_000);
    expect(body.quotas.apiPerHour).toMatchObject({ limit: 100, used: 3, left: 97 });
    expect(body.quotas.apiPerDay).toMatchObject({ limit: 1_000, used: 3, left: 997 });
    // Reading the plan charges nothing.
    expect((await plan(cookie)).body.quotas.apiPerHour.used).toBe(3);
  });

  it("shows only the caller's account, to any team role", async () => {
    const busy = await seedAccount(ctx.container, { tier: 'growth' });
    await ctx.container.services.brands.create(owner(busy, 'growth'), { name: 'Busy', category: 'coffee' });
    const viewer = await seedUser(ctx.container, busy.accountId, { role: 'viewer' });
    const asViewer = await plan(await login(ctx.app, viewer.email));
    expect(asViewer.status).toBe(200);
    expect(asViewer.body).toMatchObject({ tier: 'growth', quotas: { brands: { limit: 20, used: 1, left: 19 } }, next: { tier: 'scale', brands: 100 } });
    const quiet = await seedAccount(ctx.container, { tier: 'growth' });
    expect((await plan(await login(ctx.app, quiet.email))).body.quotas.brands.used).toBe(0);
  });

  it('scale has no next tier to buy: enterprise is agreed, not listed', async () => {
    const who = await seedAccount(ctx.container, { tier: 'scale' });
    expect((await plan(await login(ctx.app, who.email))).body.next).toBeNull();
  });

  it('needs a signed-in session: no cookie or an API key is 401', async () => {
    expect((await fetch(`${base}/api/plan`)).status).toBe(401);
    const who = await seedAccount(ctx.container);
    const legacy = await createKey(ctx.container, who, 'legacy');
    expect((await fetch(`${base}/api/plan`, { headers: bearer(legacy.key) })).status).toBe(401);
  });

  it('refuses an unknown parameter with 400 naming it', async () => {
    const who = await seedAccount(ctx.container);
    const { status, body } = await plan(await login(ctx.app, who.email), '?tier=enterprise');
    expect(status).toBe(400);
    expect(JSON.stringify(body.error)).toContain('tier');
  });
});
