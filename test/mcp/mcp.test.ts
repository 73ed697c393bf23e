/**
 * The MCP server with the SDK's own Client over both transports against a running Sightline:
 * stdio (`sightline mcp` as a child process) and Streamable HTTP (/api/v1/mcp). Tool list and
 * schemas, every tool once, scopes as on REST, another tenant's brand, malformed arguments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { createTenant, type Tenant } from '../support/tenant.js';
import { fromRoot } from '../../src/lib/paths.js';

const TOOL_NAMES = [
  'list_brands', 'get_brand', 'create_brand', 'run_probe', 'probe_status', 'visibility_trend', 'competitor_breakdown',
  'citations', 'picker', 'authority', 'sentinel_incidents', 'suggest', 'free_check',
];

let ctx: TestContext;
let base: string;
let alice: Tenant;
let bob: Tenant;
let bobBrandId: string;

type Connect = (apiKey: string) => Promise<Client>;

const httpConnect: Connect = async (apiKey) => {
  const client = new Client({ name: 'sightline-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/v1/mcp`), { requestInit: { headers: { authorization: `Bearer ${apiKey}` } } }));
  return client;
};

/** `sightline mcp` from the source tree, the client package resolved to its source too. */
const stdioConnect: Connect = async (apiKey) => {
  const client = new Client({ name: 'sightline-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=@sightline/source', '--import', 'tsx', fromRoot('src/main.ts'), 'mcp'],
      cwd: fromRoot('.'),
      env: { PATH: process.env.PATH ?? '', SIGHTLINE_URL: base, SIGHTLINE_API_KEY: apiKey },
      stderr: 'pipe',
    }),
  );
  return client;
};

/** A tool's structured result; `T` is what the caller reads of it (unknown when it only compares the whole). */
const structured = <T = unknown>(r: unknown) => (r as CallToolResult).structuredContent as T;
const errorText = (r: unknown) => {
  const result = r as CallToolResult;
  expect(result.isError).toBe(true);
  return (result.content[0] as { text: string }).text;
};

beforeAll(async () => {
  ctx = await createTestContext('pglite', { afterRunDelayMs: 0 });
  ctx.startWorker();
  base = await ctx.listen();
  [alice, bob] = await Promise.all([createTenant(ctx), createTenant(ctx)]);
  const res = await fetch(`${base}/api/v1/brands`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bob.write}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bob Co', category: 'kettles' }),
  });
  bobBrandId = ((await res.json()) as { brand: { id: string } }).brand.id;
}, 120_000);
afterAll(() => ctx.close());

describe.each([
  ['Streamable HTTP', httpConnect],
  ['stdio', stdioConnect],
] as const)('MCP over %s', (_transport, connect) => {
  let writer: Client;
  let reader: Client;
  beforeAll(async () => {
    [writer, reader] = await Promise.all([connect(alice.write), connect(alice.read)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([writer?.close(), reader?.close()]);
  });

  it('lists the tools with JSON-schema inputs named as the v1 REST fields', async () => {
    const { tools } = await writer.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.run_probe!.inputSchema).toMatchObject({ type: 'object', required: ['brandId'], properties: { brandId: { type: 'string' }, platforms: { type: 'array' } } });
    expect(byName.create_brand!.inputSchema.required).toEqual(['name', 'category']);
    expect(byName.visibility_trend!.inputSchema.properties).toHaveProperty('days');
    expect(byName.sentinel_incidents!.inputSchema.properties!.severity).toMatchObject({ enum: ['low', 'medium', 'high', 'critical'] });
    expect(byName.create_brand!.annotations?.readOnlyHint).toBe(false);
  });

  it('calls every tool once', async () => {
    const created = structured<{ brand: { brandId: string } }>(await writer.callTool({ name: 'create_brand', arguments: { name: `Acme ${_transport}`, category: 'robot vacuum', competitors: ['Roborock'] } }));
    const brandId = created.brand.brandId as string;
    expect(created.brand).toMatchObject({ name: `Acme ${_transport}`, competitors: ['Roborock'] });
    expect(structured<{ brands: { brandId: string }[] }>(await writer.callTool({ name: 'list_brands', arguments: {} })).brands.map((b) => b.brandId)).toContain(brandId);
    expect(structured<{ brand: { brandId: string } }>(await writer.callTool({ name: 'get_brand', arguments: { brandId } })).brand.brandId).toBe(brandId);

    const probe = structured<{ runId: string }>(await writer.callTool({ name: 'run_probe', arguments: { brandId, platforms: ['deepseek'] } }));
    expect(probe.runId).toMatch(/^[0-9a-f-]{36}$/);
    let status: { status?: string; sampleSize?: number } = {};
    for (let i = 0; i < 200 && !['completed', 'partial', 'failed'].includes(status.status ?? ''); i++) {
      status = structured(await writer.callTool({ name: 'probe_status', arguments: { runId: probe.runId } }));
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toMatchObject({ runId: probe.runId, sampleSize: expect.any(Number), visibilityCi: expect.any(Array) });
    expect(status.sampleSize).toBeGreaterThan(0);

    const trend = structured<{ total: unknown; rows: unknown[] }>(await writer.callTool({ name: 'visibility_trend', arguments: { brandId, days: 7 } }));
    expect(trend.total).toMatchObject({ answers: expect.any(Number) });
    expect(trend.rows.length).toBeGreaterThan(0);
    expect(trend.rows[0]).toHaveProperty('visibilityCiLow');
    expect(structured<{ rows: unknown[] }>(await writer.callTool({ name: 'competitor_breakdown', arguments: { brandId } })).rows.length).toBeGreaterThan(0);
    expect(structured(await writer.callTool({ name: 'citations', arguments: { brandId, days: 7 } }))).toMatchObject({ windowDays: 7, total: expect.any(Number) });
    expect(structured(await writer.callTool({ name: 'picker', arguments: { brandId, limit: 5 } }))).toMatchObject({ brandId });
    expect(structured(await writer.callTool({ name: 'authority', arguments: { brandId } }))).toMatchObject({ brandId, sampleSize: expect.any(Number) });
    expect(structured(await writer.callTool({ name: 'sentinel_incidents', arguments: { brandId } }))).toMatchObject({ total: expect.any(Number) });
    expect(structured(await writer.callTool({ name: 'suggest', arguments: { brandId, content: 'Acme vacuums map every room.', intent: 'faq' } }))).toMatchObject({ brandId });
    const check = structured<{ summary: unknown[] }>(await writer.callTool({ name: 'free_check', arguments: { name: 'Acme', category: 'robot vacuum' } }));
    expect(check.summary.length).toBeGreaterThan(0);
  }, 120_000);

  it('refuses create_brand and run_probe for a read-scope key, as REST does', async () => {
    expect(errorText(await reader.callTool({ name: 'create_brand', arguments: { name: 'X', category: 'Y' } }))).toMatch(/lacks the "write" scope.*FORBIDDEN, HTTP 403/);
    expect(errorText(await reader.callTool({ name: 'run_probe', arguments: { brandId: bobBrandId } }))).toMatch(/write/);
    // Reads still work with the same key.
    expect(structured(await reader.callTool({ name: 'list_brands', arguments: {} }))).toHaveProperty('brands');
  });

  it("answers another tenant's brand as not found", async () => {
    expect(errorText(await writer.callTool({ name: 'get_brand', arguments: { brandId: bobBrandId } }))).toMatch(/not found/i);
    expect(errorText(await writer.callTool({ name: 'authority', arguments: { brandId: bobBrandId } }))).toMatch(/NOT_FOUND/);
  });

  it('answers malformed arguments as a tool error and keeps the session', async () => {
    expect(errorText(await writer.callTool({ name: 'get_brand', arguments: { brandId: 42 } }))).toMatch(/brandId/);
    expect(errorText(await writer.callTool({ name: 'suggest', arguments: { brandId: 'x', content: 'y', intent: 'poem' } }))).toMatch(/intent/);
    expect(errorText(await writer.callTool({ name: 'probe_status', arguments: { runId: 'not-a-run' } }))).toMatch(/HTTP (400|404)/);
    expect(structured(await writer.callTool({ name: 'list_brands', arguments: {} }))).toHaveProperty('count');
  });

  it('serves a resource per brand and the weekly report prompt', async () => {
    const { resources } = await writer.listResources();
    expect(resources.length).toBeGreaterThan(0);
    const first = resources[0]!;
    expect(first.uri).toMatch(/^sightline:\/\/brands\//);
    const read = await writer.readResource({ uri: first.uri });
    const overview = JSON.parse((read.contents[0] as { text: string }).text);
    expect(overview).toHaveProperty('brand.id');
    expect(overview).toHaveProperty('last7Days');
    const { prompts } = await writer.listPrompts();
    expect(prompts.map((p) => p.name)).toContain('weekly_visibility_report');
    const prompt = await writer.getPrompt({ name: 'weekly_visibility_report', arguments: { brandId: 'b-1' } });
    expect((prompt.messages[0]!.content as { text: string }).text).toContain('visibility_trend');
  });
});

describe('MCP over HTTP: the endpoint itself', () => {
  it('refuses a missing or bad key with 401 and GET with 405', async () => {
    const init = { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) };
    expect((await fetch(`${base}/api/v1/mcp`, init)).status).toBe(401);
    expect((await fetch(`${base}/api/v1/mcp`, { ...init, headers: { ...init.headers, authorization: `Bearer ${alice.legacy}` } })).status).toBe(401);
    expect((await fetch(`${base}/api/v1/mcp`, { headers: { authorization: `Bearer ${alice.read}` } })).status).toBe(405);
  });
});
