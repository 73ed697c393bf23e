/**
 * The two servers of bench/http.ts, in their own process so the load generator does not share
 * their event loop: a bare Fastify hello-world and Sightline's app as `npm start` builds it
 * (LOG_LEVEL info, logs written to /dev/null). Prints their URLs as one JSON line.
 */
import Fastify from 'fastify';
import { createWriteStream } from 'node:fs';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createContainer } from '../../src/container.js';
import { openDatabase } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { createLogger } from '../../src/lib/logger.js';
import { startSimulator } from '../../src/platforms/simulator/index.js';

const bare = Fastify();
bare.get('/hello', async () => ({ hello: 'world' }));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

const config = loadConfig({ LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' });
const simulator = await startSimulator({ host: '127.0.0.1', port: 0 });
const database = await openDatabase({ dataDir: 'memory://' });
await runMigrations(database);
const log = createLogger({ level: config.logLevel, stream: createWriteStream('/dev/null') });
const container = await createContainer({ config, log, database, simulatorUrl: simulator.url });
const app = await buildApp(container);
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

process.stdout.write(`${JSON.stringify({ bareUrl, appUrl })}\n`);
process.on('SIGTERM', () => process.exit(0));
// bench/http.ts asks for this process's CPU time around each load phase.
process.on('message', () => process.send?.(process.cpuUsage()));
