/**
 * A worker process for the probe crash test: a whole container (simulator included, answers
 * slowed down) and a job worker with a short lease. It reports each stored answer count on
 * stdout and keeps working until the test kills it with SIGKILL.
 * Usage: node --import tsx test/support/probe-worker.ts <databaseUrl|dataDir>
 */
import { sql } from 'drizzle-orm';
import { createContainer } from '../../src/container.js';
import { openDatabase } from '../../src/db/client.js';
import { registerJobs } from '../../src/jobs/registry.js';
import { startWorker } from '../../src/jobs/worker.js';
import { createLogger } from '../../src/lib/logger.js';
import { sleep } from '../../src/lib/time.js';
import { startSimulator } from '../../src/platforms/simulator/index.js';
import { testConfig } from './env.js';

const [location = ''] = process.argv.slice(2);
const database = await openDatabase(location.startsWith('postgres') ? { databaseUrl: location, dataDir: '' } : { dataDir: location });
const simulator = await startSimulator({ latencyMs: 120 });
const log = createLogger({ level: 'silent' });
const container = await createContainer({ config: testConfig(), log, database, simulatorUrl: simulator.url });
registerJobs(container);
startWorker({ db: container.db, queue: container.queue, log, leaseMs: 1_000, pollMs: 50, concurrency: 4 });
for (;;) {
  const result = await container.db.execute(sql`select count(*)::int as n from answers`);
  process.stdout.write(`stored ${(result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n}\n`);
  await sleep(50);
}
