/**
 * Two bars of issue 17 against a running Sightline (in this process, PGlite, simulator):
 *  1. @sightline/client adds ≤ 1 ms per call over a raw fetch of the same endpoint (median).
 *     Sequential calls, alternating blocks of raw fetch and client calls so background load hits
 *     both alike; endpoint GET /api/v1/brands/{id} with a v1 key whose limits are charged but out of reach (auth + limit + query),
 *     the client parsing JSON and typing as in real use, raw fetch parsing JSON too.
 *  2. MCP list_brands over stdio: p50 ≤ 20 ms (the SDK's Client; `sightline mcp` as a child process
 *     started from source with tsx; the figure is per call after the session is up).
 *
 *   npx tsx --conditions=@sightline/source bench/client.ts [--calls 800] [--mcp-calls 300]
 */
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createSightline } from '@sightline/client';
import { createTestContext } from '../test/support/app.js';
import { createTenant } from '../test/support/tenant.js';
import { fromRoot } from '../src/lib/paths.js';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '800' }, 'mcp-calls': { type: 'string', default: '300' }, block: { type: 'string', default: '50' } } });
const calls = Number(values.calls);
const mcpCalls = Number(values['mcp-calls']);
const block = Number(values.block);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ms = (n: number) => `${n.toFixed(3)} ms`;

// 0. The client's own CPU per call, without the network: both sides get the same canned answer
//    from a fetch that never leaves the process, so the difference is the client layer alone.
{
  const body = JSON.stringify({ brand: { id: 'b1', name: 'Bench Co', category: 'kettles' }, lastScan: null });
  const canned = async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  const offline = createSightline({ baseUrl: 'http://bench.invalid', apiKey: 'sk_test_bench', fetch: canned as typeof fetch });
  const rawOffline = async () => (await canned()).json();
  for (let i = 0; i < 2_000; i++) {
    await rawOffline();
    await offline.brands.get('b1');
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < 40; round++) {
    for (const [fn, into] of [[rawOffline, a], [() => offline.brands.get('b1'), b]] as const) {
      for (let i = 0; i < 250; i++) {
        const t = performance.now();
        await fn();
        into.push(performance.now() - t);
      }
    }
  }
  console.log(`client layer alone (no network), ${b.length} calls: raw p50 ${ms(median(a))}, client p50 ${ms(median(b))}, added ${ms(median(b) - median(a))}`);
}

const ctx = await createTestContext('pglite');
const base = await ctx.listen();
const tenant = await createTenant(ctx, 'scale');
// Limits charged as in real use, but out of reach: the bench measures latency, and the MCP calls
// that follow the HTTP rounds would otherwise meet the scale tier's 2 000-a-minute burst.
await ctx.container.services.accounts.setTier(tenant.accountId, 'enterprise', { hourly: 1e12, daily: 1e12, burstPerMinute: 1e12 });
const client = createSightline({ baseUrl: base, apiKey: tenant.write });
const { brand } = await client.brands.create({ name: 'Bench Co', category: 'kettles' });
const url = `${base}/api/v1/brands/${brand.id}`;
const headers = { authorization: `Bearer ${tenant.write}`, accept: 'application/json' };

const raw = async () => {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`raw ${res.status}`);
  return res.json();
};
const typed = () => client.brands.get(brand.id);

// Warm-up: JIT, connection pool, caches.
for (let i = 0; i < 100; i++) {
  await raw();
  await typed();
}

const rawTimes: number[] = [];
const clientTimes: number[] = [];
for (let done = 0; done < calls; done += block) {
  for (const [fn, into] of [[raw, rawTimes], [typed, clientTimes]] as const) {
    for (let i = 0; i < block; i++) {
      const t = performance.now();
      await fn();
      into.push(performance.now() - t);
    }
  }
}
const rawMedian = median(rawTimes);
const clientMedian = median(clientTimes);
console.log(`client vs raw fetch, ${rawTimes.length} calls each, GET /api/v1/brands/{id}:`);
console.log(`  raw fetch  p50 ${ms(rawMedian)}  p95 ${ms(pct(rawTimes, 0.95))}`);
console.log(`  client     p50 ${ms(clientMedian)}  p95 ${ms(pct(clientTimes, 0.95))}`);
console.log(`  overhead (p50 difference): ${ms(clientMedian - rawMedian)}  (bar ≤ 1 ms)`);

const mcp = new Client({ name: 'bench', version: '1.0.0' });
await mcp.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: ['--conditions=@sightline/source', '--import', 'tsx', fromRoot('src/main.ts'), 'mcp'],
    cwd: fromRoot('.'),
    env: { PATH: process.env.PATH ?? '', SIGHTLINE_URL: base, SIGHTLINE_API_KEY: tenant.write },
  }),
);
for (let i = 0; i < 30; i++) await mcp.callTool({ name: 'list_brands', arguments: {} });
const mcpTimes: number[] = [];
for (let i = 0; i < mcpCalls; i++) {
  const t = performance.now();
  const r = await mcp.callTool({ name: 'list_brands', arguments: {} });
  mcpTimes.push(performance.now() - t);
  if (r.isError) throw new Error(JSON.stringify(r.content));
}
console.log(`MCP list_brands over stdio, ${mcpCalls} calls: p50 ${ms(median(mcpTimes))}  p95 ${ms(pct(mcpTimes, 0.95))}  (bar p50 ≤ 20 ms)`);
await mcp.close();
await ctx.close();
