/**
 * Dashboard queries over 90 days for the brand made by bench/generate-answers.ts (1 M answers):
 * timeseries, competitors breakdown and prompts breakdown, each called through the dashboard
 * service exactly as the route handlers call it (brand ownership check + rollup queries + metric
 * functions), on PostgreSQL. Bar: p50 ≤ 50 ms each.
 *
 *   npx tsx bench/generate-answers.ts --url postgresql://postgres@127.0.0.1:5432/postgres
 *   npx tsx bench/dashboard.ts --url postgresql://postgres@127.0.0.1:5432/sightline_bench_dashboard [--runs 50]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { createLogger } from '../src/lib/logger.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'postgresql://postgres@127.0.0.1:5432/sightline_bench_dashboard' },
    runs: { type: 'string', default: '50' },
    days: { type: 'string', default: '90' },
  },
});
const runs = Number(values.runs);
const days = Number(values.days);

const client = new pg.Client({ connectionString: values.url });
await client.connect();
const found = (await client.query(`select b.id, b.account_id, (select count(*) from answers a where a.brand_id = b.id)::int as n from brands b order by n desc limit 1`)).rows[0];
await client.end();
if (!found) throw new Error('no brand: run bench/generate-answers.ts first');

const config = loadConfig({ DATABASE_URL: values.url!, LOG_LEVEL: 'silent', PLATFORMS_MODE: 'simulate' });
// No platform is called here; the registry only needs an address for its simulated adapters.
const container = await createContainer({ config, log: createLogger({ level: 'silent' }), simulatorUrl: 'http://127.0.0.1:9' });
const { dashboard } = container.services;

const cases: Record<string, () => Promise<unknown>> = {
  'visibility/timeseries': () => dashboard.timeseries(found.account_id, found.id, days),
  'competitors/breakdown': () => dashboard.competitors(found.account_id, found.id, days),
  'prompts/breakdown': () => dashboard.prompts(found.account_id, found.id, days),
};

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
let pass = true;
console.log(`brand ${found.id}: ${found.n} answers, window ${days} days, ${runs} runs per query (after 5 warm-ups)`);
for (const [name, run] of Object.entries(cases)) {
  for (let i = 0; i < 5; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p50 = pct(times, 50);
  pass &&= p50 <= 50;
  console.log(`${name.padEnd(24)} p50 ${p50.toFixed(1)} ms  p95 ${pct(times, 95).toFixed(1)} ms  max ${times.at(-1)!.toFixed(1)} ms`);
}
console.log(pass ? 'PASS (p50 ≤ 50 ms for all three)' : 'FAIL (a p50 above 50 ms)');
await container.close();
process.exit(pass ? 0 : 1);
