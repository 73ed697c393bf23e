/**
 * Stored, analysed answers per second through the real probe pipeline: probe runs triggered
 * through the probes service (runs + one durable job per platform × prompt), then drained by the
 * real job worker (claim → platform call over HTTP to the simulator at zero latency, in its own
 * process → analysis → one-statement store with citations, mentions and rollups → finish check).
 * The rate is answers stored / wall time from worker start to the last run finished.
 *
 *   npx tsx bench/probe-pipeline.ts                      # embedded PGlite (temp data dir)
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/probe-pipeline.ts
 *   options: --runs 10 --warm-up-runs 0 --prompts 25 --concurrency 64 --workers 1 --processes 1
 *            --worker-code dist|src
 *            --cpu-prof FILE (a .cpuprofile of the (first) worker process over the timed part; bench/support/profile-summary.ts reads it)
 * On PostgreSQL every worker runs in its own process (`--processes N`, default 1), started with
 * plain `node` on the code tsc compiled into dist/src, as production runs `node dist/src/main.js
 * worker` (session 6; dist/src is rebuilt first if any src file is newer, see
 * support/dist-fresh.ts). `--worker-code src` runs the same worker processes under tsx from the
 * TypeScript sources, as sessions 1-5 measured (tsx adds esbuild's keepNames helpers, ~3 % of the
 * CPU). On PGlite the worker runs in this process (one process owns the data directory) from src.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { readConfig } from '../src/config.js';
import { PLATFORM_IDS } from '../src/platforms/index.js';
import { createContainer } from '../src/container.js';
import type { Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { sharedLocation } from '../test/support/db.js';
import { spawnSimulator } from './support/spawn-simulator.js';
import { cpuSecondsOf } from './support/process-cpu.js';
import * as accountsRepo from '../src/features/accounts/accounts.repo.js';
import { registerJobs } from '../src/jobs/registry.js';
import { startWorker } from '../src/jobs/worker.js';
import { createLogger } from '../src/lib/logger.js';
import { sleep } from '../src/lib/time.js';
import { loadConfig } from '../src/config.js';
import { warmUpAnalysis } from './support/warm-up.js';
import { ensureFreshDist } from './support/dist-fresh.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    /** Runs drained before the clock starts, so the figures are a warmed-up (JIT-compiled) worker's. */
    'warm-up-runs': { type: 'string', default: '0' },
    prompts: { type: 'string', default: '25' },
    concurrency: { type: 'string', default: '64' },
    workers: { type: 'string', default: '1' },
    processes: { type: 'string', default: '1' },
    /** dist: worker processes run the compiled code under plain node (production); src: under tsx. */
    'worker-code': { type: 'string', default: 'dist' },
    /** Writes a CPU profile of this (worker) process covering the timed part only. */
    'cpu-prof': { type: 'string' },
  },
});
const runsWanted = Number(values.runs);
const warmUpRuns = Number(values['warm-up-runs']);
const promptCount = Number(values.prompts);
const outer = readConfig();
const workerCode = values['worker-code'];
if (workerCode !== 'dist' && workerCode !== 'src') throw new Error(`--worker-code is dist or src, not ${workerCode}`);
/** PostgreSQL: every worker in its own process; PGlite: the worker in this process. */
const separate = Boolean(outer.databaseUrl);
if (separate && workerCode === 'dist') ensureFreshDist();
const log = createLogger({ level: 'silent' });

// A throw-away database: a fresh one on the DATABASE_URL server, or a temporary PGlite directory.
const place = await sharedLocation(outer.databaseUrl ? 'postgres' : 'pglite');
const database: Database = await place.open({ poolSize: 20 });
/** Worker child processes (`--processes`) connect here (PostgreSQL only). */
const dbUrl: string | undefined = outer.databaseUrl ? place.location : undefined;
const cleanup = place.cleanup;
await runMigrations(database);

const simulatorProcess = await spawnSimulator(0);
const simulatorUrl = simulatorProcess.url;

const container = await createContainer({ config: loadConfig({ LOG_LEVEL: 'silent' }), log, database, simulatorUrl });
registerJobs(container);
const { brands, probes, prompts } = container.services;

// One account, one brand with aliases and competitors, one pack of `promptCount` questions.
const account = await accountsRepo.insertAccount(container.db, 'scale');
const brand = await brands.create(
  { accountId: account.id, userId: null, tier: 'scale' },
  { name: '石头', category: '扫地机器人', aliases: ['Roborock', '石头科技'], competitors: ['科沃斯', '追觅', '云鲸', { name: 'iRobot', aliases: [] }] },
);
const categories = ['扫地机器人', '洗地机', '拖地机器人', '扫拖一体机', '智能家电'];
const pack = await prompts.createPack(account.id, {
  name: 'bench',
  prompts: Array.from({ length: promptCount }, (_, i) => ({
    text: `${categories[i % categories.length]}哪个牌子好？第${i + 1}问`,
    stage: 'awareness' as const,
    intent: 'recommendation' as const,
    locale: 'zh-CN' as const,
  })),
});
const runIds: string[] = [];
for (let i = 0; i < warmUpRuns + runsWanted; i++) {
  const { response } = await probes.trigger(account.id, { brandId: brand.id, platforms: [...PLATFORM_IDS], promptPackId: pack.id });
  runIds.push(response.runId);
}
const total = (warmUpRuns + runsWanted) * PLATFORM_IDS.length * promptCount;
// Once-per-process start-up work happens before the clock, as in a long-running worker: the
// Chinese segmenter's dictionary (about 0.2 s when run from src/ under tsx).
if (!separate) warmUpAnalysis();

// Worker processes (PostgreSQL): loaded (modules, the segmenter's dictionary) before the clock;
// they take jobs once told to start.
const processCount = separate ? Math.max(1, Number(values.processes)) : 0;
const children = await Promise.all(
  Array.from({ length: processCount }, async () => {
    const child = fork('bench/support/probe-worker.mjs', [workerCode, (database as { url?: string }).url ?? dbUrl!, simulatorUrl, String(values.concurrency)], {
      // BENCH_WORKER_NODE_ARGS: node flags for the worker processes only (e.g. --trace-deopt).
      execArgv: [...(workerCode === 'src' ? ['--import', 'tsx'] : []), ...(process.env.BENCH_WORKER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await reply(child, 'ready');
    return child;
  }),
);
/** The next message of `type` from a worker process. */
function reply(child: ChildProcess, type: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Record<string, unknown>) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number | null) => reject(new Error(`worker process exited (${code}) before '${type}'`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
/** A worker process's CPU (every thread, as process.cpuUsage() counts), in seconds. */
async function cpuOf(child: ChildProcess): Promise<NodeJS.CpuUsage & { mainThread: number }> {
  const answer = reply(child, 'cpu');
  child.send({ type: 'cpu' });
  const { usage, mainThread } = (await answer) as { usage: NodeJS.CpuUsage; mainThread: number };
  return { ...usage, mainThread };
}

/** This database's PostgreSQL backends (the pool opens more during the run: read again at the end). */
async function backendPids(): Promise<number[]> {
  if (database.kind !== 'postgres') return [];
  const result = await container.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`);
  return (result as unknown as { rows: Array<{ pid: number }> }).rows.map((r) => r.pid);
}

/** Where the clock and every CPU counter stood, and how many answers were stored. */
interface Snapshot {
  at: number;
  cpu: NodeJS.CpuUsage;
  answers: number;
  simulator: number;
  children: Array<NodeJS.CpuUsage & { mainThread: number }>;
  backends: Map<number, number>;
}
async function snapshot(answers: number): Promise<Snapshot> {
  return {
    at: performance.now(),
    cpu: process.cpuUsage(),
    answers,
    simulator: cpuSecondsOf(simulatorProcess.pid),
    children: await Promise.all(children.map(cpuOf)),
    backends: new Map((await backendPids()).map((pid) => [pid, cpuSecondsOf(pid)])),
  };
}

const profiler = values['cpu-prof'] && !separate ? new (await import('node:inspector/promises')).Session() : undefined;
async function startClock(answers: number): Promise<Snapshot> {
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  if (values['cpu-prof'] && children[0]) {
    const started = reply(children[0], 'profile-started');
    children[0].send({ type: 'profile-start' });
    await started;
  }
  return snapshot(answers);
}

// Without warm-up runs the clock starts with the worker; with them, once the warm-up runs are
// finished (jobs are claimed in enqueue order, so the measured runs' answers come after theirs;
// the figures count only answers stored after the clock started).
async function answersStored(): Promise<number> {
  const result = await container.db.execute(sql`select count(*)::int as n from answers`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}
let start = warmUpRuns === 0 ? await startClock(await answersStored()) : undefined;
const workers = separate
  ? []
  : Array.from({ length: Number(values.workers) }, () =>
      startWorker({ db: container.db, queue: container.queue, log, concurrency: Number(values.concurrency), pollMs: 20 }),
    );
for (const child of children) child.send({ type: 'start' });
let stored = 0;
for (;;) {
  const result = await container.db.execute(
    sql`select count(*) filter (where completed_at is not null)::int as done, (select count(*)::int from answers) as answers from scan_runs`,
  );
  const row = (result as unknown as { rows: Array<{ done: number; answers: number }> }).rows[0]!;
  stored = row.answers;
  if (start === undefined && row.done >= warmUpRuns) start = await startClock(stored);
  if (row.done >= warmUpRuns + runsWanted) break;
  await sleep(20);
}
const end = await snapshot(stored);
const begun = start!;
const seconds = (end.at - begun.at) / 1000;
const cpuSeconds = (end.cpu.user - begun.cpu.user + end.cpu.system - begun.cpu.system) / 1e6;
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  (await import('node:fs')).writeFileSync(values['cpu-prof']!, JSON.stringify(profile));
  profiler.disconnect();
}
if (values['cpu-prof'] && children[0]) {
  const saved = reply(children[0], 'profile-saved');
  children[0].send({ type: 'profile-stop', file: values['cpu-prof'] });
  await saved;
}
const simulatorCpu = end.simulator - begun.simulator;
const childUser = end.children.reduce((sum, u, i) => sum + (u.user - begun.children[i]!.user) / 1e6, 0);
const childSystem = end.children.reduce((sum, u, i) => sum + (u.system - begun.children[i]!.system) / 1e6, 0);
const childMain = end.children.reduce((sum, u, i) => sum + u.mainThread - begun.children[i]!.mainThread, 0);
const childCpu = end.children.map((u, i) => (u.user + u.system - begun.children[i]!.user - begun.children[i]!.system) / 1e6);
/** Separate worker processes: theirs only (this process just triggers and polls); else this process's. */
const workersCpu = separate ? childCpu.reduce((sum, s) => sum + s, 0) : cpuSeconds;
const postgresCpu = [...end.backends].reduce((sum, [pid, s]) => sum + s - (begun.backends.get(pid) ?? 0), 0);
const measured = end.answers - begun.answers;
await Promise.all(workers.map((w) => w.stop(2_000)));
await Promise.all(children.map(async (c) => { c.send({ type: 'stop' }); await once(c, 'exit'); }));

const check = (await container.db.execute(sql`
  select (select count(*)::int from answers) as answers,
         (select count(*)::int from answers where error_kind is not null) as failed,
         (select coalesce(sum(answers), 0)::int from answer_daily_rollups) as rolled,
         (select count(*)::int from scan_runs where status = 'completed') as completed`)) as unknown as {
  rows: Array<{ answers: number; failed: number; rolled: number; completed: number }>;
};
const stats = check.rows[0]!;
const rate = measured / seconds;
const bar = database.kind === 'postgres' ? 1_000 : 300;
console.log(
  JSON.stringify({ store: database.kind, runs: runsWanted, warmUpRuns, platforms: PLATFORM_IDS.length, prompts: promptCount, expected: total, ...stats, measured, seconds: Number(seconds.toFixed(2)) }),
);
const load = (await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(
  `worker CPU (${separate ? `${children.length} process${children.length > 1 ? 'es' : ''}, ${workerCode}` : 'this process, src'}): ${workersCpu.toFixed(2)} s = ${((workersCpu * 1000) / measured).toFixed(2)} ms per answer (${Math.round(measured / workersCpu)} answers per CPU-second); load average ${load}`,
);
const perAnswer = (s: number) => `${((s * 1000) / measured).toFixed(2)} ms`;
if (children.length > 1) console.log(`worker processes' CPU: ${childCpu.map((s) => `${s.toFixed(2)} s`).join(', ')}`);
if (separate) {
  console.log(
    `worker CPU split per answer: user ${perAnswer(childUser)}, system ${perAnswer(childSystem)}; main thread ${perAnswer(childMain)}, V8 helper threads (compiler, GC) ${perAnswer(workersCpu - childMain)}; bench process (triggers, polls): ${cpuSeconds.toFixed(2)} s`,
  );
}
console.log(
  `CPU per answer: worker${children.length > 1 ? 's (all processes)' : ''} ${perAnswer(workersCpu)}, simulator ${perAnswer(simulatorCpu)}` +
    (database.kind === 'postgres' ? `, PostgreSQL ${perAnswer(postgresCpu)}` : '') +
    `; all ${perAnswer(workersCpu + simulatorCpu + postgresCpu)} (the machine has ${(await import('node:os')).availableParallelism()} cores)`,
);
console.log(`${database.kind}: ${measured} answers in ${seconds.toFixed(2)} s = ${Math.round(rate)} stored analysed answers/s (bar ≥ ${bar}/s): ${rate >= bar && stats.answers === total && stats.rolled === total - stats.failed ? 'PASS' : 'FAIL'}`);

await container.close();
await database.close();
simulatorProcess.stop();
await cleanup();
process.exit(rate >= bar ? 0 : 1);
