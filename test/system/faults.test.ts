/**
 * The fault suite (issue 13): two API processes and two workers, as real child processes, on
 * their own PostgreSQL database (reached through a TCP fault proxy) and their own throw-away
 * redis-server. Each fault must leave every process alive, every request answered within its
 * timeout (503 or the fallback limit, never 500), health 503 within 5 s of the fault and 200
 * within 5 s of recovery, and every probe complete with each task stored and charged once.
 * Runs when DATABASE_URL and REDIS_URL are set (CI) and redis-server is installed.
 *
 * It prints the measured figures (FAULT-FIGURES lines) that bench/README.md records.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createContainer, type Container } from '../../src/container.js';
import { runMigrations } from '../../src/db/migrate.js';
import { createLogger } from '../../src/lib/logger.js';
import { sleep } from '../../src/lib/time.js';
import { createPostgresDatabase, rowsOf } from '../support/db.js';
import { externalDatabaseUrl, externalRedisUrl, testConfig } from '../support/env.js';
import { call, createTenant } from '../support/tenant.js';
import { FaultProxy, freePort, logLines, startCountingPlatform, startProcess, ThrowAwayRedis, timeUntil, type Proc } from '../support/fault-harness.js';
import { startSimulator, type SimulatorHandle } from '../../src/platforms/simulator/index.js';

const hasRedisServer = (() => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const enabled = Boolean(externalDatabaseUrl && externalRedisUrl && hasRedisServer);

/**
 * FAULTS_BENCH=1 turns the "stopped" case into the issue's bar: 40 probes and a 20 s outage
 * (bench/README.md). The default keeps CI short: 4 probes, 8 s.
 */
const BENCH = process.env.FAULTS_BENCH === '1';
const figures: Record<string, number> = {};

describe.skipIf(!enabled)('faults: PostgreSQL and Redis going away under two APIs and two workers', () => {
  let drop: () => Promise<void>;
  let container: Container;
  let proxy: FaultProxy;
  let redis: ThrowAwayRedis;
  let simulator: SimulatorHandle;
  let platform: Awaited<ReturnType<typeof startCountingPlatform>>;
  let env: Record<string, string>;
  let apis: Proc[] = [];
  let workers: Proc[] = [];
  /** Processes the test stopped itself: their exit is expected. */
  const stoppedOnPurpose = new Set<Proc>();
  let probeKey = '';
  let brandId = '';
  const runIds: string[] = [];

  /** Every request has a time limit (this one unless said): a hang fails the test instead of stalling it. */
  const LIMIT_MS = 8_000;

  const health = async (api: Proc) => (await call(api.base!, 'GET', '/api/health', { timeoutMs: 6_000 })).status;
  const statusOf = async (api: Proc) => (await call(api.base!, 'GET', '/api/status', { timeoutMs: 6_000 })).body;

  function expectAllAlive() {
    for (const p of [...apis, ...workers]) {
      if (!stoppedOnPurpose.has(p)) expect({ name: p.name, exited: p.exited }).toEqual({ name: p.name, exited: undefined });
    }
  }

  async function triggerProbes(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await call(apis[i % apis.length]!.base!, 'POST', '/api/v1/probes', { key: probeKey, body: { brandId, platforms: ['deepseek', 'kimi'] }, timeoutMs: LIMIT_MS });
      expect(res.status).toBe(202);
      ids.push(res.body.runId);
    }
    runIds.push(...ids);
    return ids;
  }

  async function answersStored(ids: string[]): Promise<number> {
    const [row] = rowsOf<{ n: number }>(await container.db.execute(sql`select count(*)::int as n from answers where run_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`));
    return row!.n;
  }

  /** Every run finished, every task stored exactly once, each run charged once. */
  async function expectRunsExact(ids: string[], withinMs: number) {
    await timeUntil(async () => {
      const [row] = rowsOf<{ open: number }>(
        await container.db.execute(sql`select count(*)::int as open from scan_runs where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) and completed_at is null`),
      );
      return row!.open === 0;
    }, withinMs, 'every probe run finished');
    const runs = rowsOf<{ id: string; status: string; tasks_total: number; tasks_succeeded: number; charged_usd: string; n: number; distinct_tasks: number }>(
      await container.db.execute(sql`
        select r.id, r.status, r.tasks_total, r.tasks_succeeded, r.charged_usd::text,
               (select count(*)::int from answers a where a.run_id = r.id) as n,
               (select count(distinct (a.platform, a.prompt_hash))::int from answers a where a.run_id = r.id) as distinct_tasks
        from scan_runs r where r.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`),
    );
    expect(runs).toHaveLength(ids.length);
    for (const run of runs) {
      expect(run).toMatchObject({ status: 'completed', tasks_succeeded: run.tasks_total, n: run.tasks_total, distinct_tasks: run.tasks_total });
      expect(Number(run.charged_usd)).toBeGreaterThan(0);
    }
  }

  /**
   * Platform calls beyond one per stored answer, over the whole file: every successful call, of
   * any run (probes, a monitoring pass of the brand, a check), stores exactly one answer for its
   * task, so a question asked twice for one task is a call without an answer. Counted when no run
   * is open (a pass still in flight has made calls whose answers are not stored yet). Counting
   * since the start rather than in a window keeps a run created just before the window, whose
   * calls fall inside it, from looking like duplicates.
   */
  async function duplicateExecutions(): Promise<number> {
    await timeUntil(async () => {
      const [row] = rowsOf<{ open: number }>(await container.db.execute(sql`select count(*)::int as open from scan_runs where completed_at is null`));
      return row!.open === 0;
    }, 60_000, 'no run open');
    const stored = rowsOf<{ platform: string; prompt_text: string; answers: number }>(
      await container.db.execute(sql`select platform, prompt_text, count(*)::int as answers from answers where raw_text is not null group by platform, prompt_text`),
    );
    const answers = new Map(stored.map((t) => [`${t.platform}|${t.prompt_text}`, t.answers]));
    let extra = 0;
    for (const [task, calls] of platform.byTask()) extra += Math.max(0, calls - (answers.get(task) ?? 0));
    return extra;
  }

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    container = await createContainer({ config: testConfig({ DATABASE_URL: created.url }), log: createLogger({ level: 'silent' }), simulatorUrl: 'http://127.0.0.1:9' });
    await runMigrations(container.database);
    const target = new URL(created.url);
    proxy = new FaultProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    redis = new ThrowAwayRedis(await freePort());
    await redis.start();
    simulator = await startSimulator();
    platform = await startCountingPlatform(simulator.url, 150);
    const viaProxy = new URL(created.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    env = {
      DATABASE_URL: viaProxy.toString(),
      REDIS_URL: redis.url,
      // Live adapters against the counting front of a simulator: every execution is seen.
      PLATFORMS_MODE: 'live',
      DEEPSEEK_API_KEY: 'sk-fault-suite',
      DEEPSEEK_BASE_URL: `${platform.url}/deepseek/v1`,
      KIMI_API_KEY: 'sk-fault-suite',
      KIMI_BASE_URL: `${platform.url}/kimi/v1`,
      LOG_LEVEL: 'info',
      DB_CONNECT_TIMEOUT: '2s',
      DB_STATEMENT_TIMEOUT: '3s',
      DB_QUERY_TIMEOUT: '4s',
      // CI: a lease shorter than the outage, so the recovery grace is what prevents a takeover.
      // The bench keeps the default (15 s; still shorter than its 20 s outage): under 40 probes on
      // two cores a 6 s lease can lapse from CPU starvation alone, which is not what it measures.
      ...(BENCH ? {} : { JOB_LEASE: '6s' }),
      SHUTDOWN_TIMEOUT: '5s',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    };
    const ports = [await freePort(), await freePort()];
    [apis, workers] = await Promise.all([
      Promise.all(ports.map((port, i) => startProcess(`api-${i + 1}`, 'serve', { ...env, PORT: String(port) }))),
      Promise.all([1, 2].map((i) => startProcess(`worker-${i}`, 'worker', env))),
    ]);
    probeKey = (await createTenant({ container }, 'growth')).write;
    const brand = await call(apis[0]!.base!, 'POST', '/api/v1/brands', { key: probeKey, body: { name: '石头', category: '扫地机器人', competitors: ['科沃斯'] }, timeoutMs: LIMIT_MS });
    expect(brand.status).toBe(201);
    brandId = brand.body.brand.id;
  }, 120_000);

  afterAll(async () => {
    for (const p of [...apis, ...workers]) if (!p.exited) p.child.kill('SIGKILL');
    redis?.unpause();
    await redis?.stop();
    await proxy?.close();
    await platform?.close();
    await simulator?.close();
    await container?.close();
    await drop?.();
    process.stdout.write(`FAULT-FIGURES ${JSON.stringify(figures)}\n`);
    // The children's logs, for whoever reads a failure (CI keeps the temp directory's files if asked).
    const dir = mkdtempSync(join(tmpdir(), 'sightline-faults-'));
    for (const p of [...apis, ...workers]) writeFileSync(join(dir, `${p.name}.log`), p.out.join(''));
    process.stdout.write(`FAULT-LOGS ${dir}\n`);
  });

  async function outage(kind: 'stopped' | 'frozen', outageMs: number, probes = 4) {
    const ids = await triggerProbes(probes);
    await timeUntil(async () => (await answersStored(ids)) >= 5, 30_000, 'probes under way');
    const started = Date.now();
    if (kind === 'stopped') proxy.stop();
    else proxy.freeze();

    // Health turns 503 on both API processes within 5 s.
    const toUnhealthy = await Promise.all(apis.map((api) => timeUntil(async () => (await health(api)) === 503, 5_000, `${api.name} health 503`)));
    figures[`db_${kind}_health_503_ms`] = Math.max(...toUnhealthy);
    // A request answers 503 with Retry-After and the envelope, within its timeout: never 500, never a hang.
    for (const api of apis) {
      const res = await call(api.base!, 'GET', '/api/v1/brands', { key: probeKey, timeoutMs: LIMIT_MS });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(res.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(res.body.error.message).not.toMatch(/postgres|database|redis/i);
    }
    await sleep(Math.max(0, outageMs - (Date.now() - started)));
    proxy.resume();
    const recovered = Date.now();
    await Promise.all(apis.map((api) => timeUntil(async () => (await health(api)) === 200, 5_000, `${api.name} health 200`)));
    await timeUntil(async () => (await call(apis[0]!.base!, 'GET', '/api/v1/brands', { key: probeKey, timeoutMs: LIMIT_MS })).status === 200, 5_000, 'service back');
    figures[`db_${kind}_recovery_ms`] = Date.now() - recovered;
    await expectRunsExact(ids, 120_000);
    figures[`db_${kind}_probes`] = ids.length;
    figures[`db_${kind}_outage_ms`] = outageMs;
    figures[`db_${kind}_duplicate_task_runs`] = await duplicateExecutions();
    expect(figures[`db_${kind}_duplicate_task_runs`]).toBe(0);
    expectAllAlive();
    // One line per change of state, not one per failed query.
    for (const p of [...apis, ...workers]) {
      expect(logLines(p, 'database unreachable').length).toBeLessThanOrEqual(kind === 'stopped' ? 2 : 4);
      expect(p.out.join('')).not.toMatch(/params:/);
    }
  }

  it('PostgreSQL stopped for 8 s: 503s, health follows, probes finish exactly once', () => (BENCH ? outage('stopped', 20_000, 40) : outage('stopped', 8_000)), 240_000);

  it('PostgreSQL frozen for 8 s: nothing hangs past its timeout, then everything resumes', () => outage('frozen', 8_000), 120_000);

  async function expectFallbackLimits(api: Proc, key: string) {
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await call(api.base!, 'GET', '/api/v1/brands', { key, timeoutMs: 4_000 });
      expect(res.ms).toBeLessThan(2_500); // Redis's command timeout is 500 ms: nothing waits on it longer
      statuses.push(res.status);
    }
    // The free tier's burst of 20 per minute holds per process: exactly 20 pass, then 429, never 500.
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
  }

  it('Redis stopped: limits fall back to per-process counters, sign-in protection holds, status says so, then back', async () => {
    const { write, email } = await createTenant({ container }, 'free');
    await redis.stop();
    const api = apis[0]!;
    try {
      // Sign-in brute-force protection never switches off: 10 attempts per account per 15 minutes
      // (scrypt makes each refused password slow, so they run alongside the burst).
      const logins = Promise.all(
        Array.from({ length: 12 }, () => call(api.base!, 'POST', '/api/auth/login', { body: { email: `nobody-${email}`, password: 'wrong-password-1' }, timeoutMs: 40_000 }).then((r) => r.status)),
      );
      await expectFallbackLimits(api, write);
      const statuses = await logins;
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(2);
      await timeUntil(async () => (await statusOf(api)).redis?.limits === 'per_process', 5_000, 'status reports Redis degraded');
      expect((await statusOf(api)).status).toBe('degraded');
      expect(await health(api)).toBe(200); // the service works: degraded, not down
    } finally {
      await redis.start();
    }
    const back = Date.now();
    await Promise.all(apis.map((a) => timeUntil(async () => (await statusOf(a)).redis?.limits === 'shared', 5_000, `${a.name} Redis restored`)));
    figures.redis_stopped_recovery_ms = Date.now() - back;
    expect(logLines(api, 'Redis restored: rate limits shared again').length).toBeGreaterThanOrEqual(1);
    expectAllAlive();
  }, 90_000);

  it('Redis paused (SIGSTOP): no request waits on it, limits still hold, then back', async () => {
    const { write } = await createTenant({ container }, 'free');
    redis.pause();
    try {
      await expectFallbackLimits(apis[1]!, write);
    } finally {
      redis.unpause();
    }
    const back = Date.now();
    await timeUntil(async () => (await statusOf(apis[1]!)).redis?.limits === 'shared', 5_000, 'Redis shared again');
    figures.redis_paused_recovery_ms = Date.now() - back;
    expectAllAlive();
  }, 60_000);

  it('SIGTERM under load: a worker releases its jobs and an API process exits within the bound', async () => {
    const ids = await triggerProbes(4);
    await timeUntil(async () => (await answersStored(ids)) >= 5, 30_000, 'probes under way');
    const [worker] = workers;
    stoppedOnPurpose.add(worker!);
    const sent = Date.now();
    worker!.child.kill('SIGTERM');
    await timeUntil(async () => worker!.exited !== undefined, 6_000, 'worker exits within SHUTDOWN_TIMEOUT');
    figures.worker_sigterm_exit_ms = worker!.exited!.at - sent;
    expect(worker!.exited!.code).toBe(0);
    // Nothing left leased to the stopped worker: finished or handed back.
    const pid = worker!.child.pid!;
    const [held] = rowsOf<{ n: number }>(await container.db.execute(sql`select count(*)::int as n from jobs where status = 'active' and locked_by like ${`%:${pid}:%`}`));
    expect(held!.n).toBe(0);

    // An API process with requests in flight: stops accepting, answers or cuts them, exits in time.
    const api = apis[1]!;
    stoppedOnPurpose.add(api);
    const inFlight = Array.from({ length: 20 }, () => call(api.base!, 'GET', '/api/v1/brands', { key: probeKey, timeoutMs: LIMIT_MS }).then((r) => r.status, () => 0));
    await sleep(20);
    const apiSent = Date.now();
    api.child.kill('SIGTERM');
    await timeUntil(async () => api.exited !== undefined, 6_000, 'API exits within SHUTDOWN_TIMEOUT');
    figures.api_sigterm_exit_ms = api.exited!.at - apiSent;
    expect(api.exited!.code).toBe(0);
    for (const status of await Promise.all(inFlight)) expect([0, 200, 503]).toContain(status);

    // The remaining worker finishes everything, each task once.
    await expectRunsExact(ids, 60_000);
    expectAllAlive();
  }, 120_000);
});
