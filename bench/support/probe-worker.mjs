/**
 * A worker process for bench/probe-pipeline.ts (PostgreSQL): the job worker over one queue, as
 * `sightline worker` runs it. Plain JavaScript on purpose, so that with `dist` it runs under plain
 * `node` the code tsc compiled, as production does (`node dist/src/main.js worker`), without tsx's
 * loader and esbuild's keepNames helpers (`__name`); with `src` the parent starts it under
 * `--import tsx` to measure the TypeScript sources as sessions 1-5 did.
 *
 *   node bench/support/probe-worker.mjs dist|src <databaseUrl> <simulatorUrl> <concurrency>
 *
 * IPC with the parent: sends {type: 'ready'} once loaded (modules imported, the segmenter's
 * dictionary loaded), then answers
 *   {type: 'start'}                → starts the worker
 *   {type: 'cpu'}                  → {type: 'cpu', usage: process.cpuUsage(), mainThread: seconds}
 *   {type: 'profile-start'}        → {type: 'profile-started'}
 *   {type: 'profile-stop', file}   → writes a .cpuprofile, {type: 'profile-saved'}
 *   {type: 'stop'}                 → stops the worker, closes, exits 0
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

const [code = 'dist', databaseUrl = '', simulatorUrl = '', concurrency = '64'] = process.argv.slice(2);
if (code !== 'dist' && code !== 'src') throw new Error(`probe-worker.mjs: code must be dist or src, not ${code}`);
const base = new URL(code === 'dist' ? '../../dist/src/' : '../../src/', import.meta.url).href;
const load = (path) => import(`${base}${path}`);

const [{ loadConfig }, { createContainer }, { openDatabase }, { registerJobs }, { startWorker }, { createLogger }, { createAnalyzer }] =
  await Promise.all([
    load('config.js'),
    load('container.js'),
    load('db/client.js'),
    load('jobs/registry.js'),
    load('jobs/worker.js'),
    load('lib/logger.js'),
    load('analysis/index.js'),
  ]);

const log = createLogger({ level: 'silent' });
const database = await openDatabase({ databaseUrl, dataDir: '', poolSize: 20 });
const container = await createContainer({ config: loadConfig({ LOG_LEVEL: 'silent' }), log, database, simulatorUrl });
registerJobs(container);
// Once-per-process work before the clock, as in a long-running worker (bench/support/warm-up.ts).
createAnalyzer({ name: '石头', aliases: ['石头科技'] }, { competitors: [{ name: '科沃斯' }] }).analyze(
  '扫地机器人推荐：1. 石头 G20，吸力强；2. 科沃斯 X2，石头科技的对手。',
);

/** CPU seconds of this process's main thread (Linux /proc; the rest of process.cpuUsage() is V8's compiler and GC threads). */
function mainThreadSeconds() {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

let worker;
let profiler;
process.on('message', async (message) => {
  switch (message.type) {
    case 'start':
      worker = startWorker({ db: container.db, queue: container.queue, log, concurrency: Number(concurrency), pollMs: 20 });
      break;
    case 'cpu':
      // The bench reads the CPU when the clock starts and when it stops: with BENCH_WORKER_MARK set
      // this line separates warm-up from timed part in --trace-opt/--trace-deopt output.
      if (process.env.BENCH_WORKER_MARK) process.stdout.write('--- bench cpu sample ---\n');
      process.send({ type: 'cpu', usage: process.cpuUsage(), mainThread: mainThreadSeconds() });
      break;
    case 'profile-start':
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
      process.send({ type: 'profile-started' });
      break;
    case 'profile-stop': {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(message.file, JSON.stringify(profile));
      profiler.disconnect();
      process.send({ type: 'profile-saved' });
      break;
    }
    case 'stop':
      await worker?.stop(2_000);
      await container.close();
      await database.close();
      process.exit(0);
  }
});
process.send({ type: 'ready', code });
