/**
 * An extra worker process for bench/probe-pipeline.ts on PostgreSQL (several processes share one
 * queue, as production workers do). Prints "ready" once its worker runs; SIGTERM stops it.
 *   node --import tsx bench/support/probe-worker-process.ts <databaseUrl> <simulatorUrl> <concurrency>
 */
import { loadConfig } from '../../src/config.js';
import { createContainer } from '../../src/container.js';
import { openDatabase } from '../../src/db/client.js';
import { registerJobs } from '../../src/jobs/registry.js';
import { startWorker } from '../../src/jobs/worker.js';
import { createLogger } from '../../src/lib/logger.js';
import { warmUpAnalysis } from './warm-up.js';

const [databaseUrl = '', simulatorUrl = '', concurrency = '64'] = process.argv.slice(2);
const log = createLogger({ level: 'silent' });
const database = await openDatabase({ databaseUrl, dataDir: '', poolSize: 20 });
const container = await createContainer({ config: loadConfig({ LOG_LEVEL: 'silent' }), log, database, simulatorUrl });
registerJobs(container);
warmUpAnalysis();
const worker = startWorker({ db: container.db, queue: container.queue, log, concurrency: Number(concurrency), pollMs: 20 });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void worker.stop(2_000).then(() => container.close()).then(() => database.close()).then(() => process.exit(0)));
