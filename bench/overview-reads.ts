/**
 * The overview's data reads for a brand with 90 days of history (the browser test's seed: 8
 * platforms × 8 prompts × 90 days, 2 of 8 prompts branded), on PGlite, through the dashboard
 * service as the routes call it: what the headline row adds to the reads the overview already
 * made. Compare ratios within one run (the shared machine is noisy).
 *
 *   npx tsx bench/overview-reads.ts [--runs 30]
 */
import { parseArgs } from 'node:util';
import { createTestContext } from '../test/support/app.js';
import { createTenant } from '../test/support/tenant.js';
import { seedHistory } from '../test/support/history.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' } } });
const runs = Number(values.runs);
const ctx = await createTestContext('pglite');
const tenant = await createTenant(ctx, 'growth');
const brand = await ctx.container.services.brands.create({ accountId: tenant.accountId, userId: tenant.userId, tier: 'growth' }, { name: 'History Coffee', category: 'coffee' });
const stored = await seedHistory(ctx.container, { accountId: tenant.accountId }, brand, 90);
const { dashboard } = ctx.container.services;
const a = tenant.accountId;

const cases: Record<string, () => Promise<unknown>> = {
  'timeseries (unbranded)': () => dashboard.timeseries(a, brand.id, 90, 'unbranded'),
  'competitors/breakdown': () => dashboard.competitors(a, brand.id, 90),
  'prompts/breakdown': () => dashboard.prompts(a, brand.id, 90),
  aida: () => dashboard.aida(a, brand.id, 90),
  sentiment: () => dashboard.sentiment(a, brand.id, 90),
  headline: () => dashboard.headline(a, brand.id, 90),
};
const p50 = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let i = 0; i < 5; i++) for (const run of Object.values(cases)) await run();
// Interleaved rounds: every read sees the same machine load.
for (let i = 0; i < runs; i++) {
  for (const [name, run] of Object.entries(cases)) {
    const t = performance.now();
    await run();
    times[name]!.push(performance.now() - t);
  }
}
console.log(`${stored} answers over 90 days; ${runs} interleaved rounds after 5 warm-ups (PGlite, in process)`);
const others = Object.keys(cases).filter((k) => k !== 'headline').reduce((s, k) => s + p50(times[k]!), 0);
for (const name of Object.keys(cases)) console.log(`${name.padEnd(24)} p50 ${p50(times[name]!).toFixed(1)} ms`);
console.log(`headline / sum of the other five reads (p50): ${(p50(times.headline!) / others).toFixed(2)}`);
await ctx.close();
