/**
 * A whole Sightline for a test: a throw-away database (PGlite or PostgreSQL), the platform
 * simulator on a loopback port, the container, and the Fastify app (not listening unless asked).
 */
import type { Config } from '../../src/config.js';
import { buildApp } from '../../src/app.js';
import { createContainer, type Container } from '../../src/container.js';
import type { DatabaseKind } from '../../src/db/client.js';
import type { App } from '../../src/http/types.js';
import { registerJobs } from '../../src/jobs/registry.js';
import { startWorker, type Worker } from '../../src/jobs/worker.js';
import { createLogger } from '../../src/lib/logger.js';
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from '../../src/platforms/simulator/index.js';
import type { PlatformRegistry } from '../../src/platforms/types.js';
import { createTestDatabase } from './db.js';
import { testConfig } from './env.js';

export interface TestContext {
  container: Container;
  app: App;
  /** The platform simulator (request counts per platform, faults at run time). */
  simulator: SimulatorHandle;
  /** Start a job worker in this process (most HTTP tests do not need one). */
  startWorker(): Worker;
  /** Listen on an ephemeral loopback port; returns the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface TestContextOptions {
  env?: Record<string, string>;
  config?: Config;
  simulator?: SimulatorOptions;
  platforms?: PlatformRegistry;
  /** Register extra routes before the app is readied (error-handling tests). */
  beforeReady?: (app: App) => void | Promise<void>;
  /** Delay before a finished run's after-run job may start (default: the production 10 s). */
  afterRunDelayMs?: number;
}

export async function createTestContext(kind: DatabaseKind, options: TestContextOptions = {}): Promise<TestContext> {
  const config = options.config ?? testConfig(options.env);
  const log = createLogger({ level: 'silent' });
  const database = await createTestDatabase(kind);
  const simulator = await startSimulator({ host: '127.0.0.1', port: 0, ...options.simulator });
  const container = await createContainer({
    config,
    log,
    database,
    simulatorUrl: simulator.url,
    ...(options.platforms ? { platforms: options.platforms } : {}),
    ...(options.afterRunDelayMs !== undefined ? { afterRunDelayMs: options.afterRunDelayMs } : {}),
  });
  registerJobs(container);
  const app = await buildApp(container);
  await options.beforeReady?.(app);
  await app.ready();
  const workers: Worker[] = [];
  return {
    container,
    app,
    simulator,
    startWorker() {
      const worker = startWorker({ db: container.db, queue: container.queue, log, pollMs: 20 });
      workers.push(worker);
      return worker;
    },
    async listen() {
      return app.listen({ port: 0, host: '127.0.0.1' });
    },
    async close() {
      await Promise.all(workers.map((w) => w.stop(2_000)));
      await app.close();
      await container.close();
      await database.close();
      await simulator.close();
    },
  };
}
