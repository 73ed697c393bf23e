import type { App } from './types.js';

/**
 * Cheap, fixed security headers on every API answer (full helmet halves throughput; the
 * dashboard's HTML gets its own CSP where it is served).
 */
const API_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

export function registerSecurityHeaders(app: App) {
  // Callback style on purpose: an async hook costs a promise per request on the hot path.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.headers(API_HEADERS);
    reply.header('x-request-id', request.id);
    done();
  });
}
