/**
 * `sightline mcp`: the MCP server over stdio for AI assistants (Claude Desktop, Cursor, …). It is
 * a client of a running Sightline: SIGHTLINE_URL and SIGHTLINE_API_KEY (or --url / --api-key)
 * say which one and with which v1 key. stdout carries the protocol only; messages go to stderr.
 */
import { Command } from 'commander';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createSightline } from '@sightline/client';
import { ConfigError, readMcpClientConfig } from '../config.js';
import { buildInfo } from '../lib/build-info.js';
import { createMcpServer } from '../mcp/server.js';
import { MCP_RETRY } from '../mcp/clients.js';

export function mcpCommand(): Command {
  return new Command('mcp')
    .description('Serve the Sightline MCP tools over stdio (needs SIGHTLINE_URL and SIGHTLINE_API_KEY, a v1 key)')
    .option('--url <url>', 'the running Sightline (default: SIGHTLINE_URL)')
    .option('--api-key <key>', 'a v1 key sk_live_…/sk_test_… (default: SIGHTLINE_API_KEY; prefer the variable: arguments show in ps)')
    .action(async (options: { url?: string; apiKey?: string }) => {
      const env = readMcpClientConfig();
      const baseUrl = options.url ?? env.url;
      const apiKey = options.apiKey ?? env.apiKey;
      if (!baseUrl) throw new ConfigError('SIGHTLINE_URL', '', 'the URL of a running Sightline, e.g. http://localhost:3000');
      if (!apiKey) throw new ConfigError('SIGHTLINE_API_KEY', '', 'a v1 API key (sk_live_… or sk_test_…); create one with `sightline key create --type v1`');
      const v1 = createSightline({ baseUrl, apiKey, retry: MCP_RETRY });
      const anonymous = createSightline({ baseUrl, retry: MCP_RETRY });
      const server = createMcpServer({ v1, anonymous }, buildInfo().id);
      await server.connect(new StdioServerTransport());
      process.stderr.write(`sightline mcp: serving ${baseUrl} over stdio\n`);
    });
}
