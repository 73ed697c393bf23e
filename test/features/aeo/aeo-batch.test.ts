/**
 * AEO batches as durable work, over real HTTP on each database kind: 202 with a status URL, items
 * rewritten by queue jobs through the simulator, completion (event and usage) exactly once even
 * when a job is delivered again, a permanently failing item recorded as failed, bad input and
 * tenant isolation.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startScheduler } from '../../../src/jobs/scheduler.js';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { webhookEvents } from '../../../src/db/schema/webhooks.js';
import { AeoItemJob } from '../../../src/features/aeo/aeo.jobs.js';
import type { Worker } from '../../../src/jobs/worker.js';
import { createPlatformRegistry } from '../../../src/platforms/registry.js';
import { startSimulator, type SimulatorHandle } from '../../../src/platforms/simulator/index.js';
import { call, createTenant, type Tenant } from '../../support/tenant.js';
import { createTestContext, type TestContext } from '../../support/app.js';
import { dbKinds, rowsOf } from '../../support/db.js';
import { testConfig } from '../../support/env.js';
import { waitFor } from '../../support/wait.js';
import { createBrand } from '../../support/history.js';


describe.each(dbKinds)('AEO batches on %s', (kind) => {
  let ctx: TestContext;
  let sim: SimulatorHandle;
  let base: string;
  let tenant: Tenant;
  let other: Tenant;
  let brand: { id: string };
  let worker: Worker | undefined;

  const texts = [
    'Acme builds invoicing software. It sends invoices in one click. Over 12,000 shops use it daily.',
    'Acme is fast. It is cheap. Support answers within 2 hours.',
    'Acme 是一款开票软件，一键发送发票，超过一万两千家店铺每天使用。',
  ];
  const submit = (body: unknown, key = tenant.legacy) => call(base, 'POST', '/api/aeo/batch', { key, body });
  const poll = (id: string, key = tenant.legacy) => call(base, 'GET', `/api/aeo/batch/${id}`, { key });
  const completed = (id: string) =>
    waitFor(async () => {
      const r = await poll(id);
      return r.body.status === 'completed' ? r.body : undefined;
    }, 30_000, `batch ${id} completed`);
  const eventsOf = async (batchId: string) =>
    (await ctx.container.db.select().from(webhookEvents).where(and(eq(webhookEvents.accountId, tenant.accountId), eq(webhookEvents.event, 'aeo.batch.completed'))))
      .map((e) => JSON.parse(e.body).data)
      .filter((d) => d.batchId === batchId);
  const charges = async (batchId: string) =>
    rowsOf<{ kind: string; quantity: number }>(await ctx.container.db.execute(sql`select kind, quantity::int as quantity from usage_ledger where reference = ${batchId}`));

  beforeAll(async () => {
    sim = await startSimulator({ host: '127.0.0.1', port: 0 });
    ctx = await createTestContext(kind, { platforms: createPlatformRegistry(testConfig(), { simulatorUrl: sim.url }) });
    base = await ctx.listen();
    [tenant, other] = await Promise.all([createTenant(ctx), createTenant(ctx)]);
    brand = await createBrand(ctx, tenant, { name: 'Acme', website: 'https://www.acme.com' });
  });
  afterEach(async () => {
    await worker?.stop(2_000);
    worker = undefined;
    sim.setFaults('deepseek', undefined);
  });
  afterAll(async () => {
    await ctx?.close();
    await sim?.close();
  });

  it('answers 202 with a status URL, runs each item as a job and completes once: one event, one charge', async () => {
    const res = await submit({ brand_id: brand.id, platform: 'deepseek', audience: 'small shops', items: texts.map((text) => ({ text })) });
    expect(res.status).toBe(202);
    const id = res.body.batchId;
    expect(res.headers.get('location')).toBe(`/api/aeo/batch/${id}`);
    expect(res.body).toMatchObject({ brandId: brand.id, status: 'queued', statusUrl: `/api/aeo/batch/${id}`, completedAt: null, progress: { total: 3, done: 0 } });
    expect(res.body.results.map((r: { status: string; ok: unknown }) => [r.status, r.ok])).toEqual([['queued', null], ['queued', null], ['queued', null]]);
    // Stored with its jobs, before any worker runs: a restart now loses nothing.
    const jobs = rowsOf<{ n: number }>(await ctx.container.db.execute(sql`select count(*)::int as n from jobs where queue = ${AeoItemJob.name} and payload->>'batchId' = ${id}`));
    expect(jobs[0]!.n).toBe(3);
    expect((await poll(id)).body.status).toBe('queued');

    worker = ctx.startWorker();
    const done = await completed(id);
    expect(done).toMatchObject({ status: 'completed', successCount: 3, failureCount: 0, progress: { total: 3, done: 3, succeeded: 3, failed: 0 }, completedAt: expect.any(String) });
    for (const r of done.results) {
      expect(r).toMatchObject({ status: 'succeeded', ok: true, rewrite: { source: 'deepseek', simulated: true, headline: expect.stringContaining('Acme') } });
      expect(JSON.parse(r.rewrite.jsonld)['@graph'].map((n: { '@type': string }) => n['@type'])).toEqual(['Article', 'FAQPage']);
    }
    expect(done.citationGain).toBeGreaterThan(0);

    const events = await eventsOf(id);
    expect(events).toEqual([{ batchId: id, successCount: 3, failureCount: 0, rewritten: 3, citationGain: done.citationGain }]);
    expect(await charges(id)).toEqual([{ kind: 'aeo_rewrite', quantity: 3 }]);

    // A job delivered again (a worker that lost its lease, a re-enqueue) changes nothing.
    await ctx.container.services.aeoBatches.runItem({ batchId: id, index: 2 }, { attempt: 1, maxAttempts: 3, signal: new AbortController().signal });
    expect(await ctx.container.queue.enqueue(AeoItemJob, { batchId: id, index: 0 }, { dedupeKey: `${id}:0` })).toBeNull();
    expect(await eventsOf(id)).toHaveLength(1);
    expect(await charges(id)).toHaveLength(1);
    expect((await poll(id)).body).toEqual(done);
  });

  it('records an item whose platform fails permanently as failed, without retrying it, and charges only the others', async () => {
    sim.setFaults('deepseek', { sequence: ['malformed'] }); // one answer that is not JSON at all
    const res = await submit({ brand_id: brand.id, platform: 'deepseek', items: texts.map((text) => ({ text })) });
    expect(res.status).toBe(202);
    worker = ctx.startWorker();
    const done = await completed(res.body.batchId);
    expect(done).toMatchObject({ successCount: 2, failureCount: 1, progress: { done: 3, succeeded: 2, failed: 1 } });
    const failed = done.results.filter((r: { ok: boolean }) => !r.ok);
    expect(failed).toEqual([{ index: expect.any(Number), status: 'failed', ok: false, error: { code: 'UPSTREAM_UNAVAILABLE', message: expect.stringMatching(/deepseek/) } }]);
    const attempts = rowsOf<{ attempts: number; status: string }>(
      await ctx.container.db.execute(sql`select attempts, status from jobs where queue = ${AeoItemJob.name} and payload->>'batchId' = ${res.body.batchId} and (payload->>'index')::int = ${failed[0].index}`),
    );
    expect(attempts).toEqual([{ attempts: 1, status: 'completed' }]);
    expect(await eventsOf(res.body.batchId)).toEqual([expect.objectContaining({ successCount: 2, failureCount: 1, rewritten: 2 })]);
    expect(await charges(res.body.batchId)).toEqual([{ kind: 'aeo_rewrite', quantity: 2 }]);
  });

  it('completes a batch whose item lost its worker on the last attempt: the item fails, the rest still count', async () => {
    const res = await submit({ brand_id: brand.id, platform: 'deepseek', items: texts.map((text) => ({ text })) });
    const id = res.body.batchId;
    // Item 1's job as a worker SIGKILLed during its last attempt leaves it: active, lease run out.
    await ctx.container.db.execute(
      sql`update jobs set status = 'active', attempts = max_attempts, locked_until = now() - interval '1 second' where queue = ${AeoItemJob.name} and payload->>'batchId' = ${id} and (payload->>'index')::int = 1`,
    );
    worker = ctx.startWorker();
    await waitFor(async () => (await poll(id)).body.progress.done === 2, 30_000, 'the other two items done');
    expect((await poll(id)).body.status).toBe('running'); // waiting for item 1, which no worker will take
    const scheduler = startScheduler({ db: ctx.container.db, queue: ctx.container.queue, log: ctx.container.log, tickMs: 60_000 });
    await scheduler.tick(); // housekeeping ends the abandoned job through its definition
    await scheduler.stop();
    const done = await completed(id);
    expect(done).toMatchObject({ successCount: 2, failureCount: 1 });
    expect(done.results[1]).toMatchObject({ status: 'failed', ok: false, error: { code: 'INTERNAL_ERROR' } });
    expect(await eventsOf(id)).toEqual([expect.objectContaining({ successCount: 2, failureCount: 1 })]);
    expect(await charges(id)).toEqual([{ kind: 'aeo_rewrite', quantity: 2 }]);
  });

  it('refuses bad input with 400 naming the field, an unknown brand with 404', async () => {
    const item = { text: 'Acme is fast.' };
    const cases: Array<[unknown, string]> = [
      [{ items: [item] }, 'brand_id'],
      [{ brand_id: brand.id, items: [] }, 'items'],
      [{ brand_id: brand.id, items: Array.from({ length: 11 }, () => item) }, 'items'],
      [{ brand_id: brand.id }, 'items'],
      [{ brand_id: 42, items: [item] }, 'brand_id'],
      [{ brand_id: brand.id, items: 'text' }, 'items'],
      [{ brand_id: brand.id, items: [{ text: 7 }] }, 'items.0.text'],
      [{ brand_id: brand.id, items: [item, { text: 'x'.repeat(8001) }] }, 'items.1.text'],
      [{ brand_id: brand.id, items: [{ text: '' }] }, 'items.0.text'],
      [{ brand_id: brand.id, items: [item], platform: 'bard' }, 'platform'],
      [{ brand_id: brand.id, items: [{ ...item, colour: 'red' }] }, 'items.0.colour'],
    ];
    for (const [body, field] of cases) {
      const r = await submit(body);
      expect({ body, status: r.status, code: r.body.error?.code, field: r.body.error?.field }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR', field });
    }
    expect((await submit({ brand_id: randomUUID(), items: [item] })).status).toBe(404);
    expect((await submit({ brand_id: brand.id, items: [item] }, other.legacy)).status).toBe(404);
    const stored = rowsOf<{ n: number }>(await ctx.container.db.execute(sql`select count(*)::int as n from aeo_batches where account_id = ${other.accountId}`));
    expect(stored[0]!.n).toBe(0);
  });

  it("answers 404 for another account's batch or an id that names none, 401 without a key", async () => {
    const mine = await submit({ brand_id: brand.id, items: [{ text: 'Acme is fast. It is cheap.' }] });
    expect(mine.status).toBe(202);
    expect((await poll(mine.body.batchId)).status).toBe(200);
    const theirs = await poll(mine.body.batchId, other.legacy);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('NOT_FOUND');
    expect((await poll(randomUUID())).status).toBe(404);
    expect((await poll('not-a-uuid')).status).toBe(404);
    expect((await call(base, 'GET', `/api/aeo/batch/${mine.body.batchId}`)).status).toBe(401);
  });
});
