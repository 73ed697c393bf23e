import type { App } from './types.js';

/**
 * Cheap, fixed security headers on every API answer: the set OWASP's REST Security Cheat Sheet
 * gives for JSON APIs (nosniff, no framing). Full helmet halved throughput and its other headers
 * (referrer, cross-origin policies) concern documents, not JSON; the dashboard's HTML gets the
 * full set where it is served (src/http/dashboard.ts).
 */
const API_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
};

export function registerSecurityHeaders(app: App) {
  // Callback style on purpose: an async hook costs a promise per request on the hot path.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.headers(API_HEADERS);
    reply.header('x-request-id', request.id);
    done();
  });
}
