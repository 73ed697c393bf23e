/**
 * The dashboard SPA, served by the same process: the files Vite built into `dist/web`, an SPA
 * fallback (any non-API GET that asks for HTML gets index.html, so deep links and reloads work),
 * full helmet headers (strict CSP) on HTML only, and `GET /api/meta` for what the page shows in
 * its footer. Registered last: API routes win, and their 404/405 envelopes are untouched.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { Type } from 'typebox';
import type { Container } from '../container.js';
import { fromRoot } from '../lib/paths.js';
import type { App } from './types.js';
import type { NotFoundFallback } from './errors.js';

const NOT_BUILT_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sightline</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
<h1>Sightline</h1><p>The dashboard has not been built yet. Run <code>npm run build</code>, then restart.</p>
<p>The API is running: <a href="/api/health">/api/health</a>, <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p>
</body></html>`;

/** Headers of a response (not of the entity) that must not be copied from the probe below. */
const ENTITY_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The headers @fastify/helmet sets with the dashboard's configuration, computed once on a
 * throw-away instance: the CSP has no nonces (Vite emits no inline script), so the set is the
 * same for every HTML answer, and no helmet hook runs on the API hot path.
 */
async function htmlSecurityHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // style-src keeps helmet's default ('self' https: 'unsafe-inline'): ECharts tooltips are
        // HTML with style="" attributes. Scripts stay strictly 'self' (Vite emits no inline script).
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
      },
    },
    // The dashboard may be framed by nobody.
    frameguard: { action: 'deny' },
  });
  probe.get('/', () => 'ok');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!ENTITY_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.url === '/api' || request.url.startsWith('/api/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

export interface WebAppOptions {
  /** Folder of the built SPA; default `dist/web` in the checkout. */
  root?: string;
  /** Hands the SPA fallback to the not-found handler (src/http/errors.ts). */
  setNotFoundFallback?: (fallback: NotFoundFallback) => void;
}

export async function registerWebApp(app: App, container: Container, options: WebAppOptions = {}) {
  const root = options.root ?? fromRoot('dist', 'web');
  const indexPath = join(root, 'index.html');
  const built = existsSync(indexPath);
  const securityHeaders = await htmlSecurityHeaders();
  const indexHtml = built ? readFileSync(indexPath, 'utf8') : NOT_BUILT_HTML;

  // Public, tiny: what the footer shows. Not part of the spec surface (hidden from OpenAPI).
  app.get(
    '/api/meta',
    {
      config: { auth: 'none' },
      schema: { hide: true, response: { 200: Type.Object({ supportEmail: Type.String(), version: Type.String() }) } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { supportEmail: container.config.supportEmail, version: container.build.id };
    },
  );

  const sendIndex = (reply: FastifyReply) =>
    reply.headers(securityHeaders).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  await app.register(async (scope) => {
    scope.get('/', { config: { auth: 'none' }, schema: { hide: true } }, (_request, reply) => sendIndex(reply));
    if (!built) return;
    await scope.register(fastifyStatic, {
      root,
      // One route per built file, no `/*`: a catch-all route would make every unknown API path
      // look like "GET exists" to the 405 logic (route-table.ts).
      wildcard: false,
      index: false,
      // web/vite.config.ts writes .br/.gz beside each asset: served as-is, no per-request compression.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        // Vite's file names carry a content hash: cache them for a year; anything else briefly.
        const hashed = path.includes(`${join(root, 'assets')}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        if (path.endsWith('.html')) for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
      },
    });
  });

  // SPA fallback: a request that matched no route but is a browser navigation (GET, Accept
  // text/html, not /api) gets index.html; the client router shows the page or its own 404.
  // Asked by the not-found handler only, so matched requests pay nothing for it.
  options.setNotFoundFallback?.((request, reply) => {
    if (!wantsHtml(request)) return false;
    void sendIndex(reply);
    return true;
  });
}
