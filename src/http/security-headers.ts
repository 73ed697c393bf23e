import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { App } from './types.js';

/**
 * Cheap, fixed security headers on every API answer: the set OWASP's REST Security Cheat Sheet
 * gives for JSON APIs (nosniff, no framing). Full helmet halved throughput and its other headers
 * (referrer, cross-origin policies) concern documents, not JSON; the dashboard's HTML gets the
 * full set where it is served (src/http/web-app.ts).
 */
/**
 * The headers every answer carries: the request id, and the API set under /api/ — set one by one,
 * since reply.headers() walks Object.keys of its argument on every call (the health route's budget).
 */
export function setStandardHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (request.url.startsWith('/api/')) {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', "frame-ancestors 'none'");
  }
  reply.header('x-request-id', request.id);
}

/**
 * Set by wrapping each route's handler rather than by a global onRequest hook: a route with no
 * hooks (health checks) then runs no hook runner at all, which measured ~5 % of a cached
 * endpoint's throughput (bench/README.md). Answers that never reach a handler — errors, 404,
 * 405 — get the same headers from sendError (src/http/errors.ts).
 */
export function registerSecurityHeaders(app: App) {
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function withStandardHeaders(this: unknown, request: FastifyRequest, reply: FastifyReply) {
      setStandardHeaders(request, reply);
      return handler.call(this as never, request, reply);
    } as typeof route.handler;
  });
}
