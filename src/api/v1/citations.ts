/** GET /api/v1/citations and /api/citations (dashboard; see src/http/surfaces.ts) — distinct source URLs cited in answers about a brand, newest first. Beta. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { surfaceConfig, surfacePrefix, type SurfaceOptions } from '../../http/surfaces.js';
import { CitationsQuerySchema, CitationsResponseSchema } from '../../features/citations/citations.schemas.js';
import { principalOf } from '../../http/auth.js';
import { DEFAULT_CITATION_DAYS } from '../../features/citations/citations.service.js';
import { errorResponses } from '../../http/schemas.js';

export const citationRoutes: FastifyPluginAsyncTypebox<{ container: Container } & SurfaceOptions> = async (app, { container, surface }) => {
  const prefix = surfacePrefix(surface);
  const { citations } = container.services;
  app.get(
    `${prefix}/citations`,
    {
      config: surfaceConfig(surface, 'read', 'Beta'),
      schema: {
        summary: 'Citations',
        description: 'Every distinct source URL a platform cited in an answer about the brand within `days` (default 7, max 90), the most recently cited first, with the prompt hash and the citing sentence.',
        tags: ['Citations'],
        querystring: CitationsQuerySchema,
        response: { 200: CitationsResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => citations.list(principalOf(request).accountId, { ...request.query, days: request.query.days ?? DEFAULT_CITATION_DAYS }),
  );
};
