/**
 * The spec's polling back-off on the server's own monitoring, end to end on each database kind:
 * a platform that answers 429 three times in a row (the simulator over real HTTP) is left out of
 * the account's next passes until its slower cadence is due, says so in /api/status and
 * /api/monitoring/throttles, and comes back after a run of answered questions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { findRun } from '../../../src/features/scans/runs.repo.js';
import { createPlatformRegistry } from '../../../src/platforms/registry.js';
import { startSimulator, type SimulatorHandle } from '../../../src/platforms/simulator/index.js';
import type { PlatformId } from '../../../src/platforms/index.js';
import { call, createTenant, type Tenant } from '../../support/tenant.js';
import { createTestContext, type TestContext } from '../../support/app.js';
import { dbKinds } from '../../support/db.js';
import { testConfig } from '../../support/env.js';
import { createBrand } from '../../support/history.js';

describe.each(dbKinds)('monitoring back-off on 429s on %s', (kind) => {
  let ctx: TestContext;
  let sim: SimulatorHandle;
  let base: string;
  let tenant: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    sim = await startSimulator({ host: '127.0.0.1', port: 0 });
    ctx = await createTestContext(kind, { platforms: createPlatformRegistry(testConfig(), { simulatorUrl: sim.url }) });
    base = await ctx.listen();
    [tenant, other] = await Promise.all([createTenant(ctx), createTenant(ctx)]);
  });
  afterAll(async () => {
    await ctx?.close();
    await sim?.close();
  });

  it('slows a platform after three 429s in a row, reports why, and restores it after answers', async () => {
    const { monitoring, picker, scans, brands } = ctx.container.services;
    const created = await createBrand(ctx, tenant, { name: 'Throttled Brand' });
    const brand = (await brands.find(tenant.accountId, created.id))!;
    const ask = async (platforms: PlatformId[]) => {
      const plan = (await picker.rank(brand, Number.MAX_SAFE_INTEGER)).plan.slice(0, 3).map((p) => ({ ...p, platforms }));
      const snapshot = { name: brand.name, category: brand.category, website: brand.website, aliases: brand.aliases, competitors: brand.competitors, locale: brand.locale };
      return scans.runNow({ accountId: tenant.accountId, brandId: brand.id, kind: 'monitor', brand: snapshot, platforms, plan, promptPackId: null });
    };
    const pass = async () => {
      // A zero interval keeps the brand's slot due, so each call is the next pass.
      const runId = await monitoring.startPass({ brandId: brand.id, accountId: tenant.accountId, tier: 'growth' }, 0);
      return (await findRun(ctx.container.db, runId!))!.platforms;
    };

    sim.setFaults('kimi', { always: { status: 429, retryAfter: 3600 } });
    const limited = await ask(['kimi', 'deepseek']);
    expect(limited.answers.filter((a) => a.platform === 'kimi').map((a) => a.errorKind)).toEqual(['rate_limited', 'rate_limited', 'rate_limited']);

    const slowed = await pass();
    expect(slowed).not.toContain('kimi');
    expect(slowed).toContain('deepseek');
    const listed = await call(base, 'GET', '/api/monitoring/throttles', { key: tenant.legacy });
    expect(listed.status).toBe(200);
    expect(listed.body.throttles).toEqual([
      { platform: 'kimi', level: 1, cadence: 'starter', intervalHours: 24, reason: expect.stringMatching(/^3 consecutive 429/), since: expect.any(String) },
    ]);
    expect((await call(base, 'GET', '/api/monitoring/throttles', { key: other.legacy })).body.throttles).toEqual([]);
    ctx.container.services.health.clearCaches();
    const status = await call(base, 'GET', '/api/status');
    expect(status.body.llms.platforms.find((p: { platform: string }) => p.platform === 'kimi').throttled_accounts).toBe(1);
    expect(status.body.llms.platforms.find((p: { platform: string }) => p.platform === 'deepseek').throttled_accounts).toBe(0);

    // Still within the slower interval: left out again. Once a day has passed since it was last
    // asked, it is asked; three answers bring the account back to its own cadence.
    expect(await pass()).not.toContain('kimi');
    await ctx.container.db.execute(sql`update answers set created_at = created_at - interval '25 hours' where brand_id = ${brand.id} and platform = 'kimi'`);
    expect(await pass()).toContain('kimi');
    sim.setFaults('kimi', undefined);
    const back = await ask(['kimi']);
    expect(back.answers.map((a) => a.errorKind)).toEqual([null, null, null]);
    expect(await pass()).toContain('kimi');
    // (Through the service: the HTTP answer above may be served from the 1 s per-caller read cache.)
    expect(await monitoring.throttles(tenant.accountId, 'growth')).toEqual([]);
  });

  it('answers 401 without a caller', async () => {
    expect((await call(base, 'GET', '/api/monitoring/throttles')).status).toBe(401);
  });
});
