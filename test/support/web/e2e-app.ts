/**
 * A whole Sightline listening on loopback for browser tests: throw-away PGlite database, the
 * platform simulator, a job worker (probes, webhook deliveries), webhooks trusting the local test
 * receiver's certificate, and the dashboard Vite built into dist/web (once per run: test/support/web/build-dashboard.ts).
 */
import { buildApp } from '../../../src/app.js';
import { createContainer, type Container } from '../../../src/container.js';
import type { App } from '../../../src/http/types.js';
import { registerJobs } from '../../../src/jobs/registry.js';
import { startWorker, type Worker } from '../../../src/jobs/worker.js';
import { createLogger } from '../../../src/lib/logger.js';
import { startSimulator } from '../../../src/platforms/simulator/index.js';
import { createTestDatabase } from '../db.js';
import { testConfig } from '../env.js';
import { testCertificate } from '../webhook-receiver.js';

export interface E2eServer {
  baseUrl: string;
  container: Container;
  app: App;
  close(): Promise<void>;
}

/** `env` overrides settings (e.g. a slow retry schedule, so a failing webhook's next retry can be read). */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const config = testConfig({ SUPPORT_EMAIL: 'support@sightline.test', WEBHOOK_RETRY_DELAYS: '1s,1s,1s,1s,1s', ...env });
  const log = createLogger({ level: process.env.E2E_LOG ?? 'silent' });
  const database = await createTestDatabase('pglite');
  const simulator = await startSimulator({ host: '127.0.0.1', port: 0 });
  const { cert } = testCertificate();
  const container = await createContainer({
    config,
    log,
    database,
    simulatorUrl: simulator.url,
    webhooks: { agentOptions: { ca: cert }, timeoutMs: 5_000 },
  });
  registerJobs(container);
  const app = await buildApp(container);
  await app.ready();
  const worker: Worker = startWorker({ db: container.db, queue: container.queue, log, pollMs: 20 });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl,
    container,
    app,
    async close() {
      await worker.stop(2_000);
      await app.close();
      await container.close();
      await database.close();
      await simulator.close();
    },
  };
}
