/**
 * `sightline reanalyze [--since DATE] [--brand ID] [--force] [--batch-size N]`: re-reads stored
 * answers with the current analysis engine, so a customer's history improves with the engine.
 *
 * The work is durable jobs (`scan.reanalyze`, one per batch of answers, reanalysis.service.ts),
 * run by a worker in this process; on PostgreSQL, `sightline worker` processes share them. A
 * progress bar (answers done / total, rate) goes to stderr, one JSON summary to stdout. Stopped
 * (Ctrl+C) or killed part-way, the same command resumes the same pass: finished batches are not
 * read again. Exit code: 0 done, 1 some answers or batches failed, 2 bad input, 130 interrupted.
 */
import { Command } from 'commander';
import { readConfig } from '../config.js';
import { createContainer } from '../container.js';
import { runMigrations } from '../db/migrate.js';
import { DEFAULT_BATCH_SIZE, MAX_BATCH_SIZE, parseSince, type PassProgress } from '../features/scans/reanalysis.service.js';
import { ReanalyzeBatchJob } from '../features/scans/scans.jobs.js';
import { registerJobs } from '../jobs/registry.js';
import { startWorker } from '../jobs/worker.js';
import { DomainError } from '../lib/errors.js';
import { createLogger } from '../lib/logger.js';
import { sleep } from '../lib/time.js';
import { isUuid } from '../lib/uuid.js';
import { createPlatformRegistry } from '../platforms/registry.js';
import { createProgressBar } from './progress.js';

interface Options {
  since?: string;
  brand?: string;
  force?: boolean;
  batchSize?: string;
}

const POLL_MS = 250;
/** Batches one process writes at once on PostgreSQL (each is a transaction on its own connection). */
const MAX_PARALLEL_BATCHES = 4;

/** Bad input: one line on stderr, exit code 2, nothing on stdout. */
function usage(message: string): void {
  process.stderr.write(`sightline: ${message}\n`);
  process.exitCode = 2;
}

/** What the options say, or the message for the first bad one (checked before the database opens). */
function checked(options: Options): { since?: string; brandId?: string; force: boolean; batchSize: number } | string {
  const raw = options.batchSize ?? String(DEFAULT_BATCH_SIZE);
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_BATCH_SIZE) return `--batch-size must be an integer from 1 to ${MAX_BATCH_SIZE}, not ${JSON.stringify(raw.slice(0, 40))}`;
  if (options.since !== undefined) {
    try {
      parseSince(options.since);
    } catch {
      return `--since ${JSON.stringify(options.since.slice(0, 40))} is not a date: give a UTC day (2026-01-31) or an ISO 8601 instant (2026-01-31T08:00:00Z)`;
    }
  }
  if (options.brand !== undefined && !isUuid(options.brand.trim())) return `--brand ${JSON.stringify(options.brand.slice(0, 40))} is not a brand id (brand ids are UUIDs)`;
  return {
    ...(options.since !== undefined ? { since: options.since } : {}),
    ...(options.brand !== undefined ? { brandId: options.brand.trim().toLowerCase() } : {}),
    force: options.force === true,
    batchSize: Number(raw),
  };
}

function summary(p: PassProgress, extra: { resumed: boolean; finished: boolean; elapsedMs: number; answersPerSecond: number }) {
  return {
    passId: p.id,
    engineVersion: p.engineVersion,
    since: p.since?.toISOString() ?? null,
    brandId: p.brandId,
    force: p.force,
    resumed: extra.resumed,
    finished: extra.finished,
    answers: p.answers,
    answersDone: p.answersDone,
    reanalyzed: p.reanalyzed,
    changed: p.changed,
    skipped: p.skipped,
    failed: p.failed,
    batches: p.batches,
    batchesFailed: p.batchesFailed,
    elapsedMs: extra.elapsedMs,
    answersPerSecond: Math.round(extra.answersPerSecond * 10) / 10,
  };
}

export function reanalyzeCommand(): Command {
  return new Command('reanalyze')
    .description('Re-read stored answers with the current analysis engine (durable jobs; a re-run resumes): analyses, citation and competitor rows and daily rollups follow')
    .option('--since <date>', 'only answers stored from this UTC day (YYYY-MM-DD) or instant (ISO 8601) on')
    .option('--brand <id>', "only this brand's answers")
    .option('--force', 'also re-read answers already at the current engine version')
    .option('--batch-size <n>', `answers per job, 1 to ${MAX_BATCH_SIZE} (default ${DEFAULT_BATCH_SIZE})`)
    .action(async (options: Options) => {
      const input = checked(options);
      if (typeof input === 'string') return usage(input);
      const config = readConfig();
      const log = createLogger({ level: config.logLevel, fd: 2 });
      // Re-reading stored answers asks no platform: adapters are built but never called, so no
      // simulator is started even in simulate mode.
      const platforms = createPlatformRegistry({ ...config, platformsMode: 'live' });
      const container = await createContainer({ config, log, platforms });
      const { reanalysis } = container.services;
      let stopped = false;
      const onSignal = () => {
        // A second signal ends the process at once; the pass resumes on the next run either way.
        if (stopped) process.exit(130);
        stopped = true;
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      try {
        await runMigrations(container.database);
        registerJobs(container);
        let started: Awaited<ReturnType<typeof reanalysis.start>>;
        try {
          started = await reanalysis.start(input);
        } catch (error) {
          if (error instanceof DomainError && error.code === 'NOT_FOUND') return usage(`--brand ${input.brandId}: no brand has this id`);
          if (error instanceof DomainError) return usage(error.message);
          throw error;
        }
        const { pass, resumed } = started;
        if (resumed) process.stderr.write(`sightline: resuming re-analysis pass ${pass.id} (started ${pass.createdAt.toISOString()})\n`);
        const startedAt = Date.now();
        const bar = createProgressBar({ label: 'reanalyze', unit: 'answers', total: pass.answers });
        const worker = startWorker({
          db: container.db,
          queue: container.queue,
          log,
          only: [ReanalyzeBatchJob.name],
          concurrency: container.database.kind === 'pglite' ? 1 : Math.max(1, Math.min(MAX_PARALLEL_BATCHES, config.dbPoolSize - 1)),
          leaseMs: config.jobLeaseMs,
          pollMs: 100,
        });
        let progress = (await reanalysis.progress(pass.id))!;
        try {
          while (!progress.finishedAt && !stopped) {
            bar.update(progress.answersDone);
            await sleep(POLL_MS);
            progress = (await reanalysis.progress(pass.id))!;
          }
        } finally {
          // Finished: let the worker write its last completions. Stopped early: unfinished batches
          // go back to the queue (no attempt spent) for the next run.
          if (!stopped) await Promise.race([worker.drained(), sleep(5_000)]);
          await worker.stop(2_000);
        }
        progress = (await reanalysis.progress(pass.id))!;
        bar.finish(progress.answersDone);
        const finished = progress.finishedAt !== null;
        if (!finished) process.stderr.write('sightline: stopped; run the same command again to resume\n');
        const elapsedMs = Date.now() - startedAt;
        process.stdout.write(`${JSON.stringify(summary(progress, { resumed, finished, elapsedMs, answersPerSecond: bar.rate(progress.answersDone) }))}\n`);
        process.exitCode = !finished ? 130 : progress.batchesFailed > 0 || progress.failed > 0 ? 1 : 0;
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        await container.close();
      }
    });
}
