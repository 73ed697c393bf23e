/**
 * Re-analysis batch jobs inside one process: a batch whose lease lapsed mid-attempt (its worker
 * gone) is taken over and read once; a batch whose worker died on its last attempt is given up
 * by housekeeping, so the pass still finishes and reports it, its answers left as they were.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE_VERSION } from '../../../src/analysis/index.js';
import { ReanalyzeBatchJob } from '../../../src/features/scans/scans.jobs.js';
import { startScheduler } from '../../../src/jobs/scheduler.js';
import { startWorker, type Worker } from '../../../src/jobs/worker.js';
import { createTestContext, type TestContext } from '../../support/app.js';
import { dbKinds, rowsOf } from '../../support/db.js';
import { createTenant } from '../../support/tenant.js';
import { waitFor } from '../../support/wait.js';
import { OLD_ENGINE, plantOldRun, rollupsAgainstAnswers } from '../../support/history.js';


describe.each(dbKinds)('re-analysis batch jobs (%s)', (kind) => {
  let ctx: TestContext | undefined;
  let worker: Worker | undefined;
  afterEach(async () => {
    await worker?.stop(1_000);
    worker = undefined;
    await ctx?.close();
    ctx = undefined;
  });

  async function planted(count: number) {
    ctx = await createTestContext(kind);
    const tenant = await createTenant(ctx);
    const brand = await ctx.container.services.brands.create({ accountId: tenant.accountId, userId: tenant.userId, tier: 'growth' }, { name: 'Acme', category: 'project tools' });
    await plantOldRun(ctx.container.db, tenant, brand, { count });
    return { c: ctx, brandId: brand.id };
  }

  const versions = async (c: TestContext, brandId: string) =>
    rowsOf<{ engine_version: string; n: number }>(
      await c.container.db.execute(sql`select engine_version, count(*)::int as n from answers where brand_id = ${brandId} group by 1 order by 1`),
    );

  /** Leaves the batch's job as a worker killed mid-attempt would: active, its lease run out. */
  const loseWorker = (c: TestContext, passId: string, seq: number, lastAttempt: boolean) =>
    c.container.db.execute(sql`
      update jobs set status = 'active', attempts = ${lastAttempt ? sql`max_attempts` : sql`1`}, locked_by = 'gone',
        locked_until = now() - interval '1 second'
      where queue = ${ReanalyzeBatchJob.name} and payload->>'passId' = ${passId} and (payload->>'seq')::int = ${seq}`);

  it('takes over a batch whose lease lapsed and reads each answer once', async () => {
    const { c, brandId } = await planted(9);
    const { reanalysis } = c.container.services;
    const { pass } = await reanalysis.start({ brandId, batchSize: 3 });
    expect(pass).toMatchObject({ answers: 9, batches: 3 });
    await loseWorker(c, pass.id, 1, false);
    worker = startWorker({ db: c.container.db, queue: c.container.queue, log: c.container.log, pollMs: 20, leaseMs: 1_000, only: [ReanalyzeBatchJob.name] });
    const done = await waitFor(async () => {
      const p = await reanalysis.progress(pass.id);
      return p?.finishedAt ? p : undefined;
    }, 30_000, 'the pass to finish');
    expect(done).toMatchObject({ answersDone: 9, reanalyzed: 9, batchesFailed: 0, failed: 0 });
    expect(await versions(c, brandId)).toEqual([{ engine_version: ENGINE_VERSION, n: 9 }]);
    const rollups = await rollupsAgainstAnswers(c.container.db, brandId);
    expect(rollups.stored).toEqual(rollups.recomputed);
    // The same command again resumes nothing (finished) and starts a pass with nothing left to read.
    expect((await reanalysis.start({ brandId })).pass).toMatchObject({ answers: 0, batches: 0 });
  });

  it('gives up a batch whose worker died on its last attempt: the pass finishes and says so', async () => {
    const { c, brandId } = await planted(9);
    const { reanalysis } = c.container.services;
    const { pass } = await reanalysis.start({ brandId, batchSize: 3 });
    await loseWorker(c, pass.id, 1, true);
    worker = startWorker({ db: c.container.db, queue: c.container.queue, log: c.container.log, pollMs: 20, only: [ReanalyzeBatchJob.name] });
    await waitFor(async () => (await reanalysis.progress(pass.id))?.batchesDone === 2, 30_000, 'the other batches');
    expect((await reanalysis.progress(pass.id))?.finishedAt).toBeNull(); // waiting for batch 1, which no worker takes
    const scheduler = startScheduler({ db: c.container.db, queue: c.container.queue, log: c.container.log, tickMs: 60_000 });
    await scheduler.tick(); // housekeeping ends the abandoned job through its definition
    await scheduler.stop();
    const done = await reanalysis.progress(pass.id);
    expect(done).toMatchObject({ batchesDone: 2, batchesFailed: 1, answersDone: 9, reanalyzed: 6 });
    expect(done?.finishedAt).not.toBeNull();
    expect(await versions(c, brandId)).toEqual([
      { engine_version: ENGINE_VERSION, n: 6 },
      { engine_version: OLD_ENGINE, n: 3 },
    ].sort((a, b) => a.engine_version.localeCompare(b.engine_version)));
    const rollups = await rollupsAgainstAnswers(c.container.db, brandId);
    expect(rollups.stored).toEqual(rollups.recomputed);
    // A new pass picks up exactly the three left behind.
    expect((await reanalysis.start({ brandId })).pass).toMatchObject({ answers: 3, batches: 1 });
  });
});
