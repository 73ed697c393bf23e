/**
 * `sightline reanalyze` end to end, as an operator runs it: stored answers that engine 1.0.0 read
 * are re-read by the current engine through durable jobs in a separate CLI process; the answers,
 * their citation and competitor rows and the rollups follow, so the dashboard and API figures
 * change and say which engine version they come from. A CLI killed with SIGKILL mid-way resumes
 * the same pass and finishes with every answer read once. Bad input → one line, exit code 2.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_VERSION } from '../../src/analysis/index.js';
import { buildApp } from '../../src/app.js';
import { createContainer, type Container } from '../../src/container.js';
import type { Database } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { storedRowsOf } from '../../src/features/scans/task.js';
import { registerJobs } from '../../src/jobs/registry.js';
import { createLogger } from '../../src/lib/logger.js';
import { startSimulator } from '../../src/platforms/simulator/index.js';
import { dbKinds, rowsOf, sharedLocation } from '../support/db.js';
import { testConfig } from '../support/env.js';
import { call, createTenant, type Tenant } from '../support/tenant.js';
import { OLD_ENGINE, currentReading, plantOldRun, rollupsAgainstAnswers } from '../support/history.js';

const log = createLogger({ level: 'silent' });

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `sightline …` from source in its own process, on the test's database; `onStderr` may kill it. */
function sightline(env: Record<string, string>, args: string[], onStderr?: (text: string, kill: () => void) => void): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => {
      stderr += c;
      onStderr?.(stderr, () => child.kill('SIGKILL'));
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The app on the shared database for one step (PGlite admits one process at a time). */
async function withApp<T>(database: Database, fn: (ctx: { base: string; container: Container }) => Promise<T>): Promise<T> {
  const simulator = await startSimulator({ host: '127.0.0.1', port: 0 });
  const container = await createContainer({ config: testConfig(), log, database, simulatorUrl: simulator.url });
  registerJobs(container);
  const app = await buildApp(container);
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    return await fn({ base, container });
  } finally {
    await app.close();
    await container.close();
    await simulator.close();
  }
}

const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe.each(dbKinds)('sightline reanalyze (%s)', { timeout: 300_000 }, (kind) => {
  let shared: Awaited<ReturnType<typeof sharedLocation>>;
  let env: Record<string, string>;
  beforeAll(async () => {
    shared = await sharedLocation(kind);
    env = kind === 'pglite' ? { DATA_DIR: shared.location } : { DATABASE_URL: shared.location };
  });
  afterAll(async () => {
    await shared?.cleanup();
  });

  async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
    const database = await shared.open();
    try {
      await runMigrations(database);
      return await fn(database);
    } finally {
      await database.close();
    }
  }

  const summaryOf = (result: CliResult) => {
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    return JSON.parse(result.stdout) as Record<string, unknown>;
  };

  it('re-reads answers stored by engine 1.0.0: versions recorded, rows and rollups rewritten, dashboard figures change', async () => {
    // 1. History as engine 1.0.0 left it: brand A today (40) and 10 days ago (20), brand B today (10).
    const setup = await withDatabase((database) =>
      withApp(database, async ({ base, container }) => {
        const tenant = await createTenant({ container });
        const create = (name: string) => container.services.brands.create({ accountId: tenant.accountId, userId: tenant.userId, tier: 'growth' }, { name, category: 'project tools' });
        const [a, b] = [await create('Acme'), await create('Umbrella')];
        const older = await plantOldRun(container.db, tenant, a, { count: 20, daysAgo: 10, seed: 100 });
        const recent = await plantOldRun(container.db, tenant, a, { count: 40, seed: 0 });
        await plantOldRun(container.db, tenant, b, { count: 10, seed: 200 });
        const before = await call(base, 'GET', `/api/v1/visibility?brandId=${a.id}&days=30`, { key: tenant.read });
        expect(before.status).toBe(200);
        expect(before.body.engineVersions).toEqual([{ version: OLD_ENGINE, answers: 60 }]);
        expect(before.body.total).toMatchObject({ answers: 60, mentions: 48 }); // 1.x: four kinds of five "mentioned"
        const headline = await call(base, 'GET', `/api/dashboard/headline?brand_id=${a.id}&days=30`, { key: tenant.legacy });
        expect(headline.body.engineVersions).toEqual([{ version: OLD_ENGINE, answers: 60 }]);
        const detail = await call(base, 'GET', `/api/v1/brands/${a.id}`, { key: tenant.read });
        expect(detail.body.lastScan).toMatchObject({ runId: recent.runId, sampleSize: 40, visibility: 0.8, engineVersions: [{ version: OLD_ENGINE, answers: 40 }] });
        return { tenant, a, b, older, recent, beforeTotal: before.body.total };
      }),
    );
    const { tenant, a, b, recent } = setup;

    // 2. Only brand A's answers of the last five days.
    const first = await sightline(env, ['reanalyze', '--brand', a.id, '--since', dayAgo(5)]);
    expect(first.code, first.stderr).toBe(0);
    expect(summaryOf(first)).toMatchObject({ engineVersion: ENGINE_VERSION, brandId: a.id, resumed: false, finished: true, answers: 40, reanalyzed: 40, skipped: 0, failed: 0, batchesFailed: 0 });
    expect(first.stderr).toMatch(/reanalyze \[#+\] 40\/40 answers {2}100\.0%/);

    // 3. Each re-read answer holds exactly what the current engine reads, and everything downstream follows.
    const expected = [...recent.texts.values()].map((text) => currentReading('Acme', text));
    await withDatabase(async (database) => {
      const stored = rowsOf<{ id: string; prompt_hash: string; engine_version: string; analysis: { engineVersion: string }; mentioned: boolean; rank: number | null; sentiment_label: string | null }>(
        await database.db.execute(sql`select id, prompt_hash, engine_version, analysis, mentioned, rank, sentiment_label from answers where run_id = ${recent.runId}`),
      );
      expect(stored).toHaveLength(40);
      for (const answer of stored) {
        const reading = currentReading('Acme', recent.texts.get(answer.prompt_hash)!);
        expect(answer.engine_version).toBe(ENGINE_VERSION);
        expect(answer.analysis.engineVersion).toBe(ENGINE_VERSION);
        expect({ mentioned: answer.mentioned, rank: answer.rank, label: answer.sentiment_label }).toEqual({
          mentioned: reading.mentioned,
          rank: reading.rank,
          label: reading.sentiment?.label ?? null,
        });
        const rows = storedRowsOf(reading);
        const citations = rowsOf<{ url: string; normalized_url: string }>(
          await database.db.execute(sql`select url, normalized_url from answer_citations where answer_id = ${answer.id} order by normalized_url`),
        );
        expect(citations).toEqual(rows.citations.map((c) => ({ url: c.url, normalized_url: c.normalizedUrl })).sort((x, y) => x.normalized_url.localeCompare(y.normalized_url)));
        const competitors = rowsOf<{ competitor: string; rank: number | null }>(
          await database.db.execute(sql`select competitor, rank from competitor_mentions where answer_id = ${answer.id} order by competitor`),
        );
        expect(competitors).toEqual(rows.competitors.map((c) => ({ competitor: c.name, rank: c.rank })).sort((x, y) => x.competitor.localeCompare(y.competitor)));
      }
      // The engine reads these kinds differently from 1.x, which called every mention positive and
      // ranked the caution list (the point of re-reading).
      expect(expected.filter((r) => r.sentiment?.label === 'positive').length).toBeLessThan(32);
      const versions = rowsOf<{ brand_id: string; engine_version: string; n: number }>(
        await database.db.execute(sql`select brand_id, engine_version, count(*)::int as n from answers group by 1, 2 order by 1, 2`),
      );
      expect(versions.filter((v) => v.brand_id === b.id)).toEqual([{ brand_id: b.id, engine_version: OLD_ENGINE, n: 10 }]);
      expect(versions.filter((v) => v.brand_id === a.id).map((v) => [v.engine_version, v.n]).sort()).toEqual([[OLD_ENGINE, 20], [ENGINE_VERSION, 40]].sort());
      const rollups = await rollupsAgainstAnswers(database.db, a.id);
      expect(rollups.stored).toEqual(rollups.recomputed);
    });

    const mentionsNow = expected.filter((r) => r.mentioned).length;
    await withDatabase((database) =>
      withApp(database, async ({ base }) => {
        const after = await call(base, 'GET', `/api/v1/visibility?brandId=${a.id}&days=30`, { key: tenant.read });
        expect(after.body.engineVersions).toEqual([
          { version: ENGINE_VERSION, answers: 40 },
          { version: OLD_ENGINE, answers: 20 },
        ]);
        // The 20 older answers keep their 1.x reading (16 mentions); today's are the engine's.
        expect(after.body.total).toMatchObject({ answers: 60, mentions: 16 + mentionsNow });
        const today = after.body.rows.at(-1);
        expect(today).toMatchObject({
          answers: 40,
          mentions: mentionsNow,
          positives: expected.filter((r) => r.mentioned && r.sentiment?.label === 'positive').length,
          negatives: expected.filter((r) => r.mentioned && r.sentiment?.label === 'negative').length,
          rankedMentions: expected.filter((r) => r.rank !== null).length,
        });
        const legacy = await call(base, 'GET', `/api/dashboard/visibility/timeseries?brand_id=${a.id}&days=30`, { key: tenant.legacy });
        expect(legacy.body.engineVersions).toEqual(after.body.engineVersions);
        const detail = await call(base, 'GET', `/api/v1/brands/${a.id}`, { key: tenant.read });
        expect(detail.body.lastScan).toMatchObject({ sampleSize: 40, visibility: mentionsNow / 40, engineVersions: [{ version: ENGINE_VERSION, answers: 40 }] });
        // Citations of today's (re-read) answers: the URL as written beside its key; the two
        // adjacent links are two pages now (the older answers still hold 1.x's one broken URL).
        const cited = await call(base, 'GET', `/api/v1/citations?brandId=${a.id}&days=1`, { key: tenant.read });
        const byKey = new Map((cited.body.citations as Array<{ sourceUrl: string; normalizedUrl: string }>).map((c) => [c.normalizedUrl, c.sourceUrl]));
        expect(byKey.get('https://globex.example/plans')).toBe('https://globex.example/plans/?utm_source=chatgpt');
        expect(byKey.get('https://blog.example/compare')).toBe('https://blog.example/compare#top');
        expect([...byKey.keys()].some((k) => k.includes(')[2]('))).toBe(false);
      }),
    );

    // 4. Everything left (brand A's older answers, brand B), then nothing, then everything again by force.
    const rest = await sightline(env, ['reanalyze']);
    expect(rest.code, rest.stderr).toBe(0);
    expect(summaryOf(rest)).toMatchObject({ answers: 30, reanalyzed: 30, finished: true });
    const none = await sightline(env, ['reanalyze']);
    expect(summaryOf(none)).toMatchObject({ answers: 0, reanalyzed: 0, finished: true });
    const forced = await sightline(env, ['reanalyze', '--force', '--brand', a.id]);
    expect(summaryOf(forced)).toMatchObject({ answers: 60, reanalyzed: 60, changed: 0, force: true });
    await withDatabase((database) =>
      withApp(database, async ({ base }) => {
        const all = await call(base, 'GET', `/api/v1/competitors?brandId=${a.id}&days=30`, { key: tenant.read });
        expect(all.body.engineVersions).toEqual([{ version: ENGINE_VERSION, answers: 60 }]);
        const rollups = await rollupsAgainstAnswers(database.db, a.id);
        expect(rollups.stored).toEqual(rollups.recomputed);
      }),
    );
  });

  it('refuses bad input with one line and exit code 2', async () => {
    for (const [args, message] of [
      [['--since', 'notadate'], /--since "notadate" is not a date/],
      [['--since', '2026-02-30'], /--since "2026-02-30" is not a date/],
      [['--brand', 'acme'], /--brand "acme" is not a brand id/],
      [['--brand', randomUUID()], /no brand has this id/],
      [['--batch-size', '0'], /--batch-size must be an integer/],
    ] as const) {
      const result = await sightline(env, ['reanalyze', ...args]);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(message);
    }
  });

  it('killed with SIGKILL mid-way, resumes the same pass and reads every answer once', async () => {
    const brandId = await withDatabase((database) =>
      withApp(database, async ({ container }) => {
        const tenant: Tenant = await createTenant({ container });
        const brand = await container.services.brands.create({ accountId: tenant.accountId, userId: tenant.userId, tier: 'growth' }, { name: 'Acme', category: 'project tools' });
        await plantOldRun(container.db, tenant, brand, { count: 600, seed: 1_000 });
        return brand.id;
      }),
    );

    // Small batches, a short lease (the killed process's batch is taken over after it).
    const cliEnv = { ...env, JOB_LEASE: '1s' };
    const args = ['reanalyze', '--brand', brandId, '--batch-size', '3'];
    const killed = await sightline(cliEnv, args, (stderr, kill) => {
      const done = [...stderr.matchAll(/ (\d+)\/600 answers/g)].map((m) => Number(m[1]));
      if (done.some((n) => n > 0 && n < 600)) kill();
    });
    expect(killed.code).toBeNull(); // killed by the signal
    expect(killed.stdout).toBe('');

    const midway = await withDatabase(async (database) => {
      const [state] = rowsOf<{ read: number; done: number; pending: number }>(
        await database.db.execute(sql`
          select (select count(*)::int from answers where brand_id = ${brandId} and engine_version = ${ENGINE_VERSION}) as read,
                 coalesce(sum(b.answers) filter (where b.done_at is not null), 0)::int as done,
                 count(*) filter (where b.done_at is null)::int as pending
          from reanalysis_batches b join reanalysis_passes p on p.id = b.pass_id where p.brand_id = ${brandId}`),
      );
      return state!;
    });
    // Only whole batches were written: a batch cut short by the kill left nothing behind.
    expect(midway.read).toBe(midway.done);
    expect(midway.read).toBeGreaterThan(0);
    expect(midway.pending).toBeGreaterThan(0);

    const resumed = await sightline(cliEnv, args);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('resuming re-analysis pass');
    const summary = summaryOf(resumed);
    // The counts are the pass's: read once each across both processes, none twice.
    expect(summary).toMatchObject({ resumed: true, finished: true, answers: 600, answersDone: 600, reanalyzed: 600, skipped: 0, failed: 0, batches: 200, batchesFailed: 0 });

    await withDatabase(async (database) => {
      const [counts] = rowsOf<{ current: number; total: number; passes: number; left: number }>(
        await database.db.execute(sql`
          select count(*) filter (where engine_version = ${ENGINE_VERSION})::int as current, count(*)::int as total,
                 (select count(*)::int from reanalysis_passes where brand_id = ${brandId}) as passes,
                 (select count(*)::int from jobs where queue = 'scan.reanalyze' and status <> 'completed') as left
          from answers where brand_id = ${brandId}`),
      );
      expect(counts).toEqual({ current: 600, total: 600, passes: 1, left: 0 });
      const rollups = await rollupsAgainstAnswers(database.db, brandId);
      expect(rollups.stored).toEqual(rollups.recomputed);
      expect(rollups.stored.engines.map((r) => JSON.parse(r).answers)).toEqual([600]);
    });
  });
});
