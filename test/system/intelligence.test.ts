/**
 * Intelligence end to end over real HTTP on each database kind: rollups vs raw answers, the
 * dashboard (JSON, CSV, bad inputs), sentinel on planted histories, citations and discovery,
 * picker, authority, suggest with uplift, AEO rewrite through the simulator, knowledge base.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { webhookEvents } from '../../src/db/schema/webhooks.js';
import { answers, answerDailyRollups } from '../../src/db/schema/scanning.js';
import { upsertSnapshot } from '../../src/features/authority/authority.repo.js';
import { pickCount } from '../../src/features/picker/priority.js';
import { findRun } from '../../src/features/scans/runs.repo.js';
import { createPlatformRegistry } from '../../src/platforms/registry.js';
import { startSimulator, type SimulatorHandle } from '../../src/platforms/simulator/index.js';
import { call, createTenant, type Tenant } from '../support/tenant.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { dbKinds } from '../support/db.js';
import { testConfig } from '../support/env.js';
import { waitFor } from '../support/wait.js';
import { createBrand, dayAgo, plantDays, storeRun, type AnswerSpec } from '../support/history.js';

const repeat = (n: number, spec: AnswerSpec) => Array.from({ length: n }, () => spec);

describe.each(dbKinds)('intelligence on %s', (kind) => {
  let ctx: TestContext;
  let sim: SimulatorHandle;
  let base: string;
  let tenant: Tenant;
  let other: Tenant;
  let acme: { id: string };
  let firstRun: string;

  const eventsOf = async (name: string) =>
    ctx.container.db.select().from(webhookEvents).where(and(eq(webhookEvents.accountId, tenant.accountId), eq(webhookEvents.event, name)));

  beforeAll(async () => {
    sim = await startSimulator({ host: '127.0.0.1', port: 0 });
    ctx = await createTestContext(kind, { platforms: createPlatformRegistry(testConfig(), { simulatorUrl: sim.url }) });
    base = await ctx.listen();
    [tenant, other] = await Promise.all([createTenant(ctx), createTenant(ctx)]);
    acme = await createBrand(ctx, tenant, { name: 'Acme', website: 'https://www.acme.com', competitors: ['Rival'] });
  });
  afterAll(async () => {
    await ctx?.close();
    await sim?.close();
  });

  it('keeps rollups equal to a recomputation from raw answers', async () => {
    const brand = await createBrand(ctx, tenant, { name: 'Rollup Check' });
    const specs: AnswerSpec[] = [
      { platform: 'deepseek', mentioned: true, sentiment: 'positive', rank: 2, stage: 'interest', competitors: [{ name: 'Rival', rank: 1 }] },
      { platform: 'deepseek', mentioned: true, sentiment: 'negative', rank: 4, stage: 'interest' },
      { platform: 'deepseek', mentioned: false, stage: 'action' },
      { platform: 'kimi', mentioned: true, sentiment: 'neutral', stage: 'action' },
      { platform: 'kimi', mentioned: false, failed: true },
    ];
    await storeRun(ctx.container.db, tenant, brand.id, specs);
    const raw = await ctx.container.db.select().from(answers).where(eq(answers.brandId, brand.id));
    const rolled = await ctx.container.db.select().from(answerDailyRollups).where(eq(answerDailyRollups.brandId, brand.id));
    const recomputed = new Map<string, { answers: number; mentions: number; positives: number; negatives: number; rankSum: number; rankCount: number }>();
    for (const a of raw.filter((r) => r.errorKind === null)) {
      const key = `${a.createdAt.toISOString().slice(0, 10)}|${a.platform}|${a.promptHash}`;
      const e = recomputed.get(key) ?? { answers: 0, mentions: 0, positives: 0, negatives: 0, rankSum: 0, rankCount: 0 };
      e.answers++;
      if (a.mentioned) e.mentions++;
      if (a.mentioned && a.sentimentLabel === 'positive') e.positives++;
      if (a.mentioned && a.sentimentLabel === 'negative') e.negatives++;
      if (a.rank !== null) { e.rankSum += a.rank; e.rankCount++; }
      recomputed.set(key, e);
    }
    expect(rolled).toHaveLength(4);
    for (const r of rolled) {
      expect(recomputed.get(`${r.day}|${r.platform}|${r.promptHash}`)).toEqual({ answers: r.answers, mentions: r.mentions, positives: r.positives, negatives: r.negatives, rankSum: r.rankSum, rankCount: r.rankCount });
    }
  });

  it('serves the dashboard as JSON and the same rows as CSV, from hand-checkable data', async () => {
    const brand = await createBrand(ctx, tenant, { name: 'Dash', competitors: ['Rival'] });
    await plantDays(ctx.container.db, brand.id, [
      { daysAgo: 1, platform: 'deepseek', answers: 4, mentions: 2, positives: 1, negatives: 1, rankSum: 5, rankCount: 2, stage: 'interest' },
      { daysAgo: 2, platform: 'kimi', answers: 6, mentions: 3, positives: 2, rankSum: 1, rankCount: 1, stage: 'action', prompt: 'q' },
    ]);
    const q = `brand_id=${brand.id}&days=3`;
    const ts = await call(base, 'GET', `/api/dashboard/visibility/timeseries?${q}`, { key: tenant.legacy });
    expect(ts.status).toBe(200);
    expect(ts.body.rows.map((r: { day: string; answers: number }) => [r.day, r.answers])).toEqual([[dayAgo(2), 6], [dayAgo(1), 4], [dayAgo(0), 0]]);
    expect(ts.body.total).toMatchObject({ answers: 10, mentions: 5, visibility: 0.5, visibilityCiLow: 0.2366, visibilityCiHigh: 0.7634, avgRank: 2 });
    expect(ts.body.rows[2]).toMatchObject({ visibility: null, visibilityCiLow: 0, visibilityCiHigh: 1 });

    const csv = await fetch(`${base}/api/dashboard/visibility/timeseries?${q}`, { headers: { authorization: `Bearer ${tenant.legacy}`, accept: 'text/csv' } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]!.split(',').slice(0, 4)).toEqual(['day', 'answers', 'mentions', 'visibility']);
    expect(lines[1]).toMatch(new RegExp(`^${dayAgo(2)},6,3,0.5,`));

    const comp = await call(base, 'GET', `/api/dashboard/competitors/breakdown?${q}`, { key: tenant.legacy });
    expect(comp.body.rows).toHaveLength(16); // 8 platforms × (brand + Rival)
    expect(comp.body.rows.find((r: { platform: string; isBrand: boolean }) => r.platform === 'kimi' && r.isBrand)).toMatchObject({ answers: 6, mentions: 3, mentionRate: 0.5, shareOfVoice: 1 });
    const aida = await call(base, 'GET', `/api/dashboard/prompts/aida?${q}`, { key: tenant.legacy });
    expect(aida.body.rows.map((r: { stage: string; answers: number }) => [r.stage, r.answers])).toEqual([['awareness', 0], ['interest', 4], ['desire', 0], ['action', 6]]);
    const pcsv = await call(base, 'GET', `/api/dashboard/prompts/breakdown?${q}&format=csv`, { key: tenant.legacy });
    expect(pcsv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(pcsv.body.trim().split('\r\n')).toHaveLength(3); // header + 2 prompts
    const cmp = await call(base, 'GET', '/api/brands/compare?days=3', { key: tenant.legacy });
    expect(cmp.body.rows.find((r: { name: string }) => r.name === 'Dash')).toMatchObject({ visibility: 0.5, answers: 10 });
    const vis = cmp.body.rows.map((r: { visibility: number | null }) => r.visibility ?? -1);
    expect(vis).toEqual([...vis].sort((a: number, b: number) => b - a)); // highest visibility first
    const senti = await call(base, 'GET', `/api/sentiment/overview?${q}`, { key: tenant.legacy });
    expect(senti.body.totals).toMatchObject({ mentions: 5, positives: 3, neutrals: 1, negatives: 1 });
    expect((await call(base, 'GET', `/api/crisis/incidents?brand_id=${brand.id}`, { key: tenant.legacy })).body).toMatchObject({ total: 0, rows: [] });
  });

  it('refuses bad dashboard and v1 inputs with 400, unknown or foreign brands with 404', async () => {
    for (const days of ['0', '91', '-1', 'abc', '1.5']) {
      const r = await call(base, 'GET', `/api/dashboard/visibility/timeseries?brand_id=${acme.id}&days=${days}`, { key: tenant.legacy });
      expect(r.status, `days=${days}`).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await call(base, 'GET', '/api/dashboard/prompts/aida?days=7', { key: tenant.legacy })).status).toBe(400);
    expect((await call(base, 'GET', `/api/dashboard/prompts/aida?brand_id=${randomUUID()}`, { key: tenant.legacy })).status).toBe(404);
    expect((await call(base, 'GET', `/api/dashboard/prompts/aida?brand_id=${acme.id}`, { key: other.legacy })).status).toBe(404);
    expect((await call(base, 'GET', '/api/dashboard/prompts/aida?brand_id=not-a-uuid', { key: tenant.legacy })).status).toBe(404);
    expect((await call(base, 'GET', `/api/dashboard/prompts/aida?brand_id=${acme.id}`)).status).toBe(401);
    expect((await call(base, 'GET', `/api/v1/citations?brandId=${acme.id}&days=91`, { key: tenant.read })).status).toBe(400);
    expect((await call(base, 'GET', `/api/v1/citations?brandId=${acme.id}&platform=bard`, { key: tenant.read })).status).toBe(400);
    expect((await call(base, 'GET', `/api/v1/picker?brandId=${randomUUID()}`, { key: tenant.read })).status).toBe(404);
    expect((await call(base, 'GET', `/api/v1/authority?brandId=${acme.id}`, { key: other.read })).status).toBe(404);
    const long = await call(base, 'POST', '/api/v1/suggest', { key: tenant.write, body: { brandId: acme.id, content: 'x'.repeat(4001) } });
    expect(long.status).toBe(400);
    expect((await call(base, 'POST', '/api/v1/suggest', { key: tenant.write, body: { brandId: randomUUID(), content: 'Hello there world.' } })).status).toBe(404);
    for (const raw of ['{"brandId": ', '{"brandId": {"$gt": ""}, "content": "x"}', '{"brandId": "a", "content": "x", "__proto__": {"admin": true}}', '[]']) {
      expect((await call(base, 'POST', '/api/v1/suggest', { key: tenant.write, raw })).status, raw).toBe(400);
    }
  });

  it('opens exactly the planted incidents, none on a stable history, and counts repeat evidence', async () => {
    const steady = Array.from({ length: 18 }, (_, i) => i + 3).flatMap((d) => [
      { daysAgo: d, platform: 'deepseek', answers: 10, mentions: 6, positives: 3 },
      { daysAgo: d, platform: 'kimi', answers: 10, mentions: 6, positives: 3 },
    ]);
    const stable = await createBrand(ctx, tenant, { name: 'Stableco', officialAccounts: ['https://weibo.com/stableco_cn'] });
    await plantDays(ctx.container.db, acme.id, steady);
    await plantDays(ctx.container.db, stable.id, steady);
    firstRun = await storeRun(ctx.container.db, tenant, acme.id, [
      ...repeat(5, { platform: 'deepseek', mentioned: true, sentiment: 'negative' }),
      { platform: 'deepseek', mentioned: true, sentiment: 'positive', citations: ['https://acrne.com/deal', 'https://www.acme.com/about', 'https://en.wikipedia.org/wiki/Acme'] },
      ...repeat(6, { platform: 'deepseek', mentioned: false }),
      ...repeat(12, { platform: 'kimi', mentioned: false }),
      // A lookalike weibo account, named without a scheme in one answer and cited by another; the
      // brand's own @Acme and an e-mail address in a third are not accounts to report.
      { platform: 'kimi', mentioned: false, text: '想要优惠请关注 weibo.com/acme_official 领取，客服邮箱 help@acme.com。' },
      { platform: 'kimi', mentioned: false, citations: ['https://weibo.com/acme_official'] },
      { platform: 'kimi', mentioned: false, text: 'Follow @Acme on X or write to sales@acme.com for a quote.' },
    ]);
    const stableRun = await storeRun(ctx.container.db, tenant, stable.id, [
      ...repeat(7, { platform: 'deepseek', mentioned: true, sentiment: 'positive' }),
      ...repeat(5, { platform: 'deepseek', mentioned: false }),
      ...repeat(7, { platform: 'kimi', mentioned: true, sentiment: 'neutral', citations: ['https://stableco.com/x'] }),
      ...repeat(5, { platform: 'kimi', mentioned: false }),
      // Its own accounts only: the exact name, a listed official handle, an e-mail address.
      { platform: 'kimi', mentioned: true, sentiment: 'neutral', text: 'Stableco 官方微博 weibo.com/stableco_cn，Twitter @stableco，邮箱 hi@stableco.com。', citations: ['https://x.com/stableco'] },
    ]);
    const { monitoring } = ctx.container.services;
    await monitoring.afterRun(firstRun);
    await monitoring.afterRun(stableRun);

    const list = await call(base, 'GET', `/api/v1/sentinel/incidents?brandId=${acme.id}`, { key: tenant.read });
    expect(list.status).toBe(200);
    const found = list.body.incidents.map((i: { type: string; severity: string }) => `${i.type}/${i.severity}`);
    expect(found.slice(0, 2).sort()).toEqual(['negative_spike/critical', 'rank_collapse/critical']);
    expect(found.slice(2)).toEqual(['impersonation/high', 'impersonation/medium']); // highest severity first
    const byType = (t: string) => list.body.incidents.find((i: { type: string }) => i.type === t);
    expect(byType('rank_collapse').title).toContain('kimi');
    expect(byType('impersonation').title).toContain('acrne.com');
    expect(byType('negative_spike').evidenceCount).toBe(5);
    const account = list.body.incidents[3];
    expect(account).toMatchObject({ title: expect.stringContaining('acme_official on weibo'), evidenceCount: 2, detail: { account: 'weibo/acme_official', kind: 'combosquat', imitates: 'acme' } });
    expect(account.evidence.map((e: { kind: string }) => e.kind).sort()).toEqual(['answer', 'citation']);
    expect((await call(base, 'GET', `/api/v1/sentinel/incidents?brandId=${stable.id}`, { key: tenant.read })).body).toEqual({ incidents: [], total: 0 });
    expect(await eventsOf('sentinel.triggered')).toHaveLength(4);

    const again = await storeRun(ctx.container.db, tenant, acme.id, repeat(2, { platform: 'deepseek', mentioned: true, sentiment: 'negative' }));
    await monitoring.afterRun(again);
    const after = await call(base, 'GET', `/api/v1/sentinel/incidents?brandId=${acme.id}&severity=critical`, { key: tenant.read });
    expect(after.body.total).toBe(2);
    expect(after.body.incidents.find((i: { type: string }) => i.type === 'negative_spike')).toMatchObject({ evidenceCount: 7, id: byType('negative_spike').id });
    const again2 = await call(base, 'GET', `/api/v1/sentinel/incidents?brandId=${acme.id}&severity=medium`, { key: tenant.read });
    expect(again2.body.incidents).toEqual([expect.objectContaining({ id: account.id, evidenceCount: 2 })]); // seen again: nothing new
    expect(await eventsOf('sentinel.triggered')).toHaveLength(4);

    const id = byType('impersonation').id;
    const patch = (status: string, key = tenant.write) => call(base, 'PATCH', `/api/v1/sentinel/incidents/${id}`, { key, body: { status } });
    expect((await patch('investigating')).body.status).toBe('investigating');
    expect((await patch('open')).status).toBe(409);
    expect((await patch('resolved', other.write)).status).toBe(404);
    expect((await patch('closed')).status).toBe(400);
    expect((await patch('resolved')).body).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String) });
    expect((await call(base, 'GET', `/api/v1/sentinel/incidents?brandId=${acme.id}`, { key: tenant.read })).body.total).toBe(3);
    const crisis = await call(base, 'GET', `/api/crisis/incidents?brand_id=${acme.id}`, { key: tenant.legacy });
    expect(crisis.body.total).toBe(4);
  });

  it('lists distinct cited URLs newest first and raises citation.discovered once per URL', async () => {
    const r = await call(base, 'GET', `/api/v1/citations?brandId=${acme.id}`, { key: tenant.read });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total: 4, windowDays: 7 });
    expect(r.body.citations.map((c: { sourceUrl: string }) => c.sourceUrl).sort()).toEqual(['https://acrne.com/deal', 'https://en.wikipedia.org/wiki/Acme', 'https://weibo.com/acme_official', 'https://www.acme.com/about']);
    const acrne = r.body.citations.find((c: { sourceUrl: string }) => c.sourceUrl === 'https://acrne.com/deal');
    expect(acrne).toMatchObject({ brandId: acme.id, platform: 'deepseek', context: expect.stringContaining('See https://'), promptHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const kimi = await call(base, 'GET', `/api/v1/citations?brandId=${acme.id}&platform=kimi`, { key: tenant.read });
    expect(kimi.body.citations.map((c: { sourceUrl: string }) => c.sourceUrl)).toEqual(['https://weibo.com/acme_official']);
    await ctx.container.services.monitoring.afterRun(firstRun); // processed twice: nothing new
    const discovered = (await eventsOf('citation.discovered')).map((e) => JSON.parse(e.body).data).filter((d) => d.brandId === acme.id);
    expect(discovered.map((d) => d.sourceDomain).sort()).toEqual(['acme.com', 'acrne.com', 'weibo.com', 'wikipedia.org']);
  });

  it('picks about 5 % of the prompts with reasons, and scores authority with a real 7-day trend', async () => {
    const pick = await call(base, 'GET', `/api/v1/picker?brandId=${acme.id}`, { key: tenant.read });
    expect(pick.status).toBe(200);
    expect(pick.body.total).toBe(pickCount(pick.body.promptCount, 50));
    expect(pick.body.items.every((i: { reason: string; priorityScore: number }) => i.reason === 'never_sampled' && i.priorityScore === 1)).toBe(true);
    expect((await call(base, 'GET', `/api/v1/picker?brandId=${acme.id}&limit=1`, { key: tenant.read })).body.total).toBe(1);

    await upsertSnapshot(ctx.container.db, { brandId: acme.id, day: dayAgo(8), scoredAt: new Date(), geoScore: 10, eeatScore: 10, citationDensity: 0, subscores: {}, sampleSize: 1 });
    const auth = await call(base, 'GET', `/api/v1/authority?brandId=${acme.id}`, { key: tenant.read });
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({ brandId: acme.id, trendFrom: dayAgo(8), subscores: { experience: expect.any(Number) } });
    expect(auth.body.trend7d).toBeCloseTo(auth.body.geoScore - 10, 5);
    expect(auth.body.citationDensity).toBeGreaterThan(0); // www.acme.com/about is the brand's own domain
  });

  it('suggests, marks applied, and raises uplift.measured once later probes confirm the lift', async () => {
    const s = await call(base, 'POST', '/api/v1/suggest', {
      key: tenant.write,
      body: { brandId: acme.id, intent: 'faq', content: 'Acme sends invoices in one click. According to a 2024 survey, 87% of users save an hour a week.' },
    });
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ factClaims: [{ verifiable: false }, { verifiable: true }], expectedLift: { metric: 'mention_rate', delta: expect.any(Number) } });
    expect(s.body.eeatSignals).toContain('statistics');
    const general = await call(base, 'POST', '/api/v1/suggest', { key: tenant.write, body: { brandId: acme.id, content: 'Acme is good. It has 12 features.' } });
    const apply = await call(base, 'POST', `/api/v1/suggest/${general.body.suggestionId}/apply`, { key: tenant.write });
    expect(apply.body).toMatchObject({ status: 'applied', appliedAt: expect.any(String) });
    expect((await call(base, 'POST', `/api/v1/suggest/${general.body.suggestionId}/apply`, { key: tenant.write })).status).toBe(409);
    const later = await storeRun(ctx.container.db, tenant, acme.id, [...repeat(36, { platform: 'qwen', mentioned: true, sentiment: 'positive' }), ...repeat(4, { platform: 'qwen', mentioned: false })]);
    await ctx.container.services.monitoring.afterRun(later);
    const uplift = await eventsOf('uplift.measured');
    expect(uplift).toHaveLength(1);
    expect(JSON.parse(uplift[0]!.body).data).toMatchObject({ suggestionId: general.body.suggestionId, metric: 'mention_rate', after: 0.9, lift: expect.any(Number) });
  });

  it('rewrites for answer engines through the simulator, repairs almost-JSON and answers 502 when the platform fails', async () => {
    const body = { brand: 'Acme', audience: 'small shops', platform: 'deepseek', text: 'Acme builds invoicing software. It sends invoices in one click. Over 12,000 shops use it daily. Support answers within 2 hours.' };
    const ok = await call(base, 'POST', '/api/aeo/rewrite', { key: tenant.legacy, body });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ source: 'deepseek', simulated: true, repaired: false, headline: expect.stringContaining('Acme') });
    expect(ok.body.score_aviv).toBeGreaterThanOrEqual(0);
    expect(ok.body.score_aviv).toBeLessThanOrEqual(100);
    const ld = JSON.parse(ok.body.jsonld);
    expect(ld['@graph'].map((n: { '@type': string }) => n['@type'])).toEqual(['Article', 'FAQPage']);
    const usage = await ctx.container.services.usage.summary(tenant.accountId);
    expect(usage.items.find((i) => i.kind === 'aeo_rewrite')).toMatchObject({ quantity: 1 });

    sim.setFaults('deepseek', { aeoInvalidJson: true });
    const repaired = await call(base, 'POST', '/api/aeo/rewrite', { key: tenant.legacy, body });
    expect(repaired.body).toMatchObject({ repaired: true, headline: ok.body.headline });
    sim.setFaults('deepseek', { always: 'malformed' });
    const failed = await call(base, 'POST', '/api/aeo/rewrite', { key: tenant.legacy, body });
    expect(failed.status).toBe(502);
    expect(failed.body.error.message).toMatch(/deepseek/);
    sim.setFaults('deepseek', undefined);
    expect((await call(base, 'POST', '/api/aeo/rewrite', { key: tenant.legacy, body: { text: 'no brand' } })).status).toBe(400);

    // A batch is durable work (test/features/aeo/aeo-batch.test.ts has the details): 202, then a worker.
    const batch = await call(base, 'POST', '/api/aeo/batch', { key: tenant.legacy, body: { brand_id: acme.id, platform: 'deepseek', items: [{ text: body.text }, { text: 'Acme is fast. It is cheap.' }] } });
    expect(batch.status).toBe(202);
    const worker = ctx.startWorker();
    const finished = await waitFor(async () => {
      const r = await call(base, 'GET', batch.body.statusUrl, { key: tenant.legacy });
      return r.body.status === 'completed' ? r.body : undefined;
    }, 30_000, 'AEO batch');
    await worker.stop(2_000);
    expect(finished).toMatchObject({ successCount: 2, failureCount: 0 });
    const done = await eventsOf('aeo.batch.completed');
    expect(done).toHaveLength(1);
    expect(JSON.parse(done[0]!.body).data).toMatchObject({ batchId: batch.body.batchId, successCount: 2, failureCount: 0, rewritten: 2, citationGain: finished.citationGain });
  });

  it('keeps a knowledge base whose changes and content findings raise the legacy events', async () => {
    const long = `${'Acme keeps adding more and more words to this one sentence '.repeat(4)}.`;
    const created = await call(base, 'POST', '/api/content/pages', { key: tenant.legacy, body: { brand_id: acme.id, title: 'About Acme', body: `# About\n\n${long}`, url: 'https://www.acme.com/about' } });
    expect(created.status).toBe(201);
    expect(created.body.issues.map((i: { rule: string }) => i.rule)).toEqual(['long-sentence']);
    const updated = await call(base, 'PUT', `/api/content/pages/${created.body.id}`, { key: tenant.legacy, body: { body: `# About\n\n${long}\n\n### Skipped` } });
    expect(updated.body.issues.map((i: { rule: string }) => i.rule).sort()).toEqual(['heading-skip', 'long-sentence']);
    expect(await eventsOf('wiki.page.created')).toHaveLength(1);
    expect(await eventsOf('wiki.page.updated')).toHaveLength(1);
    expect(await eventsOf('lint.issue.detected')).toHaveLength(2); // the surviving finding is not raised again
    expect((await call(base, 'PUT', `/api/content/pages/${created.body.id}`, { key: other.legacy, body: { title: 'x' } })).status).toBe(404);
    const check = await call(base, 'POST', '/api/content/check', { key: tenant.legacy, body: { text: '价格便宜,质量很好。' } });
    expect(check.body.issues.map((i: { rule: string }) => i.rule)).toEqual(['halfwidth-punctuation']);
  });

  it('starts a monitoring pass on the picker\'s prompts once per cadence slot', async () => {
    const { monitoring, picker } = ctx.container.services;
    const brand = await createBrand(ctx, tenant, { name: 'Monitored' });
    const picked = await picker.pick(tenant.accountId, brand.id, 50);
    const runId = await monitoring.startPass({ brandId: brand.id, accountId: tenant.accountId, tier: 'growth' });
    expect(runId).toEqual(expect.any(String));
    const run = await findRun(ctx.container.db, runId!);
    expect(run).toMatchObject({ kind: 'monitor', status: 'queued', brandId: brand.id });
    expect(run!.plan.map((p) => p.hash)).toEqual(picked.items.map((i: { promptHash: string }) => i.promptHash));
    expect(await monitoring.startPass({ brandId: brand.id, accountId: tenant.accountId, tier: 'growth' })).toBeNull(); // slot taken until due again
  });
});
