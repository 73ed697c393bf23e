import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { Database } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { defineJob, defineJobType, PermanentJobError } from '../../src/jobs/definition.js';
import { JobQueue } from '../../src/jobs/queue.js';
import { getJob } from '../../src/jobs/queue.repo.js';
import { startScheduler } from '../../src/jobs/scheduler.js';
import { startWorker, type Worker } from '../../src/jobs/worker.js';
import { createLogger } from '../../src/lib/logger.js';
import { sleep } from '../../src/lib/time.js';
import { CrashableJob, createEffectsTable, crashableJob } from '../support/crashable-job.js';
import { createTestDatabase, dbKinds, sharedLocation } from '../support/db.js';
import { waitFor } from '../support/wait.js';

const log = createLogger({ level: 'silent' });
const payload = Type.Object({ n: Type.Integer() });
/** The job type producers enqueue by (the definitions registered below share its name and schema). */
const typeOf = (name: string) => defineJobType({ name, schema: payload });


describe.each(dbKinds)('job queue on %s', (kind) => {
  let database: Database;
  const workers: Worker[] = [];
  const work = (queue: JobQueue, leaseMs?: number) => {
    const w = startWorker({ db: database.db, queue, log, pollMs: 20, ...(leaseMs ? { leaseMs } : {}) });
    workers.push(w);
    return w;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop(1_000)));
    await database.close();
  });

  it('runs an enqueued job once and marks it completed', async () => {
    const queue = new JobQueue(database.db);
    const seen: number[] = [];
    queue.register(defineJob({ name: 't.ok', schema: payload, handler: async ({ n }) => void seen.push(n) }));
    work(queue);
    const id = (await queue.enqueue(typeOf('t.ok'), { n: 7 }))!;
    const job = await waitFor(async () => {
      const j = await getJob(database.db, id);
      return j?.status === 'completed' && j;
    });
    expect(seen).toEqual([7]);
    expect(job.attempts).toBe(1);
  });

  it('rejects a payload that does not match the job schema at enqueue time', async () => {
    const queue = new JobQueue(database.db);
    queue.register(defineJob({ name: 't.schema', schema: payload, handler: async () => {} }));
    // @ts-expect-error -- the payload type refuses it at compile time; the queue refuses it at run time too
    await expect(queue.enqueue(typeOf('t.schema'), { n: 'x' })).rejects.toThrow(/n/);
  });

  it('retries a failing job after its delay, then completes', async () => {
    const queue = new JobQueue(database.db);
    const attempts: number[] = [];
    queue.register(
      defineJob({
        name: 't.flaky',
        schema: payload,
        retryDelayMs: () => 300,
        handler: async () => {
          attempts.push(Date.now());
          if (attempts.length < 3) throw new Error('transient');
        },
      }),
    );
    work(queue);
    const id = (await queue.enqueue(typeOf('t.flaky'), { n: 1 }))!;
    const job = await waitFor(async () => {
      const j = await getJob(database.db, id);
      return j?.status === 'completed' && j;
    });
    expect(job.attempts).toBe(3);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(250);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(250);
  });

  it('fails for good after maxAttempts, and at once on a PermanentJobError', async () => {
    const queue = new JobQueue(database.db);
    queue.register(
      defineJob({ name: 't.broken', schema: payload, maxAttempts: 2, retryDelayMs: () => 10, handler: async () => Promise.reject(new Error('boom')) }),
    );
    queue.register(
      defineJob({ name: 't.permanent', schema: payload, handler: async () => Promise.reject(new PermanentJobError('gone')) }),
    );
    work(queue);
    const broken = (await queue.enqueue(typeOf('t.broken'), { n: 1 }))!;
    const permanent = (await queue.enqueue(typeOf('t.permanent'), { n: 1 }))!;
    const b = await waitFor(async () => {
      const j = await getJob(database.db, broken);
      return j?.status === 'failed' && j;
    });
    const p = await waitFor(async () => {
      const j = await getJob(database.db, permanent);
      return j?.status === 'failed' && j;
    });
    expect(b.attempts).toBe(2);
    expect(b.lastError).toContain('boom');
    expect(p.attempts).toBe(1);
    expect(p.lastError).toContain('gone');
  });

  it('does not run a job scheduled in the future before its time', async () => {
    const queue = new JobQueue(database.db);
    let ranAt = 0;
    queue.register(
      defineJob({
        name: 't.later',
        schema: payload,
        handler: async () => {
          ranAt = Date.now();
        },
      }),
    );
    work(queue);
    const runAt = new Date(Date.now() + 700);
    const id = (await queue.enqueue(typeOf('t.later'), { n: 1 }, { runAt }))!;
    await sleep(300);
    expect((await getJob(database.db, id))?.status).toBe('queued');
    await waitFor(async () => (await getJob(database.db, id))?.status === 'completed');
    expect(ranAt).toBeGreaterThanOrEqual(runAt.getTime() - 50);
  });

  it('skips a second enqueue with the same dedupe key', async () => {
    const queue = new JobQueue(database.db);
    queue.register(defineJob({ name: 't.dedupe', schema: payload, handler: async () => {} }));
    const first = await queue.enqueue(typeOf('t.dedupe'), { n: 1 }, { dedupeKey: 'k1', delayMs: 60_000 });
    const second = await queue.enqueue(typeOf('t.dedupe'), { n: 2 }, { dedupeKey: 'k1', delayMs: 60_000 });
    expect(first).toBeTypeOf('number');
    expect(second).toBeNull();
  });

  it('enqueues inside a transaction only when it commits (outbox)', async () => {
    const queue = new JobQueue(database.db);
    queue.register(defineJob({ name: 't.tx', schema: payload, handler: async () => {} }));
    let rolledBackId: number | null = null;
    await database.db
      .transaction(async (tx) => {
        rolledBackId = await queue.enqueue(typeOf('t.tx'), { n: 1 }, { tx, delayMs: 60_000 });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(rolledBackId).toBeTypeOf('number');
    expect(await getJob(database.db, rolledBackId!)).toBeUndefined();
  });

  it('ends a job whose worker died on its last attempt: onAbandoned once, then failed, never run again', async () => {
    const queue = new JobQueue(database.db);
    const ran: number[] = [];
    const abandoned: number[] = [];
    queue.register(
      defineJob({
        name: 't.lost',
        schema: payload,
        maxAttempts: 2,
        handler: async ({ n }) => void ran.push(n),
        onAbandoned: async ({ n }) => void abandoned.push(n),
      }),
    );
    const id = (await queue.enqueue(typeOf('t.lost'), { n: 5 }))!;
    // As a worker SIGKILLed during attempt 2 of 2 leaves it: active, lease run out.
    await database.db.execute(sql`update jobs set status = 'active', attempts = 2, locked_until = now() - interval '1 second' where id = ${id}`);
    const scheduler = startScheduler({ db: database.db, queue, log, tickMs: 60_000 });
    await scheduler.tick();
    await scheduler.stop();
    expect(abandoned).toEqual([5]);
    expect(ran).toEqual([]);
    const job = await getJob(database.db, id);
    expect(job?.status).toBe('failed');
    expect(job?.lastError).toMatch(/last attempt/);
    const again = startScheduler({ db: database.db, queue, log, tickMs: 60_000 });
    await again.tick();
    await again.stop();
    expect(abandoned).toEqual([5]);
  });

  it('fires each cron slot exactly once, even with two schedulers', async () => {
    const queue = new JobQueue(database.db);
    const cron = defineJob({ name: 't.cron', schema: Type.Object({}), handler: async () => {} });
    queue.register(cron);
    // Slots 5 s apart, ticked just after one opens: the second pair of ticks, milliseconds later, is
    // still inside that slot. With a slot every second a slow machine crossed into the next slot
    // between the two pairs, and the (correct) firing of that new slot failed the test.
    await queue.schedule('every-five-seconds', '*/5 * * * * *', cron, {});
    const a = startScheduler({ db: database.db, queue, log, tickMs: 60_000 });
    const b = startScheduler({ db: database.db, queue, log, tickMs: 60_000 });
    await sleep(5_000 - (Date.now() % 5_000) + 100);
    const [fa, fb] = await Promise.all([a.tick(), b.tick()]);
    expect(fa + fb).toBe(1);
    expect(await Promise.all([a.tick(), b.tick()])).toEqual([0, 0]);
    await Promise.all([a.stop(), b.stop()]);
    const result = await database.db.execute(sql`select count(*)::int as n from jobs where queue = 't.cron'`);
    expect(Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(1);
  });
});

describe.each(dbKinds)('a worker killed with SIGKILL mid-job (%s)', (kind) => {
  it('leaves the job to a second worker, which completes it exactly once in effect', async () => {
    const { location, open, cleanup } = await sharedLocation(kind);

    // Prepare: schema + one job. PGlite allows one process at a time, so close before the child opens.
    let database = await open();
    await runMigrations(database);
    await createEffectsTable(database.db);
    const setupQueue = new JobQueue(database.db);
    setupQueue.register(crashableJob(database.db, async () => {}));
    const jobId = (await setupQueue.enqueue(CrashableJob, { key: 'once' }))!;
    await database.close();

    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/crash-worker.ts', location, '800'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('effect-recorded') && resolve());
      child.on('exit', (code) => reject(new Error(`child exited early (${code})`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    database = await open(); // PGlite: the dead child's lock is stale and taken over
    try {
      const queue = new JobQueue(database.db);
      queue.register(crashableJob(database.db, async () => {}));
      const worker = startWorker({ db: database.db, queue, log, pollMs: 50, leaseMs: 800 });
      const job = await waitFor(async () => {
        const j = await getJob(database.db, jobId);
        return j?.status === 'completed' && j;
      }, 15_000);
      await worker.stop(1_000);
      expect(job.attempts).toBe(2);
      const effects = await database.db.execute(sql`select count(*)::int as n from test_job_effects`);
      expect(Number((effects as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(1);
    } finally {
      await database.close();
      await cleanup();
    }
  }, 60_000);
});
