/** GET /api/v1/authority and /api/authority (dashboard; see src/http/surfaces.ts) — GEO and E-E-A-T scores with a real 7-day trend. Beta. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { surfaceConfig, surfacePrefix, type SurfaceOptions } from '../../http/surfaces.js';
import { AuthorityQuerySchema, AuthorityResponseSchema } from '../../features/authority/authority.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

export const authorityRoutes: FastifyPluginAsyncTypebox<{ container: Container } & SurfaceOptions> = async (app, { container, surface }) => {
  const prefix = surfacePrefix(surface);
  const { authority } = container.services;
  app.get(
    `${prefix}/authority`,
    {
      config: surfaceConfig(surface, 'read', 'Beta'),
      schema: {
        summary: 'Authority score',
        description: 'geoScore, eeatScore and subscores (0–100), citationDensity (0–1) over the last 30 days; trend7d against the stored snapshot of a week ago. Formulas: docs/metrics.md.',
        tags: ['Authority'],
        querystring: AuthorityQuerySchema,
        response: { 200: AuthorityResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => authority.get(principalOf(request).accountId, request.query.brandId),
  );
};
