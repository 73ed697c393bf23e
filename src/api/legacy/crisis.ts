/** GET /api/crisis/incidents — the brand's sentinel incidents, every status (JSON or CSV). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { sendRows } from '../../http/csv-reply.js';
import { BrandQuerySchema, CRISIS_COLUMNS, CrisisResponseSchema } from '../../features/dashboard/dashboard.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

export const legacyCrisisRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { dashboard } = container.services;
  app.get(
    '/api/crisis/incidents',
    {
      config: { auth: 'legacy', limit: 'legacy.dashboard' },
      schema: {
        summary: 'Crisis incidents',
        description:
          'Negative spikes, ranking collapses and impersonation found by the sentinel, open and closed, highest severity first. ' +
          'Send `Accept: text/csv` or `format=csv` for CSV.',
        tags: ['Dashboard'],
        querystring: BrandQuerySchema,
        response: { 200: CrisisResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const result = await dashboard.crisis(principalOf(request).accountId, q.brand_id);
      return sendRows(request, reply, q.format, result, { filename: 'crisis-incidents', columns: CRISIS_COLUMNS });
    },
  );
};
