/**
 * Starting and stopping the long-running roles: `start` (API + worker + scheduler in one
 * process), `serve` (API only) and `worker` (jobs + scheduler). Shutdown on SIGTERM/SIGINT is
 * bounded by SHUTDOWN_TIMEOUT (10 s): the API stops accepting and gives in-flight requests until
 * the bound, then cuts what is left; the worker stops claiming, gives its jobs until the bound,
 * then releases the unfinished ones to the queue; then the database closes. A process that is
 * still not done at the bound (a stalled close) exits anyway.
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
import { openDatabase, type Database } from '../db/client.js';
import { sleep } from '../lib/time.js';

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
  /** Every step gets what is left of the bound; all run at once (API and worker drain together). */
  const closers: Array<(deadline: number) => Promise<void>> = [];
  let control: Database | undefined;
  try {
    await runMigrations(container.database);
    registerJobs(container);
    const monitor = container.monitors.database;
    // Ping while up too: an outage shows in health within seconds even without traffic.
    monitor.start();
    container.monitors.redis?.start();
    const running: Running = { container, stop: async () => {} };
    if (role !== 'worker') {
      const app = await buildApp(container);
      running.url = await app.listen({ port: config.port, host: config.host });
      running.app = app;
      closers.push((deadline) => closeApp(app, deadline, log));
    }
    if (role !== 'serve') {
      await scheduleMonitoring(container.queue);
      // Claims, heartbeats and completions on their own two connections: job work filling the
      // main pool can never starve the heartbeats that keep leases alive.
      control = config.databaseUrl ? await openControlDatabase(config, monitor.reportFailure) : undefined;
      const worker = startWorker({
        db: container.db,
        controlDb: control?.db ?? container.db,
        queue: container.queue,
        log,
        monitor,
        concurrency: config.workerConcurrency,
        leaseMs: config.jobLeaseMs,
      });
      const scheduler = startScheduler({ db: container.db, queue: container.queue, log, monitor });
      running.worker = worker;
      running.scheduler = scheduler;
      closers.push(
        (deadline) => bounded(scheduler.stop(), deadline),
        (deadline) => worker.stop(Math.max(0, deadline - Date.now())),
      );
    }
    running.stop = async () => {
      const deadline = Date.now() + config.timeouts.shutdownMs - CLOSE_RESERVE_MS;
      await Promise.all(closers.map((close) => close(deadline).catch((e: unknown) => log.error({ err: e }, 'shutdown step failed'))));
      await bounded(container.close(), Date.now() + CLOSE_RESERVE_MS / 2);
      await bounded(control?.close() ?? Promise.resolve(), Date.now() + 200);
      await simulator?.close();
    };
    return running;
  } catch (error) {
    await container.close().catch(() => {});
    await control?.close().catch(() => {});
    await simulator?.close();
    throw error;
  }
}

/** Kept from the bound for closing pools and flushing the log after requests and jobs. */
const CLOSE_RESERVE_MS = 1_000;
const CONTROL_POOL_SIZE = 2;

function openControlDatabase(config: Config, onConnectionError: (error: Error) => void): Promise<Database> {
  const t = config.timeouts;
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: '',
    poolSize: CONTROL_POOL_SIZE,
    applicationName: 'sightline-queue',
    timeouts: { statementMs: t.dbStatementMs, queryMs: t.dbQueryMs, connectMs: t.dbConnectMs, lockMs: t.dbLockMs },
    onConnectionError,
  });
}

/** Waits for a step until the deadline at most; a step still running after it is left behind. */
async function bounded(step: Promise<unknown>, deadline: number): Promise<void> {
  await Promise.race([step.catch(() => {}), sleep(Math.max(0, deadline - Date.now()))]);
}

/**
 * Stops accepting at once (new connections refused; keep-alive requests answered 503 by
 * Fastify's return503OnClosing), lets in-flight requests finish until the deadline, then cuts
 * the connections still open so close() can return.
 */
async function closeApp(app: App, deadline: number, log: Logger): Promise<void> {
  const closing = app.close();
  const inTime = await Promise.race([closing.then(() => true), sleep(Math.max(0, deadline - Date.now())).then(() => false)]);
  if (!inTime) {
    log.warn('requests still in flight at the shutdown bound; closing their connections');
    app.server.closeAllConnections();
    await bounded(closing, Date.now() + 500);
  }
}

/** Stops cleanly once on SIGTERM/SIGINT, within the shutdown bound; a second signal exits at once. */
export function stopOnSignals(running: Running, log: Logger, boundMs = running.container.config.timeouts.shutdownMs) {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal, boundMs }, 'shutting down');
    // The last resort: whatever still holds the process at the bound, it ends.
    setTimeout(() => {
      log.error({ boundMs }, 'shutdown did not finish within its bound; exiting');
      log.flush?.();
      process.exit(1);
    }, boundMs).unref();
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
