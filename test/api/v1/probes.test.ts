import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TaskPayload } from '../../../src/features/scans/scans.jobs.js';
import { startScheduler } from '../../../src/jobs/scheduler.js';
import { waitFor } from '../../support/wait.js';
import { call, createTenant, type Tenant } from '../../support/tenant.js';
import { createTestContext, type TestContext } from '../../support/app.js';
import { dbKinds, rowsOf } from '../../support/db.js';

describe.each(dbKinds)('v1 probes over HTTP (%s)', (kind) => {
  let ctx: TestContext;
  let base: string;
  let tenant: Tenant;
  let other: Tenant;
  let brandId: string;
  beforeAll(async () => {
    // Kimi answers slowly so a run can be seen before it finishes.
    ctx = await createTestContext(kind, { simulator: { latencyMs: { kimi: 150 } } });
    base = await ctx.listen();
    [tenant, other] = await Promise.all([createTenant(ctx, 'growth'), createTenant(ctx, 'growth')]);
    const created = await call(base, 'POST', '/api/v1/brands', {
      key: tenant.write,
      body: { name: '石头', category: '扫地机器人', aliases: ['Roborock'], competitors: ['科沃斯', '追觅'] },
    });
    brandId = created.body.brand.id;
  });
  afterAll(() => ctx.close());

  const status = (runId: string, key = tenant.read) => call(base, 'GET', `/api/v1/probes/${runId}`, { key });

  it('a re-run of a task whose answer is stored asks the platform nothing (a lease taken over after an outage)', async () => {
    const trigger = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { brandId, platforms: ['deepseek'] } });
    const runId = trigger.body.runId;
    const [job] = rowsOf<{ payload: TaskPayload }>(
      await ctx.container.db.execute(sql`select payload from jobs where queue = 'scan.task' and payload->>'runId' = ${runId} order by id limit 1`),
    );
    const signal = new AbortController().signal;
    const asked = () => ctx.simulator.requestCount('deepseek');
    const before = asked();
    await ctx.container.services.scans.runTask(job!.payload, { attempt: 1, maxAttempts: 3, signal });
    expect(asked()).toBe(before + 1);
    // The same task again on its second attempt, while the run is still open: answered from the store.
    await ctx.container.services.scans.runTask(job!.payload, { attempt: 2, maxAttempts: 3, signal });
    expect(asked()).toBe(before + 1);
    const [stored] = rowsOf<{ n: number }>(await ctx.container.db.execute(sql`select count(*)::int as n from answers where run_id = ${runId}`));
    expect(stored!.n).toBe(1);
    expect((await status(runId)).body.status).toBe('running');
  });

  it('queues a run (202), executes it as durable jobs and reports per-platform and per-prompt results', async () => {
    const trigger = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { brandId, platforms: ['deepseek', 'glm', 'kimi'] } });
    expect(trigger.status).toBe(202);
    expect(trigger.body).toMatchObject({ status: 'queued', brandId, platforms: ['deepseek', 'glm', 'kimi'], tasks: 60, simulated: true });
    expect(trigger.body.estimatedCompletionMs).toBeGreaterThan(0);
    const runId = trigger.body.runId;
    const jobs = rowsOf<{ n: number }>(await ctx.container.db.execute(sql`select count(*)::int as n from jobs where queue = 'scan.task' and payload->>'runId' = ${runId}`));
    expect(jobs[0]!.n).toBe(60);

    const queued = await status(runId);
    expect(queued.status).toBe(200);
    expect(queued.body).toMatchObject({ status: 'queued', completedAt: null, progress: { total: 60, done: 0 } });
    expect(queued.body.prompts[0].results[0].status).toBe('pending');

    const worker = ctx.startWorker();
    const running = await waitFor(async () => ((await status(runId)).body.status === 'running' ? true : undefined), 10_000, 'running');
    expect(running).toBe(true);
    const done = await waitFor(async () => {
      const res = await status(runId);
      return res.body.completedAt ? res.body : undefined;
    });
    await worker.stop(1_000);

    expect(done.status).toBe('completed');
    expect(done.progress).toEqual({ total: 60, done: 60, failed: 0 });
    expect(done.results.map((r: { platform: string }) => r.platform)).toEqual(['deepseek', 'glm', 'kimi']);
    for (const r of done.results) {
      expect(r.answers).toBe(20);
      expect(r.tokensUsed).toBeGreaterThan(0);
      expect(r.mentioned).toBe(r.mentions > 0);
      if (r.mentioned) expect(typeof r.snippet).toBe('string');
      if (r.rank !== null) expect(r.rank).toBeGreaterThanOrEqual(1);
    }
    expect(done.prompts).toHaveLength(20);
    const answered = done.prompts[0].results[0];
    expect(answered).toMatchObject({ status: 'answered', simulated: true });
    expect(typeof answered.mentioned).toBe('boolean');
    expect(answered.tokensUsed).toBeGreaterThan(0);

    // Every answer stored once, with all it needs; rollups equal the raw answers.
    const stored = rowsOf<{ n: number; distinct_tasks: number; missing: number }>(
      await ctx.container.db.execute(sql`
        select count(*)::int as n, count(distinct (platform, prompt_hash))::int as distinct_tasks,
          count(*) filter (where raw_text is null or model is null or latency_ms is null or analysis is null)::int as missing
        from answers where run_id = ${runId}`),
    )[0]!;
    expect(stored).toEqual({ n: 60, distinct_tasks: 60, missing: 0 });
    const rollup = rowsOf<{ answers: number; mentions: number }>(
      await ctx.container.db.execute(sql`select coalesce(sum(answers), 0)::int as answers, coalesce(sum(mentions), 0)::int as mentions from answer_daily_rollups where brand_id = ${brandId}`),
    )[0]!;
    const raw = rowsOf<{ answers: number; mentions: number }>(
      await ctx.container.db.execute(sql`select count(*)::int as answers, (count(*) filter (where mentioned))::int as mentions from answers where brand_id = ${brandId} and error_kind is null`),
    )[0]!;
    expect(rollup).toEqual(raw);
    const charged = rowsOf<{ kind: string }>(await ctx.container.db.execute(sql`select kind from usage_ledger where reference = ${runId} order by kind`));
    expect(charged.map((c) => c.kind)).toEqual(['platform_tokens', 'scan']);
  });

  it('returns the same run for a retried request with the same Idempotency-Key, and 422 for another body', async () => {
    const headers = { 'idempotency-key': `probe-${Date.now()}` };
    const body = { brandId, platforms: ['qwen'] };
    const first = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body, headers });
    const again = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { platforms: ['qwen'], brandId }, headers });
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const runs = rowsOf<{ n: number }>(await ctx.container.db.execute(sql`select count(*)::int as n from scan_runs where idempotency_key = ${headers['idempotency-key']}`));
    expect(runs[0]!.n).toBe(1);
    const different = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { brandId, platforms: ['doubao'] }, headers });
    expect(different.status).toBe(422);
    expect(different.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Keys are per account: another account's request with the same key is its own.
    const otherBrand = await call(base, 'POST', '/api/v1/brands', { key: other.write, body: { name: 'Ecovacs', category: 'robot vacuum' } });
    const theirs = await call(base, 'POST', '/api/v1/probes', { key: other.write, body: { brandId: otherBrand.body.brand.id }, headers });
    expect(theirs.status).toBe(202);
    expect(theirs.body.runId).not.toBe(first.body.runId);
  });

  it('refuses a blank or over-long Idempotency-Key with 400 naming the header, and queues nothing', async () => {
    for (const key of ['   ', 'k'.repeat(256)]) {
      const res = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { brandId }, headers: { 'idempotency-key': key } });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'idempotency-key' });
    }
  });

  it('two concurrent requests with one key create one run', async () => {
    const headers = { 'idempotency-key': `race-${Date.now()}` };
    const body = { brandId, platforms: ['chatgpt'] };
    const [a, b] = await Promise.all([
      call(base, 'POST', '/api/v1/probes', { key: tenant.write, body, headers }),
      call(base, 'POST', '/api/v1/probes', { key: tenant.write, body, headers }),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body.runId).toBe(b.body.runId);
  });

  it("answers 404 for another account's brand, run or prompt pack", async () => {
    const mine = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { brandId, platforms: ['qwen'] } });
    expect((await status(mine.body.runId, other.read)).status).toBe(404);
    expect((await status('not-a-uuid')).status).toBe(404);
    const theirs = await call(base, 'POST', '/api/v1/probes', { key: other.write, body: { brandId } });
    expect(theirs.status).toBe(404);
    const pack = await call(base, 'POST', '/api/v1/prompt-packs', {
      key: other.write,
      body: { name: 'mine', prompts: [{ text: 'Best robot vacuum?', stage: 'awareness', intent: 'recommendation' }] },
    });
    expect(pack.status).toBe(201);
    const withTheirPack = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { brandId, promptPackId: pack.body.id } });
    expect(withTheirPack.status).toBe(404);
  });

  it("uses the account's bound pack when the request names none", async () => {
    const pack = await call(base, 'POST', '/api/v1/prompt-packs', {
      key: tenant.write,
      body: {
        name: 'launch questions',
        bind: true,
        prompts: [
          { text: '扫地机器人哪个牌子好？', stage: 'awareness', intent: 'recommendation' },
          { text: 'Is Roborock worth it?', stage: 'desire', intent: 'review' },
        ],
      },
    });
    expect(pack.status).toBe(201);
    expect(pack.body).toMatchObject({ bound: true, source: 'custom' });
    expect(pack.body.prompts.map((p: { locale: string }) => p.locale)).toEqual(['zh-CN', 'en']);
    const probe = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { brandId, platforms: ['kimi', 'chatgpt'] } });
    expect(probe.body).toMatchObject({ promptPackId: pack.body.id, tasks: 2 });
    const detail = await status(probe.body.runId);
    expect(detail.body.prompts.map((p: { prompt: string; results: Array<{ platform: string }> }) => [p.prompt, p.results.map((r) => r.platform)])).toEqual([
      ['扫地机器人哪个牌子好？', ['kimi']],
      ['Is Roborock worth it?', ['chatgpt']],
    ]);
    // Unbind by binding the brand's default pack again.
    const packs = await call(base, 'GET', '/api/v1/prompt-packs', { key: tenant.read });
    const own = packs.body.packs.find((p: { brandId: string | null }) => p.brandId === brandId);
    expect((await call(base, 'POST', `/api/v1/prompt-packs/${own.id}/bind`, { key: tenant.write, body: {} })).status).toBe(200);
  });

  it.each([
    ['missing brandId', {}, 'brandId'],
    ['brandId of the wrong type', { brandId: 7 }, 'brandId'],
    ['an unknown platform id', { platforms: ['kimi', 'bard'] }, 'platforms.1'],
    ['an empty platforms array', { platforms: [] }, 'platforms'],
    ['platforms that are not strings', { platforms: [1] }, 'platforms.0'],
    ['an unknown field', { priority: 'high' }, 'priority'],
  ])('answers 400 naming the field for %s', async (_label, extra, field) => {
    const body = 'brandId' in extra || field === 'brandId' ? extra : { brandId, ...extra };
    const res = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe(field);
  });
});

describe.each(dbKinds)('a probe with a failing platform (%s)', (kind) => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { simulator: { faults: { doubao: { always: { status: 401 } } } } });
    base = await ctx.listen();
  });
  afterAll(() => ctx.close());

  it('finishes as partial with the failure recorded per prompt, and as failed when nothing answered', async () => {
    const tenant = await createTenant(ctx);
    const brand = await call(base, 'POST', '/api/v1/brands', { key: tenant.write, body: { name: '石头', category: '扫地机器人' } });
    const worker = ctx.startWorker();
    const partial = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { brandId: brand.body.brand.id, platforms: ['deepseek', 'doubao'] } });
    const failed = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { brandId: brand.body.brand.id, platforms: ['doubao'] } });
    const [p, f] = await Promise.all(
      [partial, failed].map((t) => waitFor(async () => {
        const res = await call(base, 'GET', `/api/v1/probes/${t.body.runId}`, { key: tenant.read });
        return res.body.completedAt ? res.body : undefined;
      })),
    );
    await worker.stop(1_000);
    expect(p.status).toBe('partial');
    expect(p.progress).toEqual({ total: 40, done: 40, failed: 20 });
    const doubao = p.results.find((r: { platform: string }) => r.platform === 'doubao');
    expect(doubao).toMatchObject({ mentioned: false, rank: null, tokensUsed: 0, answers: 0, failed: 20 });
    expect(doubao.errors[0].kind).toBe('auth_failed');
    expect(p.prompts[0].results.find((r: { platform: string }) => r.platform === 'doubao')).toMatchObject({ status: 'failed', error: { kind: 'auth_failed' } });
    expect(f.status).toBe('failed');
    expect(f.chargedUsd).toBe(0);
    const ledger = rowsOf(await ctx.container.db.execute(sql`select 1 from usage_ledger where reference = ${f.runId}`));
    expect(ledger).toHaveLength(0);
  });
  it('finishes a run whose task lost its worker on the last attempt: that task is recorded failed, not asked again', async () => {
    const tenant = await createTenant(ctx);
    const brand = await call(base, 'POST', '/api/v1/brands', { key: tenant.write, body: { name: '石头', category: '扫地机器人' } });
    const run = await call(base, 'POST', '/api/v1/probes', { key: tenant.write, body: { brandId: brand.body.brand.id, platforms: ['deepseek'] } });
    const runId = run.body.runId;
    // One task as a worker SIGKILLed during its last attempt leaves it: active, lease run out.
    const [lost] = rowsOf<{ id: number }>(
      await ctx.container.db.execute(sql`update jobs set status = 'active', attempts = max_attempts, locked_until = now() - interval '1 second'
        where id = (select min(id) from jobs where queue = 'scan.task' and payload->>'runId' = ${runId}) returning id`),
    );
    const worker = ctx.startWorker();
    await waitFor(async () => ((await call(base, 'GET', `/api/v1/probes/${runId}`, { key: tenant.read })).body.progress.done === 19 ? true : undefined));
    const scheduler = startScheduler({ db: ctx.container.db, queue: ctx.container.queue, log: ctx.container.log, tickMs: 60_000 });
    await scheduler.tick(); // housekeeping ends the abandoned job through its definition
    await scheduler.stop();
    const done = await waitFor(async () => {
      const res = await call(base, 'GET', `/api/v1/probes/${runId}`, { key: tenant.read });
      return res.body.completedAt ? res.body : undefined;
    });
    await worker.stop(1_000);
    expect(done.status).toBe('partial');
    expect(done.progress).toEqual({ total: 20, done: 20, failed: 1 });
    const job = rowsOf<{ status: string; attempts: number; max_attempts: number }>(await ctx.container.db.execute(sql`select status, attempts, max_attempts from jobs where id = ${lost!.id}`));
    expect(job).toEqual([{ status: 'failed', attempts: 3, max_attempts: 3 }]);
  });
});
