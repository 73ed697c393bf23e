/**
 * The Sightline clients the MCP tools call through. Over stdio they speak HTTP to SIGHTLINE_URL;
 * inside the server (/api/v1/mcp) they call the same app in-process with `inject`, so each tool
 * passes the very same auth, scope and limit hooks as a REST request, without a loopback socket.
 */
import { createSightline, type RetryOptions } from '@sightline/client';
import type { App } from '../http/types.js';
import type { ToolClients } from './tools.js';

/** An assistant waits on the tool: retry briefly, and answer a long Retry-After as a tool error. */
export const MCP_RETRY: RetryOptions = { maxRetries: 2, baseDelayMs: 200, maxDelayMs: 2_000, maxRetryAfterSeconds: 5 };

/** A fetch that answers through `app.inject` (same hooks, no socket), as the caller's address. */
export function injectFetch(app: App, remoteAddress: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      remoteAddress,
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || request.method === 'HEAD';
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}

/** The tool clients for one MCP request to /api/v1/mcp: the caller's key, the caller's address. */
export function inProcessClients(app: App, apiKey: string, remoteAddress: string): ToolClients {
  const fetch = injectFetch(app, remoteAddress);
  const common = { baseUrl: 'http://sightline.internal', fetch, retry: MCP_RETRY };
  return { v1: createSightline({ ...common, apiKey }), anonymous: createSightline(common) };
}
