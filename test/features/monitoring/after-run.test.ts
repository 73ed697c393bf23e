/**
 * The after-run job end to end on each database kind: a probe triggered over HTTP runs as durable
 * jobs, its finishing transaction enqueues `intelligence.after-run`, and a worker applies it —
 * citation discovery, sentinel detectors, standings, the authority snapshot — exactly once, even
 * when the job is enqueued again or delivered a second time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AfterRunJob } from '../../../src/features/monitoring/monitoring.jobs.js';
import { call, createTenant, type Tenant } from '../../support/tenant.js';
import { createTestContext, type TestContext } from '../../support/app.js';
import { dbKinds, rowsOf } from '../../support/db.js';
import { waitFor } from '../../support/wait.js';
import { dayAgo, storeRun } from '../../support/history.js';


describe.each(dbKinds)('after-run analysis through a worker on %s', (kind) => {
  let ctx: TestContext;
  let base: string;
  let tenant: Tenant;

  const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await ctx.container.db.execute(q));
  const count = async (q: ReturnType<typeof sql>) => (await query<{ n: number }>(q))[0]!.n;
  const events = (brandId: string, name: string) =>
    query<{ body: string }>(sql`select body from webhook_events where account_id = ${tenant.accountId} and event = ${name} and body::jsonb->>'brandId' = ${brandId}`);

  beforeAll(async () => {
    // The production delay (10 s) keeps analysis out of a probe burst; here it would only wait.
    ctx = await createTestContext(kind, { afterRunDelayMs: 0 });
    base = await ctx.listen();
    tenant = await createTenant(ctx);
  });
  afterAll(() => ctx?.close());

  it('applies every after-run effect of a probe run once, however often its job is delivered', async () => {
    const body = { name: '石头', category: '扫地机器人', aliases: ['Roborock'], website: 'https://www.roborock.com', competitors: ['科沃斯', '追觅'] };
    const refused = await call(base, 'POST', '/api/v1/brands', { key: tenant.write, body: { ...body, officialAccounts: ['https://www.roborock.com/about'] } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.field).toBe('officialAccounts');
    const created = await call(base, 'POST', '/api/v1/brands', { key: tenant.write, body: { ...body, officialAccounts: ['https://weibo.com/roborock_cn'] } });
    expect(created.status).toBe(201);
    expect(created.body.brand.officialAccounts).toEqual(['https://weibo.com/roborock_cn']);
    const brandId: string = created.body.brand.id;
    // An earlier answer (this week) named a lookalike account and the brand's listed official one:
    // the detectors the run triggers must report the first only.
    await storeRun(ctx.container.db, tenant, brandId, [{ platform: 'kimi', mentioned: false, text: '官方旗舰店优惠请私信微博 @roborock_official 领取（官方账号是 @Roborock_CN）。' }]);

    const probe = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { brandId, platforms: ['deepseek', 'kimi', 'perplexity'] } });
    expect(probe.status).toBe(202);
    const runId: string = probe.body.runId;
    const worker = ctx.startWorker();
    try {
      await waitFor(async () => (await count(sql`select count(*)::int as n from processed_runs where run_id = ${runId}`)) === 1, 60_000, 'after-run applied');

      const status = await call(base, 'GET', `/api/v1/probes/${runId}`, { key: tenant.read });
      expect(status.body).toMatchObject({ status: 'completed', progress: { total: 60, done: 60 } });
      const job = () => query<{ status: string; attempts: number; priority: number }>(sql`select status, attempts, priority from jobs where queue = ${AfterRunJob.name} and dedupe_key = ${runId}`);
      await waitFor(async () => (await job())[0]?.status === 'completed', 10_000, 'after-run job completed');
      expect(await job()).toEqual([{ status: 'completed', attempts: 1, priority: -10 }]);

      // What afterRun did, each observed in its own table.
      const effects = async () => {
        const cited = await count(sql`select count(distinct url)::int as n from answer_citations where run_id = ${runId}`);
        const discovered = (await events(brandId, 'citation.discovered')).map((e) => JSON.parse(e.body).data.sourceUrl as string);
        return {
          cited,
          firstSeen: await count(sql`select count(*)::int as n from brand_citation_urls where brand_id = ${brandId}`),
          discovered: discovered.length,
          distinctDiscovered: new Set(discovered).size,
          snapshots: await query<{ day: string }>(sql`select day::text as day from authority_snapshots where brand_id = ${brandId}`),
          strength: (await query<{ platform: string }>(sql`select platform from platform_strength where brand_id = ${brandId} order by platform`)).map((r) => r.platform),
          incidents: await query<{ fingerprint: string; evidence_count: number }>(sql`select fingerprint, evidence_count from sentinel_incidents where brand_id = ${brandId}`),
          triggered: (await events(brandId, 'sentinel.triggered')).length,
        };
      };
      const first = await effects();
      expect(first.cited).toBeGreaterThan(0); // the simulator cites sources (perplexity always)
      expect(first).toEqual({
        cited: first.cited,
        firstSeen: first.cited, // citations: a first-seen row per URL …
        discovered: first.cited, // … and one citation.discovered each
        distinctDiscovered: first.cited,
        snapshots: [{ day: dayAgo(0) }], // authority: today's snapshot
        strength: ['deepseek', 'kimi', 'perplexity'], // standings: 20 answers per platform recorded
        incidents: [{ fingerprint: 'impersonation:account:@roborock_official', evidence_count: 1 }], // sentinel
        triggered: 1,
      });

      // Enqueued again (the minute sweep, a second finishing path): the dedupe key makes it a no-op.
      await ctx.container.services.monitoring.runFinished(runId);
      expect(await count(sql`select count(*)::int as n from jobs where queue = ${AfterRunJob.name} and dedupe_key = ${runId}`)).toBe(1);
      // Delivered a second time (a worker that lost its lease): the job runs again and changes nothing.
      await ctx.container.db.execute(sql`update jobs set status = 'queued', run_at = now(), locked_until = null, finished_at = null where queue = ${AfterRunJob.name} and dedupe_key = ${runId}`);
      ctx.container.queue.wake();
      await waitFor(async () => (await job())[0]?.attempts === 2 && (await job())[0]?.status === 'completed', 10_000, 'second delivery');
      expect(await effects()).toEqual(first);
    } finally {
      await worker.stop(2_000);
    }
  });
});
