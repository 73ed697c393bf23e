import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../support/wait.js';
import { call, createTenant, type Tenant } from '../../support/tenant.js';
import { createTestContext, type TestContext } from '../../support/app.js';
import { dbKinds } from '../../support/db.js';

describe.each(dbKinds)('v1 brands over HTTP (%s)', (kind) => {
  let ctx: TestContext;
  let base: string;
  let tenant: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    base = await ctx.listen();
    [tenant, other] = await Promise.all([createTenant(ctx, 'growth'), createTenant(ctx, 'free')]);
  });
  afterAll(() => ctx.close());

  it('creates a brand (with extensions), lists it and shows it with no scan yet', async () => {
    const created = await call(base, 'POST', '/api/v1/brands', {
      key: tenant.write,
      body: { name: '石头', category: '扫地机器人', website: 'roborock.com', aliases: ['Roborock', '石头科技'], competitors: ['科沃斯', { name: '追觅', aliases: ['Dreame'] }] },
    });
    expect(created.status).toBe(201);
    const brand = created.body.brand;
    expect(created.body.persisted).toBe(true);
    expect(brand).toMatchObject({
      name: '石头',
      category: '扫地机器人',
      website: 'roborock.com', // as typed (issue 14)
      websiteUrl: 'https://roborock.com/',
      userId: tenant.userId,
      aliases: ['Roborock', '石头科技'],
      competitors: [{ name: '科沃斯', aliases: [] }, { name: '追觅', aliases: ['Dreame'] }],
      locale: null,
    });
    expect(new Date(brand.createdAt).toISOString()).toBe(brand.createdAt);

    const list = await call(base, 'GET', '/api/v1/brands', { key: tenant.read });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ persisted: true, authed: true });
    expect(list.body.brands.map((b: { id: string }) => b.id)).toContain(brand.id);

    const detail = await call(base, 'GET', `/api/v1/brands/${brand.id}`, { key: tenant.read });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ brand: { id: brand.id, name: '石头', category: '扫地机器人' }, lastScan: null });

    // Every brand is born with its default prompt pack.
    const packs = await call(base, 'GET', '/api/v1/prompt-packs', { key: tenant.read });
    expect(packs.body.packs.find((p: { brandId: string }) => p.brandId === brand.id)).toMatchObject({ source: 'default', promptCount: 40 });
  });

  it('shows the last finished scan after a probe', async () => {
    const created = await call(base, 'POST', '/api/v1/brands', { key: tenant.write, body: { name: 'Roborock', category: 'robot vacuum', locale: 'en' } });
    const worker = ctx.startWorker();
    const probe = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { brandId: created.body.brand.id, platforms: ['chatgpt', 'glm'] } });
    expect(probe.status).toBe(202);
    const detail = await waitFor(async () => {
      const res = await call(base, 'GET', `/api/v1/brands/${created.body.brand.id}`, { key: tenant.read });
      return res.body.lastScan ? res.body : undefined;
    });
    await worker.stop(1_000);
    expect(detail.lastScan).toMatchObject({ runId: probe.body.runId, platforms: ['chatgpt', 'glm'], sampleSize: 40 });
    expect(detail.lastScan.visibility).toBeGreaterThanOrEqual(0);
    expect(detail.lastScan.visibility).toBeLessThanOrEqual(1);
    expect(detail.lastScan.visibilityCi[0]).toBeLessThanOrEqual(detail.lastScan.visibility);
    expect(new Date(detail.lastScan.completedAt).getTime()).toBeGreaterThan(0);
  });

  it("answers 402 beyond the tier's brand quota (free: 1 brand)", async () => {
    const first = await call(base, 'POST', '/api/v1/brands', { key: other.write, body: { name: 'Ecovacs', category: 'robot vacuum' } });
    expect(first.status).toBe(201);
    const second = await call(base, 'POST', '/api/v1/brands', { key: other.write, body: { name: 'Dreame', category: 'robot vacuum' } });
    expect(second.status).toBe(402);
    expect(second.body.error.code).toBe('QUOTA_EXCEEDED');
    expect(second.body.error.message).toMatch(/free tier allows 1 brand/);
  });

  it("answers 404 for another account's brand and for ids that name nothing", async () => {
    const mine = (await call(base, 'GET', '/api/v1/brands', { key: tenant.read })).body.brands[0].id;
    for (const id of [mine, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await call(base, 'GET', `/api/v1/brands/${id}`, { key: other.read });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    const list = await call(base, 'GET', '/api/v1/brands', { key: other.read });
    expect(list.body.brands.map((b: { id: string }) => b.id)).not.toContain(mine);
  });

  it('needs the write scope to create and a key to read', async () => {
    expect((await call(base, 'POST', '/api/v1/brands', { key: tenant.read, body: { name: 'x', category: 'y' } })).status).toBe(403);
    expect((await call(base, 'GET', '/api/v1/brands')).status).toBe(401);
  });

  it.each([
    ['missing name', { category: 'x' }, 'name'],
    ['missing category', { name: 'x' }, 'category'],
    ['name of the wrong type', { name: 42, category: 'x' }, 'name'],
    ['a 10 000-character name', { name: 'n'.repeat(10_000), category: 'x' }, 'name'],
    ['a blank category', { name: 'x', category: '  ' }, 'category'],
    ['a website that is no web address', { name: 'x', category: 'y', website: 'javascript:alert(1)' }, 'website'],
    ['an unknown field', { name: 'x', category: 'y', owner: 'me' }, 'owner'],
    ['an unknown locale', { name: 'x', category: 'y', locale: 'fr' }, 'locale'],
  ])('answers 400 naming the field for %s', async (_label, body, field) => {
    const res = await call(base, 'POST', '/api/v1/brands', { key: tenant.write, body });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe(field);
  });
});
