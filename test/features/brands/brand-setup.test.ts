/**
 * Issue 16's API: brand edit and delete (both surfaces), the prompt manager, the headline figures
 * on unbranded prompts, and the free check that cannot mislead. Real HTTP, real database, the
 * simulator behind the platform adapters.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../support/wait.js';
import { call, createTenant, type Tenant } from '../../support/tenant.js';
import { createTestContext, type TestContext } from '../../support/app.js';
import { dbKinds, rowsOf } from '../../support/db.js';

describe.each(dbKinds)('brand setup, prompts and headline over HTTP (%s)', (kind) => {
  let ctx: TestContext;
  let base: string;
  let tenant: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { TRUST_PROXY: 'true' } });
    base = await ctx.listen();
    [tenant, other] = await Promise.all([createTenant(ctx, 'growth'), createTenant(ctx, 'growth')]);
  });
  afterAll(() => ctx.close());

  const createBrand = async (body: Record<string, unknown>) => {
    const res = await call(base, 'POST', '/api/v1/brands', { key: tenant.write, body });
    expect(res.status).toBe(201);
    return res.body;
  };

  it('edits a brand on v1 and the dashboard surface, competitors as {name, aliases}, and refuses bad input naming the field', async () => {
    const created = await createBrand({ name: 'Luckin Coffee', category: 'coffee', competitors: ['Starbucks'] });
    expect(created.aliasSuggestions.brand).toEqual(['Luckin']);
    const id = created.brand.id;

    const patched = await call(base, 'PATCH', `/api/v1/brands/${id}`, {
      key: tenant.write,
      body: { aliases: ['瑞幸'], competitors: ['Costa', { name: '星巴克', aliases: ['Starbucks'] }], website: 'luckincoffee.com', officialAccounts: ['@luckincoffee'], locale: 'en' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.brand).toMatchObject({
      name: 'Luckin Coffee',
      aliases: ['瑞幸'],
      competitors: [{ name: 'Costa', aliases: [] }, { name: '星巴克', aliases: ['Starbucks'] }],
      website: 'https://luckincoffee.com/',
      officialAccounts: ['@luckincoffee'],
      locale: 'en',
    });
    expect(patched.body.aliasSuggestions.brand).toEqual(['Luckin']);

    const legacy = await call(base, 'PATCH', `/api/brands/${id}`, { key: tenant.legacy, body: { category: 'coffee chain', locale: null } });
    expect(legacy.status).toBe(200);
    expect(legacy.body.brand).toMatchObject({ category: 'coffee chain', locale: null, aliases: ['瑞幸'] });

    const bad: Array<[unknown, string]> = [
      [{ colour: 'red' }, 'colour'],
      [{ name: 42 }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ aliases: 'x' }, 'aliases'],
      [{ website: 'not a site' }, 'website'],
      [{ officialAccounts: ['just words here'] }, 'officialAccounts'],
      [{ competitors: [{ name: 'X', colour: 1 }] }, 'competitors'],
      [{}, 'body'],
    ];
    for (const [body, field] of bad) {
      const res = await call(base, 'PATCH', `/api/v1/brands/${id}`, { key: tenant.write, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message, JSON.stringify(body)).toContain(field);
    }
    expect((await call(base, 'PATCH', `/api/v1/brands/${id}`, { key: tenant.read, body: { category: 'x' } })).status).toBe(403);
    for (const target of [id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await call(base, 'PATCH', `/api/v1/brands/${target}`, { key: other.write, body: { category: 'x' } })).status).toBe(404);
    }
  });

  it('deletes a brand with its history; another tenant, a read key and an unknown id cannot', async () => {
    const { brand } = await createBrand({ name: 'Doomed', category: 'coffee' });
    expect((await call(base, 'DELETE', `/api/v1/brands/${brand.id}`, { key: other.write })).status).toBe(404);
    expect((await call(base, 'DELETE', `/api/v1/brands/${brand.id}`, { key: tenant.read })).status).toBe(403);
    const res = await call(base, 'DELETE', `/api/v1/brands/${brand.id}`, { key: tenant.write });
    expect(res.status).toBe(204);
    expect((await call(base, 'GET', `/api/v1/brands/${brand.id}`, { key: tenant.read })).status).toBe(404);
    expect((await call(base, 'DELETE', `/api/v1/brands/${brand.id}`, { key: tenant.write })).status).toBe(404);
    const packs = await call(base, 'GET', '/api/v1/prompt-packs', { key: tenant.read });
    expect(packs.body.packs.some((p: { brandId: string }) => p.brandId === brand.id)).toBe(false);
    // The dashboard twin, with the legacy key of the owner.
    const second = await createBrand({ name: 'Doomed too', category: 'coffee' });
    expect((await call(base, 'DELETE', `/api/brands/${second.brand.id}`, { key: tenant.legacy })).status).toBe(204);
  });

  it('manages prompts: tags branded ones, adds, edits, disables and imports CSV; other tenants get 404', async () => {
    const { brand } = await createBrand({ name: '石头', category: '扫地机器人', aliases: ['Roborock'], competitors: ['科沃斯', '追觅'] });
    const path = `/api/v1/brands/${brand.id}/prompts`;
    const list = await call(base, 'GET', path, { key: tenant.read });
    expect(list.status).toBe(200);
    expect(list.body.counts).toEqual({ total: 40, enabled: 40, branded: 16 });
    for (const p of list.body.prompts) expect(p.branded).toBe(p.text.includes('石头') || p.text.includes('Roborock') || p.text.includes('科沃斯') || p.text.includes('追觅'));
    const zh = await call(base, 'GET', `${path}?locale=zh-CN`, { key: tenant.read });
    expect(zh.body.prompts).toHaveLength(20);
    expect(zh.body.prompts.every((p: { text: string }) => /[\u4e00-\u9fff]/.test(p.text))).toBe(true);

    const added = await call(base, 'POST', path, { key: tenant.write, body: { text: 'Where can I buy a Roborock vacuum at a discount?' } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ locale: 'en', stage: 'action', intent: 'how-to', enabled: true, branded: true, names: ['Roborock'] });
    const unbranded = await call(base, 'POST', path, { key: tenant.write, body: { text: '扫地机器人哪个牌子最安静？', stage: 'interest', intent: 'review' } });
    expect(unbranded.body).toMatchObject({ locale: 'zh-CN', stage: 'interest', intent: 'review', branded: false, names: [] });
    expect((await call(base, 'POST', path, { key: tenant.write, body: { text: '  where can I BUY a roborock vacuum at a discount? ' } })).status).toBe(409);
    expect((await call(base, 'POST', path, { key: tenant.write, body: { text: 'x', stage: 'later' } })).body.error.message).toContain('stage');

    const edited = await call(base, 'PATCH', `${path}/${unbranded.body.id}`, { key: tenant.write, body: { enabled: false, text: '扫地机器人哪个牌子噪音最小？' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ enabled: false, text: '扫地机器人哪个牌子噪音最小？' });
    expect((await call(base, 'PATCH', `${path}/${unbranded.body.id}`, { key: tenant.write, body: { enabled: 'no' } })).status).toBe(400);
    expect((await call(base, 'PATCH', `${path}/${unbranded.body.id}`, { key: other.write, body: { enabled: true } })).status).toBe(404);
    expect((await call(base, 'PATCH', `${path}/00000000-0000-4000-8000-000000000000`, { key: tenant.write, body: { enabled: true } })).status).toBe(404);
    expect((await call(base, 'GET', path, { key: other.read })).status).toBe(404);

    const badCsv = await call(base, 'POST', `${path}/import`, { key: tenant.write, body: { csv: 'text,stage\n"Best robot vacuum, quiet?",awareness\nWhich one?,later\n' } });
    expect(badCsv.status).toBe(400);
    expect(badCsv.body.error.message).toContain('line 3');
    expect(badCsv.body.error.message).toContain('stage');
    const csv = 'text,stage,intent,enabled\n"Best robot vacuum, quiet?",awareness,recommendation,true\n"Is 追觅 reliable?",,,false\n"扫地机器人哪个牌子噪音最小？",,,\n';
    const imported = await call(base, 'POST', `${path}/import`, { key: tenant.legacy ? tenant.write : tenant.write, body: { csv } });
    expect(imported.status).toBe(200);
    expect(imported.body.added.map((p: { text: string; branded: boolean; enabled: boolean }) => [p.text, p.branded, p.enabled])).toEqual([
      ['Best robot vacuum, quiet?', false, true],
      ['Is 追觅 reliable?', true, false],
    ]);
    expect(imported.body.skipped).toEqual([{ line: 4, text: '扫地机器人哪个牌子噪音最小？', reason: expect.any(String) }]);
    const after = await call(base, 'GET', path, { key: tenant.read });
    expect(after.body.counts).toEqual({ total: 44, enabled: 42, branded: 18 });
    // The dashboard twin lists the same prompts.
    expect((await call(base, 'GET', `/api/brands/${brand.id}/prompts`, { key: tenant.legacy })).body.counts.total).toBe(44);
  });

  it('keeps branded prompts out of the headline, whose figures match a recount of the stored answers', async () => {
    const { brand } = await createBrand({ name: 'Roborock', category: 'robot vacuum', aliases: ['石头'], competitors: [{ name: 'Ecovacs', aliases: ['科沃斯'] }, 'Dreame'] });
    const worker = ctx.startWorker();
    for (let i = 0; i < 2; i++) {
      const probe = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { brandId: brand.id, platforms: ['chatgpt', 'glm'] } });
      expect(probe.status).toBe(202);
      await waitFor(async () => {
        const res = await call(base, 'GET', `/api/v1/brands/${brand.id}`, { key: tenant.read });
        return res.body.lastScan?.runId === probe.body.runId ? true : undefined;
      });
    }
    await worker.stop(1_000);
    const res = await call(base, 'GET', `/api/dashboard/headline?brand_id=${brand.id}&days=7`, { key: tenant.legacy });
    expect(res.status).toBe(200);
    const h = res.body;
    const [recount] = rowsOf<Record<string, number>>(
      await ctx.container.db.execute(sql`
        select count(*) filter (where not branded)::int as unbranded, count(*) filter (where not branded and mentioned)::int as mentioned,
          count(*) filter (where branded)::int as branded, count(*) filter (where branded and mentioned)::int as branded_mentioned
        from answers where brand_id = ${brand.id} and error_kind is null`),
    );
    // 2 runs × (20 English prompts on chatgpt + 20 Chinese on glm); 8 of each 20 name the brand.
    expect(recount).toMatchObject({ unbranded: 48, branded: 32 });
    expect(h.answers).toEqual({ unbranded: 48, branded: 32 });
    expect(h.visibility.n).toBe(48);
    expect(h.visibility.value).toBeCloseTo(recount!.mentioned! / 48, 4);
    expect(h.brandedVisibility.value).toBeCloseTo(recount!.branded_mentioned! / 32, 4);
    expect(h.visibility.ciLow).toBeLessThanOrEqual(h.visibility.value);
    expect(h.visibility.ciHigh).toBeGreaterThanOrEqual(h.visibility.value);
    // No previous window yet: no change, nothing flagged.
    expect(h.visibility).toMatchObject({ change: null, significant: false, previous: { n: 0, value: null } });
    expect(h.trend).toEqual({ daysWithAnswers: 1, daysNeeded: 7, moreDaysNeeded: 6 });
    const [sov] = rowsOf<Record<string, number>>(
      await ctx.container.db.execute(sql`
        select count(*)::int as n from competitor_mentions m join answers a on a.id = m.answer_id
        where a.brand_id = ${brand.id} and not a.branded and a.error_kind is null`),
    );
    expect(h.shareOfVoice.n).toBe(recount!.mentioned! + sov!.n!);
    expect(h.averagePosition.distribution.map((d: { bucket: string }) => d.bucket)).toEqual(['1', '2', '3', '4-5', '6+', 'unranked']);
    expect(h.averagePosition.distribution.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(recount!.mentioned);
    expect(h.netSentiment.n).toBe(recount!.mentioned);
    // The same window's unbranded timeseries total equals the headline.
    const ts = await call(base, 'GET', `/api/dashboard/visibility/timeseries?brand_id=${brand.id}&days=7&prompts=unbranded`, { key: tenant.legacy });
    expect(ts.body.total.visibility).toBe(h.visibility.value);
    expect(ts.body.total.answers).toBe(48);
    // Repeated same-day runs are distinct samples: the two runs did not answer identically.
    const distinct = rowsOf<{ n: number }>(await ctx.container.db.execute(sql`select count(distinct raw_text)::int as n from answers where brand_id = ${brand.id}`));
    expect(distinct[0]!.n).toBeGreaterThan(60);

    expect((await call(base, 'GET', `/api/dashboard/headline?brand_id=${brand.id}&days=7`, { key: other.legacy })).status).toBe(404);
    expect((await call(base, 'GET', `/api/dashboard/headline?brand_id=${brand.id}&days=0`, { key: tenant.legacy })).status).toBe(400);
    expect((await call(base, 'GET', `/api/dashboard/visibility/timeseries?brand_id=${brand.id}&prompts=some`, { key: tenant.legacy })).status).toBe(400);
    const candidates = await call(base, 'GET', `/api/v1/brands/${brand.id}/competitor-candidates`, { key: tenant.read });
    expect(candidates.status).toBe(200);
    expect(candidates.body.answersRead).toBe(80);
    expect(candidates.body.candidates.length).toBeGreaterThan(0);
    for (const c of candidates.body.candidates) expect(['roborock', '石头', 'ecovacs', '科沃斯', 'dreame']).not.toContain(c.name.toLowerCase());
    expect((await call(base, 'GET', `/api/v1/brands/${brand.id}/competitor-candidates`, { key: other.read })).status).toBe(404);
  });

  it('names a missed short form as an alias candidate; once added, new runs count it', async () => {
    const { brand } = await createBrand({ name: '瑞幸咖啡', category: '咖啡', competitors: ['星巴克'] });
    const worker = ctx.startWorker();
    const probe = async () => {
      const started = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { brandId: brand.id, platforms: ['kimi', 'glm'] } });
      expect(started.status).toBe(202);
      await waitFor(async () => ((await call(base, 'GET', `/api/v1/brands/${brand.id}`, { key: tenant.read })).body.lastScan?.runId === started.body.runId ? true : undefined));
      return started.body.runId as string;
    };
    const first = await probe();
    const candidates = await call(base, 'GET', `/api/v1/brands/${brand.id}/competitor-candidates`, { key: tenant.read });
    // The simulator writes the brand the platforms' way (瑞幸), which the full name alone misses.
    const short = candidates.body.aliasCandidates.find((c: { name: string }) => c.name === '瑞幸');
    expect(short).toMatchObject({ of: 'brand' });
    expect(short.answers).toBeGreaterThanOrEqual(2);
    expect(candidates.body.candidates.map((c: { name: string }) => c.name)).not.toContain('瑞幸');
    const runVisibility = async (runId: string) => (await call(base, 'GET', `/api/v1/probes/${runId}`, { key: tenant.read })).body.visibility as number;
    expect(await runVisibility(first)).toBe(0);

    expect((await call(base, 'PATCH', `/api/brands/${brand.id}`, { key: tenant.legacy, body: { aliases: ['瑞幸'] } })).status).toBe(200);
    const second = await probe();
    await worker.stop(1_000);
    expect(await runVisibility(second)).toBeGreaterThan(0);
    const after = await call(base, 'GET', `/api/v1/brands/${brand.id}/competitor-candidates`, { key: tenant.read });
    expect(after.body.aliasCandidates.map((c: { name: string }) => c.name)).not.toContain('瑞幸');

    // Two runs today: the trend's run marker says so.
    const ts = await call(base, 'GET', `/api/dashboard/visibility/timeseries?brand_id=${brand.id}&days=7&prompts=unbranded`, { key: tenant.legacy });
    expect(ts.body.rows.at(-1).runs).toBe(2);
    expect(ts.body.rows.slice(0, -1).every((r: { runs: number }) => r.runs === 0)).toBe(true);
    // The overview's sentiment counts the mentions the headline's net sentiment counts.
    const h = (await call(base, 'GET', `/api/dashboard/headline?brand_id=${brand.id}&days=7`, { key: tenant.legacy })).body;
    const senti = await call(base, 'GET', `/api/sentiment/overview?brand_id=${brand.id}&days=7&prompts=unbranded`, { key: tenant.legacy });
    expect(senti.body.totals.mentions).toBe(h.netSentiment.n);
    expect(h.competitors).toBe(1);
    expect(h.shareOfVoice.n).toBeGreaterThan(0);
  });

  it('has no share of voice without competitors, instead of 100 % of nothing', async () => {
    const { brand } = await createBrand({ name: 'Solo Coffee', category: 'coffee' });
    const h = (await call(base, 'GET', `/api/dashboard/headline?brand_id=${brand.id}&days=7`, { key: tenant.legacy })).body;
    expect(h.competitors).toBe(0);
    expect(h.shareOfVoice).toMatchObject({ value: null, n: 0, ciLow: null, change: null });
  });

  it('serves the metric definitions the dashboard and docs quote', async () => {
    const res = await call(base, 'GET', '/api/metrics/definitions');
    expect(res.status).toBe(200);
    expect(res.body.definitions.map((d: { id: string }) => d.id)).toEqual(expect.arrayContaining(['visibility', 'brandedVisibility', 'shareOfVoice', 'averagePosition', 'netSentiment']));
  });

  it('runs the free check with aliases and competitors, showing rates, questions, excerpts and why 0 % is 0 %', async () => {
    const res = await call(base, 'POST', '/api/check/run', {
      body: { brand_name: '瑞幸咖啡', industry: '咖啡', aliases: ['瑞幸'], competitors: ['星巴克', { name: 'Manner', aliases: ['Manner Coffee'] }] },
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.lookedFor).toEqual(['瑞幸咖啡', '瑞幸']);
    expect(b.perPlatform.map((p: { platform: string }) => p.platform)).toEqual(['deepseek', 'kimi', 'doubao']);
    for (const p of b.perPlatform) {
      expect(p.brand.n).toBe(3);
      expect(p.competitors.map((c: { name: string }) => c.name)).toEqual(['星巴克', 'Manner']);
      expect(p.brand.ciLow).toBeLessThanOrEqual(p.brand.ciHigh);
    }
    expect(b.questions).toHaveLength(3);
    for (const q of b.questions) {
      expect(q.answers).toHaveLength(3);
      for (const a of q.answers) expect(a.excerpt.length).toBeGreaterThan(0);
    }
    expect(b.overall.mentions).toBe(b.questions.flatMap((q: { answers: Array<{ mentioned: boolean }> }) => q.answers).filter((a: { mentioned: boolean }) => a.mentioned).length);
    expect(b.zeroExplanation === null).toBe(b.overall.mentions > 0);

    const without = await call(base, 'POST', '/api/check/run', { body: { brand_name: '瑞幸咖啡', industry: '咖啡' }, headers: { 'x-forwarded-for': '203.0.113.8' } });
    expect(without.body.aliasSuggestions).toEqual(['瑞幸']);
    if (without.body.overall.mentions === 0) expect(without.body.zeroExplanation['zh-CN']).toContain('瑞幸咖啡');
    const suggest = await call(base, 'GET', `/api/check/alias-suggestions?name=${encodeURIComponent('Luckin Coffee')}`);
    expect(suggest.body).toEqual({ name: 'Luckin Coffee', aliases: ['Luckin'] });
    expect((await call(base, 'POST', '/api/check/run', { body: { brand_name: 'x', aliases: 'y' }, headers: { 'x-forwarded-for': '203.0.113.9' } })).body.error.message).toContain('aliases');
  });
});
