/**
 * A Roadmap endpoint is listed in the OpenAPI document and answers 501 with the error
 * envelope until it is built, so clients can discover it without mistaking it for a typo (404).
 */
import { notImplemented } from './errors.js';
import { errorResponses } from './schemas.js';
import type { App } from './types.js';

export function registerRoadmapRoute(
  app: App,
  route: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; summary: string; tags: string[] },
) {
  app.route({
    method: route.method,
    url: route.url,
    // Public on purpose: anyone may discover that it is not built yet.
    config: { stability: 'Roadmap', auth: 'none' },
    schema: {
      summary: route.summary,
      tags: route.tags,
      description: 'Not available yet.',
      security: [],
      response: errorResponses(501),
    },
    handler: async () => {
      throw notImplemented(`${route.method} ${route.url} is on the roadmap and not available yet.`);
    },
  });
}
