import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { replyWithHealth } from '../../http/health-reply.js';

export const v1HealthRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  app.get(
    '/api/v1/health',
    {
      config: { stability: 'Stable' },
      schema: {
        summary: 'Service health',
        description: 'Process and database health. No authentication. Cached up to 30 s.',
        tags: ['Health'],
        security: [],
        response: { 200: { $ref: 'HealthReport#' }, 503: { $ref: 'HealthReport#' } },
      },
    },
    (_req, reply) => replyWithHealth(container.services.health, reply),
  );
};
