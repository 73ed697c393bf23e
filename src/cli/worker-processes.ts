/**
 * `sightline worker --processes N`: N worker processes sharing one PostgreSQL queue, for
 * machines with more cores than one Node process can use. This process only supervises: it forks
 * `sightline worker` N times, restarts a child that dies (after a pause, so a crash loop does not
 * spin), and on SIGTERM/SIGINT passes the signal on and waits for every child to finish its jobs.
 * Jobs are claimed with SKIP LOCKED, so children never run the same job twice at once.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { Config } from '../config.js';
import type { Logger } from '../lib/logger.js';

const RESTART_DELAY_MS = 1_000;

export class ProcessesNeedPostgresError extends Error {
  constructor() {
    super('worker --processes N (N > 1) needs DATABASE_URL: the embedded database can be opened by one process only.');
    this.name = 'ProcessesNeedPostgresError';
  }
}

export function superviseWorkers(count: number, config: Config, log: Logger, script = process.argv[1]!): Promise<void> {
  if (!config.databaseUrl) throw new ProcessesNeedPostgresError();
  const children = new Set<ChildProcess>();
  let stopping = false;

  function spawnChild(index: number) {
    const child = fork(script, ['worker'], { stdio: 'inherit', env: { ...process.env } });
    children.add(child);
    log.info({ index, pid: child.pid }, 'worker process started');
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (stopping) return;
      log.error({ index, pid: child.pid, code, signal }, `worker process died; restarting it in ${RESTART_DELAY_MS / 1000} s`);
      setTimeout(() => !stopping && spawnChild(index), RESTART_DELAY_MS).unref();
    });
  }
  for (let i = 0; i < count; i++) spawnChild(i);

  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      log.info({ signal, processes: children.size }, 'stopping worker processes');
      if (children.size === 0) resolve();
      for (const child of children) {
        child.once('exit', () => children.size === 0 && resolve());
        child.kill(signal);
      }
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}
