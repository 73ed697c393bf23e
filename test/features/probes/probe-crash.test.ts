import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { createContainer } from '../../../src/container.js';
import type { Database } from '../../../src/db/client.js';
import { runMigrations } from '../../../src/db/migrate.js';
import { registerJobs } from '../../../src/jobs/registry.js';
import { startWorker } from '../../../src/jobs/worker.js';
import { createLogger } from '../../../src/lib/logger.js';
import * as accountsRepo from '../../../src/features/accounts/accounts.repo.js';
import { startSimulator } from '../../../src/platforms/simulator/index.js';
import { waitFor } from '../../support/wait.js';
import { dbKinds, rowsOf, sharedLocation } from '../../support/db.js';
import { testConfig } from '../../support/env.js';

const log = createLogger({ level: 'silent' });

async function withContainer<T>(database: Database, fn: (c: Awaited<ReturnType<typeof createContainer>>) => Promise<T>): Promise<T> {
  const simulator = await startSimulator();
  const container = await createContainer({ config: testConfig(), log, database, simulatorUrl: simulator.url });
  registerJobs(container);
  try {
    return await fn(container);
  } finally {
    await container.close();
    await simulator.close();
  }
}

describe.each(dbKinds)('a probe whose worker is killed with SIGKILL mid-run (%s)', (kind) => {
  it('is finished by another worker, every answer stored exactly once', async () => {
    const { location, open, cleanup } = await sharedLocation(kind);

    // Prepare: schema, an account, a brand, a queued probe of 2 platforms × 20 prompts.
    let database = await open();
    await runMigrations(database);
    const { runId, brandId } = await withContainer(database, async (c) => {
      const account = await accountsRepo.insertAccount(c.db, 'growth');
      const brand = await c.services.brands.create({ accountId: account.id, userId: null, tier: 'growth' }, { name: '石头', category: '扫地机器人' });
      const { response } = await c.services.probes.trigger(account.id, { brandId: brand.id, platforms: ['deepseek', 'kimi'] });
      return { runId: response.runId, brandId: brand.id };
    });
    await database.close(); // PGlite: one process at a time

    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/probe-worker.ts', location], { stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          const counts = [...chunk.toString().matchAll(/stored (\d+)/g)].map((m) => Number(m[1]));
          if (counts.some((n) => n >= 5)) resolve();
        });
        child.on('exit', (code) => reject(new Error(`worker exited early (${code})`)));
      });
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));

      database = await open();
      const midway = rowsOf<{ n: number; status: string }>(
        await database.db.execute(sql`select (select count(*)::int from answers where run_id = ${runId}) as n, status from scan_runs where id = ${runId}`),
      )[0]!;
      expect(midway.status).toBe('running');
      expect(midway.n).toBeGreaterThanOrEqual(5);
      expect(midway.n).toBeLessThan(40);

      await withContainer(database, async (c) => {
        const worker = startWorker({ db: c.db, queue: c.queue, log, leaseMs: 1_000, pollMs: 50 });
        const run = await waitFor(async () => {
          const r = await c.services.scans.findRun(runId);
          return r?.completedAt ? r : undefined;
        }, 30_000);
        await worker.stop(1_000);
        expect(run.status).toBe('completed');
        expect(run.tasksSucceeded).toBe(40);
      });
      const stored = rowsOf<{ n: number; tasks: number }>(
        await database.db.execute(sql`select count(*)::int as n, count(distinct (platform, prompt_hash))::int as tasks from answers where run_id = ${runId}`),
      )[0]!;
      expect(stored).toEqual({ n: 40, tasks: 40 });
      const rollup = rowsOf<{ n: number }>(await database.db.execute(sql`select coalesce(sum(answers), 0)::int as n from answer_daily_rollups where brand_id = ${brandId}`))[0]!;
      expect(rollup.n).toBe(40);
      const charges = rowsOf(await database.db.execute(sql`select kind from usage_ledger where reference = ${runId}`));
      expect(charges).toHaveLength(2);
    } finally {
      await database.close().catch(() => {});
      await cleanup();
    }
  }, 90_000);
});
