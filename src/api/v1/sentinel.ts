/** v1 sentinel: list unclosed incidents (highest severity first) and move an incident's status. Beta. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import {
  IncidentIdParamsSchema,
  IncidentSchema,
  IncidentsQuerySchema,
  IncidentsResponseSchema,
  PatchIncidentBodySchema,
} from '../../features/sentinel/sentinel.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

export const v1SentinelRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { sentinel, brands } = container.services;
  const tags = ['Sentinel'];

  app.get(
    '/api/v1/sentinel/incidents',
    {
      config: { stability: 'Beta', scope: 'read', limit: 'v1' },
      schema: {
        summary: 'Sentinel incidents',
        description: 'Unclosed incidents (open, investigating) by default, highest severity first; `status=resolved` lists closed ones.',
        tags,
        querystring: IncidentsQuerySchema,
        response: { 200: IncidentsResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const brand = await brands.owned(principalOf(request).accountId, request.query.brandId);
      const incidents = await sentinel.list(brand.id, { severity: request.query.severity, status: request.query.status });
      return { incidents, total: incidents.length };
    },
  );

  app.patch(
    '/api/v1/sentinel/incidents/:id',
    {
      config: { stability: 'Beta', scope: 'write', limit: 'v1' },
      schema: {
        summary: 'Move an incident',
        description: 'open → investigating → resolved (open → resolved is allowed; resolved is final: 409). Repeating the current status is a no-op.',
        tags,
        params: IncidentIdParamsSchema,
        body: PatchIncidentBodySchema,
        response: { 200: IncidentSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 429) },
      },
    },
    async (request) => sentinel.setStatus(principalOf(request).accountId, request.params.id, request.body.status),
  );
};
