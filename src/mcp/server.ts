/**
 * The Sightline MCP server: the tools of tools.ts, one resource per brand (its overview) and the
 * prompt "weekly visibility report". Transport-agnostic: `sightline mcp` connects it to stdio,
 * /api/v1/mcp to Streamable HTTP. Every failure is a tool error carrying the API envelope's
 * message; nothing a caller sends can end the session.
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { SightlineError } from '@sightline/client';
import { TOOLS, type ToolClients } from './tools.js';

export const MCP_SERVER_NAME = 'sightline';

/** The envelope's message (and code / request id, so a support ticket can quote them). */
export function toolError(error: unknown): CallToolResult {
  const text =
    error instanceof SightlineError
      ? `${error.message} (${error.code}${error.status ? `, HTTP ${error.status}` : ''}${error.requestId ? `, requestId ${error.requestId}` : ''})`
      : `Unexpected error: ${error instanceof Error ? error.message : String(error)}`;
  return { isError: true, content: [{ type: 'text', text }] };
}

function toolResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

export function createMcpServer(clients: ToolClients, version: string): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version });

  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: { readOnlyHint: tool.scope !== 'write', openWorldHint: false },
      },
      (async (args: unknown) => {
        try {
          return toolResult(await tool.run(args ?? {}, clients));
        } catch (error) {
          return toolError(error);
        }
      }) as never,
    );
  }

  server.registerResource(
    'brand-overview',
    new ResourceTemplate('sightline://brands/{brandId}', {
      list: async () => {
        const { brands } = await clients.v1.brands.list();
        return { resources: brands.map((b) => ({ uri: `sightline://brands/${b.id}`, name: `${b.name} overview`, mimeType: 'application/json' })) };
      },
    }),
    { title: 'Brand overview', description: 'A brand, its last scan and its 7-day visibility total.', mimeType: 'application/json' },
    async (uri, { brandId }) => {
      const id = String(brandId);
      const [detail, trend] = await Promise.all([clients.v1.brands.get(id), clients.v1.visibility({ brandId: id, days: 7 })]);
      const overview = { brand: detail.brand, lastScan: detail.lastScan, last7Days: (trend as { total?: unknown }).total ?? null };
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(overview) }] };
    },
  );

  server.registerPrompt(
    'weekly_visibility_report',
    {
      title: 'Weekly visibility report',
      description: "A report of a brand's AI visibility over the last 7 days: trend, competitors, citations, incidents.",
      argsSchema: { brandId: z.string().min(1).describe('The brand to report on (see list_brands).') },
    },
    ({ brandId }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text:
              `Write a weekly AI-visibility report for brand ${brandId}. Call visibility_trend (brandId ${brandId}, days 7), ` +
              `competitor_breakdown (days 7), citations (days 7) and sentinel_incidents. Report visibility with its sample size and ` +
              `95 % interval (say when the interval is too wide to conclude), the change over the week, which competitors gained ` +
              `share of voice on which platforms, the most cited sources, and open incidents. End with three concrete actions.`,
          },
        },
      ],
    }),
  );

  return server;
}
