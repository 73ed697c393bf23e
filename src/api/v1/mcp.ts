/**
 * POST /api/v1/mcp — the MCP server over Streamable HTTP, stateless (a fresh server per request,
 * JSON answers, no session or SSE stream: GET/DELETE answer 405). Any v1 key may connect; each
 * tool call is a REST call made in-process with the caller's key, so a tool needs exactly the
 * scope its REST route needs and is charged to the same tier limits. Beta.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Container } from '../../container.js';
import { principalOf } from '../../http/auth.js';
import { unauthorized } from '../../lib/errors.js';
import { inProcessClients } from '../../mcp/clients.js';
import { createMcpServer } from '../../mcp/server.js';

export const v1McpRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  app.post(
    '/api/v1/mcp',
    // No limit here: the connection itself is free, every tool call is charged as its REST call.
    // Any role: each tool call is a REST call checked against the key's scope and its creator's role.
    { config: { auth: 'v1', scope: 'read', role: 'viewer', stability: 'Beta' }, schema: { hide: true } },
    async (request, reply) => {
      principalOf(request);
      const apiKey = /^Bearer[ ]+(\S+)/i.exec(request.headers.authorization ?? '')?.[1];
      if (!apiKey) throw unauthorized();
      const server = createMcpServer(inProcessClients(app, apiKey, request.ip), container.build.id);
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      try {
        await server.connect(transport);
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        const webRequest = new Request(`http://${request.host}${request.url}`, { method: 'POST', headers, body: JSON.stringify(request.body) });
        const response = await transport.handleRequest(webRequest, { parsedBody: request.body });
        reply.status(response.status);
        response.headers.forEach((value, name) => {
          reply.header(name, value);
        });
        return reply.send(response.body === null ? null : Buffer.from(await response.arrayBuffer()));
      } finally {
        await server.close();
      }
    },
  );
};
