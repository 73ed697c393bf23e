/** POST /api/query — the full query across up to 8 platforms (cookie or legacy key; charged; stored). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { QueryBodySchema, QueryQuerySchema, QueryResponseSchema } from '../../features/scans/scans.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

export const legacyQueryRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { quickScans } = container.services;

  app.post(
    '/api/query',
    {
      config: { auth: 'legacy', limit: 'legacy.query' },
      schema: {
        querystring: QueryQuerySchema,
        body: QueryBodySchema,
        response: { 200: QueryResponseSchema, ...errorResponses(400, 401, 403, 415, 429, 502) },
      },
    },
    async (request) => quickScans.query(principalOf(request).accountId, request.body, request.query.mode),
  );
};
