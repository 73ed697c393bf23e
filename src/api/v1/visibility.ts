/**
 * GET /api/v1/visibility and /api/v1/competitors — the dashboard's daily visibility trend and
 * per-platform competitor breakdown for v1 keys (the legacy /api/dashboard/* routes take only a
 * session or a legacy key). Same service, same rows; v1 field names (`brandId`). Beta.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { CompetitorsResponseSchema, TimeseriesResponseSchema } from '../../features/dashboard/dashboard.schemas.js';
import { DEFAULT_DAYS, MAX_DAYS } from '../../features/dashboard/dashboard.service.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

const BrandWindowQuerySchema = Type.Object(
  {
    brandId: Type.String({ minLength: 1, maxLength: 64 }),
    days: Type.Integer({ minimum: 1, maximum: MAX_DAYS, default: DEFAULT_DAYS, description: `UTC days ending today. Default ${DEFAULT_DAYS}, maximum ${MAX_DAYS}.` }),
  },
  { additionalProperties: false },
);

export const v1VisibilityRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { dashboard } = container.services;
  const config = { stability: 'Beta', scope: 'read', limit: 'v1' } as const;
  const errors = errorResponses(400, 401, 403, 404, 429);
  const tags = ['Visibility'];

  app.get(
    '/api/v1/visibility',
    {
      config,
      schema: {
        summary: 'Daily visibility trend',
        description: 'One row per UTC day: answers (the sample size), mentions, visibility with its 95 % Wilson interval, sentiment shares, mean rank; `total` over the window; `engineVersions`: the analysis engine version(s) that read the answers.',
        tags,
        querystring: BrandWindowQuerySchema,
        response: { 200: TimeseriesResponseSchema, ...errors },
      },
    },
    async (request) => dashboard.timeseries(principalOf(request).accountId, request.query.brandId, request.query.days),
  );

  app.get(
    '/api/v1/competitors',
    {
      config,
      schema: {
        summary: 'Brand and competitors by platform',
        description: 'Per platform: mention rate and share of voice of the brand and each competitor over the window.',
        tags,
        querystring: BrandWindowQuerySchema,
        response: { 200: CompetitorsResponseSchema, ...errors },
      },
    },
    async (request) => dashboard.competitors(principalOf(request).accountId, request.query.brandId, request.query.days),
  );
};
