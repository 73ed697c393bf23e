/**
 * Free check latency: POST /api/check/run over real HTTP (3 platforms × 3 questions in
 * parallel, run + 9 answers stored) with the simulator at a fixed 300 ms per answer, in its own
 * process. Bar: every platform answers in ≥ 300 ms, so the request must take ≤ 350 ms
 * (slowest platform + 50 ms). Sequential requests, each from its own client address
 * (TRUST_PROXY + X-Forwarded-For) so the 5-per-IP limit does not interfere.
 *
 *   npx tsx bench/free-check.ts [--requests 30]
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/free-check.ts
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { loadConfig, readConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import type { Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { sharedLocation } from '../test/support/db.js';
import { spawnSimulator } from './support/spawn-simulator.js';
import { createLogger } from '../src/lib/logger.js';

const LATENCY_MS = 300;
const { values } = parseArgs({ options: { requests: { type: 'string', default: '30' } } });
const outer = readConfig();
const log = createLogger({ level: 'silent' });

// A throw-away database: a fresh one on the DATABASE_URL server, or a temporary PGlite directory.
const place = await sharedLocation(outer.databaseUrl ? 'postgres' : 'pglite');
const database: Database = await place.open();
const cleanup = place.cleanup;
await runMigrations(database);

const simulator = await spawnSimulator(LATENCY_MS);
const simulatorUrl = simulator.url;

const container = await createContainer({ config: loadConfig({ LOG_LEVEL: 'silent', TRUST_PROXY: 'true' }), log, database, simulatorUrl });
const app = await buildApp(container);
const base = await app.listen({ port: 0, host: '127.0.0.1' });

let ip = 0;
async function once_(brand: string): Promise<number> {
  ip += 1;
  const start = performance.now();
  const res = await fetch(`${base}/api/check/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}` },
    body: JSON.stringify({ brand_name: brand, industry: '扫地机器人', competitors: ['科沃斯', '追觅'] }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`free check answered ${res.status}`);
  return performance.now() - start;
}

for (let i = 0; i < 5; i++) await once_('warm-up'); // JIT, connection pools
const times: number[] = [];
for (let i = 0; i < Number(values.requests); i++) times.push(await once_(i % 2 ? '石头' : 'Roborock'));
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
const bar = LATENCY_MS + 50;
const p50 = pct(50);
const p95 = pct(95);
console.log(
  `${database.kind}: ${times.length} free checks, simulator ${LATENCY_MS} ms per answer: ` +
    `min ${times[0]!.toFixed(1)} ms, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms ` +
    `(overhead p50 ${(p50 - LATENCY_MS).toFixed(1)} ms, p95 ${(p95 - LATENCY_MS).toFixed(1)} ms; bar p95 ≤ ${bar} ms): ${p95 <= bar ? 'PASS' : 'FAIL'}`,
);

await app.close();
await container.close();
await database.close();
simulator.stop();
await cleanup();
process.exit(p95 <= bar ? 0 : 1);
