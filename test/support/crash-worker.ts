/**
 * A worker process for the crash-recovery test: it runs the `test.crashable` job, records its
 * side effect, says so on stdout, then hangs until the test kills it with SIGKILL.
 * Usage: node --import tsx test/support/crash-worker.ts <databaseUrl|dataDir> <leaseMs>
 */
import { openDatabase } from '../../src/db/client.js';
import { JobQueue } from '../../src/jobs/queue.js';
import { startWorker } from '../../src/jobs/worker.js';
import { createLogger } from '../../src/lib/logger.js';
import { crashableJob } from './crashable-job.js';

const [location = '', leaseMs = '1000'] = process.argv.slice(2);
const database = await openDatabase(
  location.startsWith('postgres') ? { databaseUrl: location, dataDir: '' } : { dataDir: location },
);
const queue = new JobQueue(database.db);
queue.register(
  crashableJob(database.db, async () => {
    process.stdout.write('effect-recorded\n');
    await new Promise(() => {}); // hang: the parent kills us mid-job
  }),
);
startWorker({ db: database.db, queue, log: createLogger({ level: 'silent' }), leaseMs: Number(leaseMs), pollMs: 50 });
