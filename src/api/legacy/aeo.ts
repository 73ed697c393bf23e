/** POST /api/aeo/rewrite (one text) and POST /api/aeo/batch (several, raises aeo.batch.completed). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { AeoBatchBodySchema, AeoBatchResponseSchema, AeoRewriteBodySchema, AeoRewriteResponseSchema } from '../../features/aeo/aeo.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

export const legacyAeoRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { aeo } = container.services;
  const tags = ['AEO'];

  app.post(
    '/api/aeo/rewrite',
    {
      config: { auth: 'legacy', limit: 'legacy.aeoRewrite' },
      schema: {
        summary: 'AEO rewrite',
        description: 'text and brand required, audience optional. Inverted-pyramid sections, JSON-LD, score_aviv (0–100, computed by the service); the platform cost is charged to usage. 502 when the platform fails or returns no valid rewrite after a repair and a retry.',
        tags,
        body: AeoRewriteBodySchema,
        response: { 200: AeoRewriteResponseSchema, ...errorResponses(400, 401, 403, 415, 429, 502, 503) },
      },
    },
    async (request) => aeo.rewrite(principalOf(request).accountId, request.body),
  );

  app.post(
    '/api/aeo/batch',
    {
      config: { auth: 'legacy', limit: 'legacy.aeoRewrite' },
      schema: {
        summary: 'AEO rewrite batch',
        description: 'Up to 10 texts of one brand; each item succeeds or fails on its own. Raises aeo.batch.completed with the counts.',
        tags,
        body: AeoBatchBodySchema,
        response: { 200: AeoBatchResponseSchema, ...errorResponses(400, 401, 403, 404, 415, 429, 503) },
      },
    },
    async (request) => {
      const b = request.body;
      return aeo.batch(principalOf(request).accountId, { brandId: b.brand_id, audience: b.audience, platform: b.platform, items: b.items });
    },
  );
};
