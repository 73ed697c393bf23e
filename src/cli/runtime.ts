/**
 * Starting and stopping the long-running roles: `start` (API + worker + scheduler in one
 * process), `serve` (API only) and `worker` (jobs + scheduler). Shutdown on SIGTERM/SIGINT:
 * stop accepting, finish in-flight requests and the current jobs, close the database.
 */
import type { App } from '../http/types.js';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { createContainer, type Container } from '../container.js';
import { runMigrations } from '../db/migrate.js';
import { registerJobs } from '../jobs/registry.js';
import { scheduleMonitoring } from '../features/monitoring/monitoring.jobs.js';
import { startScheduler, type Scheduler } from '../jobs/scheduler.js';
import { startWorker, type Worker } from '../jobs/worker.js';
import { createLogger, type Logger } from '../lib/logger.js';
import { startSimulator } from '../platforms/simulator/index.js';

export type Role = 'start' | 'serve' | 'worker';

export interface Running {
  container: Container;
  app?: App;
  worker?: Worker;
  scheduler?: Scheduler;
  url?: string;
  stop(): Promise<void>;
}

export async function run(role: Role, config: Config, log: Logger = createLogger({ level: config.logLevel })): Promise<Running> {
  const simulator = config.platformsMode === 'simulate' ? await startSimulator({ host: '127.0.0.1', port: 0 }) : undefined;
  const container = await createContainer({ config, log, simulatorUrl: simulator?.url });
  const closers: Array<() => Promise<void>> = [];
  try {
    await runMigrations(container.database);
    registerJobs(container);
    const running: Running = { container, stop: async () => {} };
    if (role !== 'worker') {
      const app = await buildApp(container);
      running.url = await app.listen({ port: config.port, host: config.host });
      running.app = app;
      closers.push(() => app.close());
    }
    if (role !== 'serve') {
      await scheduleMonitoring(container.queue);
      const worker = startWorker({ db: container.db, queue: container.queue, log });
      const scheduler = startScheduler({ db: container.db, queue: container.queue, log });
      running.worker = worker;
      running.scheduler = scheduler;
      closers.push(() => scheduler.stop(), () => worker.stop());
    }
    running.stop = async () => {
      for (const close of closers) await close().catch((e: unknown) => log.error({ err: e }, 'shutdown step failed'));
      await container.close();
      await simulator?.close();
    };
    return running;
  } catch (error) {
    await container.close().catch(() => {});
    await simulator?.close();
    throw error;
  }
}

/** Stops cleanly once on SIGTERM/SIGINT; a second signal exits at once. */
export function stopOnSignals(running: Running, log: Logger) {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal }, 'shutting down');
    running.stop().then(
      () => {
        log.flush?.();
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
